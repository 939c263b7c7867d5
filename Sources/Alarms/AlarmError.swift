import SystemSupport

/// Why an alarm command was refused.
public struct AlarmError: Error, Equatable, CustomStringConvertible {
    /// What is wrong.
    public let description: String

    /// An error saying `description`.
    public init(_ description: String) { self.description = description }

    static func unknown(_ id: String, among alarms: [Alarm]) -> AlarmError {
        let names = alarms.map(\.id).joined(separator: ", ")
        return AlarmError(
            "no alarm named \"\(OutsideText.escaped(id))\""
                + (names.isEmpty ? ": none is configured" : " (alarms: \(names))"))
    }
}
