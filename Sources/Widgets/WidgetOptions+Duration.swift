import FoundationEssentials
import Settings

extension WidgetOptions {
    /// A duration option, in seconds: a string such as `"90s"`, `"10m"`, `"1h30m"` or `"2d"`,
    /// or a plain number of seconds; it must be positive.
    ///
    /// ```swift
    /// let refresh = try options.duration("refresh") ?? 30 * 60
    /// ```
    public func duration(_ key: String) throws -> TimeInterval? {
        guard let value = values[key] else { return nil }
        let seconds: TimeInterval? =
            switch value {
            case .int(let i): Double(i)
            case .double(let d): d
            case .string(let s): Self.seconds(inDuration: s)
            case .bool, .array: nil
            }
        guard let seconds, seconds > 0, seconds.isFinite else {
            throw WidgetOptionError(
                key: key,
                expected: "a positive duration such as \"90s\", \"10m\", \"1h30m\" or a number "
                    + "of seconds",
                found: value.description)
        }
        return seconds
    }

    /// The number of seconds a duration as people write it means: `"90s"`, `"10m"`, `"1h"`,
    /// `"1h30m"`, `"2d"`, or a plain number of seconds; `nil` if the text is not a duration.
    ///
    /// ```swift
    /// WidgetOptions.seconds(inDuration: "1h30m")   // 5400
    /// ```
    public static func seconds(inDuration text: String) -> TimeInterval? {
        DurationText.seconds(text)
    }
}
