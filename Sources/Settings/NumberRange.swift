import FoundationEssentials

/// The values a number from outside may take, and the one wording of a number out of range:
/// `expected pixels from 0 to 4096, found 20000`.
///
/// Every number that enters from a file (a configuration key, a widget option) is checked
/// against one of these where it is read, so no later `Int(...)` can trap and no size can ask
/// for more memory than a board has. A configuration key says it through
/// ``SettingsTable/int(_:in:)`` and ``SettingsTable/number(_:in:)``; a widget option through
/// `WidgetOptions.int(_:in:)` and friends (module Widgets); both word it with ``expected``.
///
/// ```swift
/// let margin = NumberRange(0...4096, "pixels")
/// margin.contains(-3)     // false
/// margin.expected         // "pixels from 0 to 4096"
/// NumberRange.duration(10...86_400).expected   // "a duration from 10s to 1d"
/// ```
public struct NumberRange: Sendable, Equatable {
    /// The smallest value accepted.
    public let lower: Double
    /// The largest value accepted.
    public let upper: Double
    /// What the number counts, as the message says it: `pixels`, `seconds`, `lux`.
    public let unit: String
    /// Whether only whole numbers are accepted.
    public let isInteger: Bool
    /// Whether the bounds are written as durations (`10s`, `1d`).
    public let isDuration: Bool

    /// Whole numbers from `range`'s lower to its upper bound, counting `unit`.
    public init(_ range: ClosedRange<Int>, _ unit: String) {
        lower = Double(range.lowerBound)
        upper = Double(range.upperBound)
        self.unit = unit
        isInteger = true
        isDuration = false
    }

    /// Numbers (whole or not) from `range`'s lower to its upper bound, counting `unit`.
    public init(_ range: ClosedRange<Double>, _ unit: String) {
        lower = range.lowerBound
        upper = range.upperBound
        self.unit = unit
        isInteger = false
        isDuration = false
    }

    private init(seconds range: ClosedRange<Double>) {
        lower = range.lowerBound
        upper = range.upperBound
        unit = "a duration"
        isInteger = false
        isDuration = true
    }

    /// Durations from `range`'s lower to its upper bound, in seconds.
    public static func duration(_ range: ClosedRange<Double>) -> NumberRange {
        NumberRange(seconds: range)
    }

    /// Whether `value` is finite and within the bounds.
    public func contains(_ value: Double) -> Bool {
        value.isFinite && value >= lower && value <= upper
    }

    /// `pixels from 0 to 4096`, `a duration from 10s to 1d`: what a message says is expected.
    public var expected: String {
        "\(unit) from \(Self.words(lower, duration: isDuration)) to "
            + Self.words(upper, duration: isDuration)
    }

    /// A number as messages write it: `4096`, `0.5`, `1e+30`; a duration as `90s`, `10m`,
    /// `1h30m`, `2d`, as the configuration writes it.
    public static func words(_ value: Double, duration: Bool = false) -> String {
        guard value.isFinite else { return "\(value)" }
        if duration, value == 0 { return "0s" }
        if duration, value >= 1, value < 1e9, value == value.rounded() {
            var rest = Int(value)
            var text = ""
            for (size, name) in [(86_400, "d"), (3_600, "h"), (60, "m"), (1, "s")]
            where rest >= size {
                text += "\(rest / size)\(name)"
                rest %= size
            }
            return text
        }
        if value == value.rounded(), abs(value) < 1e15 { return "\(Int(value))" }
        return "\(value)" + (duration ? "s" : "")
    }
}
