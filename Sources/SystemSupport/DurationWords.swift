/// Durations in the words of messages: "8 s", "2 min", "1 h 30 min".
///
/// Every message that states a duration (a program's deadline, a host that did not answer, an
/// uptime) uses these words, so the log reads the same whichever module wrote it.
///
/// ```swift
/// DurationWords.seconds(90)    // "1 min 30 s"
/// DurationWords.seconds(0.25)  // "0.2 s"
/// ```
package enum DurationWords {
    /// A number of seconds, rounded to whole seconds: in its largest unit, and the next smaller
    /// one when that is not zero.
    package static func seconds(_ interval: Double) -> String {
        if interval < 1 { return "\(interval.fixed(1)) s" }
        // Past Int's range (or NaN) the largest count stands in: a message never traps.
        let total = Int(exactly: interval.rounded()) ?? .max
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
