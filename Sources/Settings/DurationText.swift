import FoundationEssentials
import SystemSupport

/// Durations as people write them in a configuration: `"90s"`, `"10m"`, `"1h30m"`, `"2d"`, or
/// a plain number of seconds.
///
/// ```swift
/// DurationText.seconds("1h30m")   // 5400
/// DurationText.seconds("10x")     // nil
/// ```
public enum DurationText {
    /// What a message says a duration looks like.
    public static let expected = "a duration such as \"90s\", \"10m\" or \"1h\""

    /// The number of seconds `text` means, or nil when it is not a duration (or not finite).
    public static func seconds(_ text: String) -> TimeInterval? {
        let text = text.trimmingWhitespace()
        if let plain = Double(text) { return plain.isFinite ? plain : nil }
        var total: TimeInterval = 0
        var number = ""
        for c in text {
            if c.isASCII && (c.isNumber || c == ".") {
                number.append(c)
                continue
            }
            guard let value = Double(number) else { return nil }
            switch c {
            case "s": total += value
            case "m": total += value * 60
            case "h": total += value * 3600
            case "d": total += value * 86400
            default: return nil
            }
            number = ""
        }
        return number.isEmpty && !text.isEmpty && total.isFinite ? total : nil
    }
}
