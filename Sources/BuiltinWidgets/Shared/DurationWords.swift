import FoundationEssentials
import SystemSupport

/// Durations in the words of messages: "8 s", "2 min", "1 h 30 min".
enum DurationWords {
    /// A number of seconds, rounded to whole seconds: in its largest unit, and the next smaller
    /// one when that is not zero.
    static func seconds(_ interval: TimeInterval) -> String {
        if interval < 1 { return "\(interval.fixed(1)) s" }
        let total = Int(interval.rounded())
        let units = [(86_400, "d"), (3_600, "h"), (60, "min"), (1, "s")]
        guard let first = units.firstIndex(where: { total >= $0.0 }) else { return "0 s" }
        let (size, name) = units[first]
        var words = "\(total / size) \(name)"
        if first + 1 < units.count {
            let (smaller, smallerName) = units[first + 1]
            let rest = total % size / smaller
            if rest > 0 { words += " \(rest) \(smallerName)" }
        }
        return words
    }
}
