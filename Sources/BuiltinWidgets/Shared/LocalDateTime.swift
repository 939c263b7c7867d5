import FoundationEssentials
import SystemSupport

/// Dates and times as configurations and JSON feeds write them: ISO 8601 `2026-12-24`,
/// `2026-12-24T18:00`, `2026-12-24T18:00:30`, each optionally followed by `Z` or an offset
/// such as `+01:00` or `-0500`.
///
/// Without an offset the wall-clock time is read in the given time zone; a date alone is its
/// midnight there.
enum LocalDateTime {
    /// The instant `text` names, or `nil` when it is not one of the accepted forms or names no
    /// real date (such as February 30).
    static func parse(_ text: String, timeZone: TimeZone) -> Date? {
        let text = text.trimmingWhitespace()
        guard let (dateTime, offset) = splitOffset(text) else { return nil }
        let halves = dateTime.split(separator: "T", omittingEmptySubsequences: false)
        guard (1...2).contains(halves.count) else { return nil }
        guard let date = numbers(halves[0], separator: "-", digits: [4, 2, 2]) else { return nil }
        var time = [0, 0, 0]
        if halves.count == 2 {
            guard
                let parsed = numbers(halves[1], separator: ":", digits: [2, 2])
                    ?? numbers(halves[1], separator: ":", digits: [2, 2, 2])
            else { return nil }
            time = parsed + [0]
        }
        guard (1...12).contains(date[1]), (1...31).contains(date[2]), time[0] < 24,
            time[1] < 60, time[2] < 60
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        if let offset {
            guard let zone = TimeZone(secondsFromGMT: offset) else { return nil }
            calendar.timeZone = zone
        } else {
            calendar.timeZone = timeZone
        }
        let components = DateComponents(
            year: date[0], month: date[1], day: date[2], hour: time[0], minute: time[1],
            second: time[2])
        // Reject dates the calendar would roll over (February 30 → March 2).
        guard let instant = calendar.date(from: components),
            calendar.component(.day, from: instant) == date[2]
        else { return nil }
        return instant
    }

    /// The text before a trailing `Z` or `±hh:mm`/`±hhmm` and that offset in seconds (nil:
    /// none), or nil for a malformed offset.
    ///
    /// Only a sign after the `T` starts an offset (the date's own dashes don't).
    private static func splitOffset(_ text: String) -> (Substring, Int?)? {
        if text.hasSuffix("Z") { return (text.dropLast(), 0) }
        guard let t = text.firstIndex(of: "T"),
            let sign = text.lastIndex(where: { $0 == "+" || $0 == "-" }), sign > t
        else { return (Substring(text), nil) }
        let digits = text[text.index(after: sign)...].filter { $0 != ":" }
        guard digits.count == 4, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            let value = Int(digits), value % 100 < 60
        else { return nil }
        let seconds = (value / 100) * 3600 + (value % 100) * 60
        return (text[..<sign], text[sign] == "-" ? -seconds : seconds)
    }

    /// The numbers of `text` split at `separator`, each with exactly the given count of digits.
    private static func numbers(_ text: Substring, separator: Character, digits: [Int]) -> [Int]? {
        let parts = text.split(separator: separator, omittingEmptySubsequences: false)
        guard parts.count == digits.count else { return nil }
        var values: [Int] = []
        for (part, count) in zip(parts, digits) {
            guard part.count == count, part.allSatisfy({ $0.isASCII && $0.isNumber }),
                let value = Int(part)
            else { return nil }
            values.append(value)
        }
        return values
    }
}
