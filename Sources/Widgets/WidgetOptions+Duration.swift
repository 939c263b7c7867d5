import FoundationEssentials
import Settings
import SystemSupport

extension WidgetOptions {
    /// A duration option, in seconds: a string such as `"90s"`, `"10m"`, `"1h30m"` or `"2d"`,
    /// or a plain number of seconds, within `range`.
    ///
    /// Every duration has a range: a refresh of a millisecond would keep a core busy, and one
    /// of 10³⁰⁰ seconds would overflow the arithmetic of deadlines. The message names the
    /// range in words ("from 1 s to 7 d").
    ///
    /// ```swift
    /// let refresh = try options.duration("refresh", in: 60...7 * 86_400) ?? 30 * 60
    /// ```
    public func duration(_ key: String, in range: ClosedRange<TimeInterval>) throws
        -> TimeInterval?
    {
        guard let value = values[key] else { return nil }
        let seconds: TimeInterval? =
            switch value {
            case .int(let i): Double(i)
            case .double(let d): d
            case .string(let s): Self.seconds(inDuration: s)
            case .bool, .array: nil
            }
        guard let seconds, range.contains(seconds) else {
            throw WidgetOptionError(
                key: key,
                expected: "a duration from \(DurationWords.seconds(range.lowerBound)) to "
                    + "\(DurationWords.seconds(range.upperBound)), such as \"90s\", \"10m\", "
                    + "\"1h30m\" or a number of seconds",
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
