/// A setting of the display that people automate (Home Assistant's numbers), set by a
/// command over the configuration's value and kept across restarts until set back to
/// `default`.
///
/// | words | overrides | value |
/// | --- | --- | --- |
/// | `idle-off SECONDS` | `[input] idle_off` | seconds without activity before the panel goes off, 0: never; up to a week |
/// | `night-red PERCENT` | `[ambient] night_red` | night's brightest red, 1 to 100 % |
/// | `photos-interval SECONDS` | `[photos] interval` | how long each photo shows, 5 s to a day |
public enum DisplayControl: String, CaseIterable, Sendable, Hashable {
    /// `[input] idle_off`: seconds, 0 for never.
    case idleOff = "idle-off"
    /// `[ambient] night_red`: percent.
    case nightRed = "night-red"
    /// `[photos] interval`: seconds.
    case photosInterval = "photos-interval"

    /// The values a command may set.
    public var range: ClosedRange<Double> {
        switch self {
        case .idleOff: 0...(7 * 86_400)
        case .nightRed: 1...100
        case .photosInterval: 5...86_400
        }
    }

    /// The unit of the values: `s` or `%`.
    public var unit: String { self == .nightRed ? "%" : "s" }

    /// The configuration's key it overrides, with its table: `[input] idle_off`.
    public var key: String {
        switch self {
        case .idleOff: "[input] idle_off"
        case .nightRed: "[ambient] night_red"
        case .photosInterval: "[photos] interval"
        }
    }

    /// What a command of this control takes, in words for a ``CommandError``.
    var expected: String {
        let what =
            switch self {
            case .idleOff: "seconds from 0 (never) to \(Int(range.upperBound))"
            case .nightRed: "a percentage from 1 to 100"
            case .photosInterval: "seconds from 5 to \(Int(range.upperBound))"
            }
        return "\(rawValue) then \(what), or default (the configuration's \(key))"
    }
}

extension DisplayCommand {
    /// `CONTROL VALUE` or `CONTROL default` (``DisplayControl``).
    static func control(_ verb: String, _ words: inout Words, _ text: String)
        throws(CommandError) -> Self
    {
        guard let control = DisplayControl(rawValue: verb) else {
            throw CommandError(text, expected: "a command: \(verbs)")
        }
        let word = words.next()
        if word == "default" { return .setControl(control, nil) }
        guard let value = word.flatMap(Double.init), value.isFinite, control.range.contains(value)
        else { throw CommandError(text, expected: control.expected) }
        return .setControl(control, value)
    }
}
