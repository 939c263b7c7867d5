import Foundation

/// Instants as people type them on the command line (`--at`).
///
/// Accepted: `2026-11-21T23:30:00Z` and other ISO 8601 forms with an offset;
/// `2026-11-21T23:30`, `2026-11-21 23:30[:ss]` in the local time zone; `23:30[:ss]` today in
/// the local time zone.
public enum DateTimeText {
    /// The instant `text` names, or `nil` if it names none.
    public static func parse(_ text: String, now: Date = Date(), timeZone: TimeZone = .current)
        -> Date?
    {
        let iso = ISO8601DateFormatter()
        iso.formatOptions = [.withInternetDateTime]
        if let date = iso.date(from: text) { return date }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        for format in [
            "yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd HH:mm:ss",
            "yyyy-MM-dd HH:mm",
        ] {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        let parts = text.split(separator: ":").map { Int($0) }
        guard (2...3).contains(parts.count), parts.allSatisfy({ $0 != nil }) else { return nil }
        let numbers = parts.compactMap { $0 }
        guard numbers[0] < 24, numbers[1] < 60, numbers.count < 3 || numbers[2] < 60 else {
            return nil
        }
        return calendar.date(
            bySettingHour: numbers[0], minute: numbers[1],
            second: numbers.count == 3 ? numbers[2] : 0,
            of: now)
    }
}
