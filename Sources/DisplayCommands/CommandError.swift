/// A command that could not be read, in one wording for every channel: what came and what
/// was expected.
///
/// ```
/// not a display command: "mode purple": expected mode auto, day, dim, night or off
/// ```
public struct CommandError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What came, shown with its control characters escaped and at most 80 characters.
    public let found: String
    /// What a command there looks like.
    public let expected: String

    /// An error for `found`, which should have been `expected`.
    public init(_ found: String, expected: String) {
        self.found = Self.shown(found)
        self.expected = expected
    }

    /// `not a display command: "mode purple": expected mode auto, day, dim, night or off`.
    public var description: String {
        "not a display command: \"\(found)\": expected \(expected)"
    }

    /// `text` safe to show: control characters as `\u{…}`, cut at 80 characters.
    private static func shown(_ text: String) -> String {
        var shown = ""
        for scalar in text.unicodeScalars.prefix(80) {
            if scalar.properties.generalCategory == .control || scalar == "\"" || scalar == "\\" {
                shown +=
                    scalar == "\""
                    ? "\\\"" : scalar == "\\" ? "\\\\" : "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return text.unicodeScalars.count > 80 ? shown + "…" : shown
    }
}
