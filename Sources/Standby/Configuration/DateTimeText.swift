import FoundationEssentials

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
        if let date = try? Date(text, strategy: .iso8601) { return date }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = text.split(maxSplits: 1) { $0 == "T" || $0 == " " }
        guard let time = parts.last.flatMap(Self.time) else { return nil }
        var fields: DateComponents
        switch parts.count {
        case 1: fields = calendar.dateComponents([.year, .month, .day], from: now)
        case 2:
            guard let day = Self.day(parts[0]) else { return nil }
            fields = day
        default: return nil
        }
        (fields.hour, fields.minute, fields.second) = time
        guard let date = calendar.date(from: fields) else { return nil }
        // The calendar rolls February 30 over into March: such a day is refused instead.
        let back = calendar.dateComponents([.year, .month, .day], from: date)
        return (back.year, back.month, back.day) == (fields.year, fields.month, fields.day)
            ? date : nil
    }

    /// `2026-11-21` as a year, month and day.
    private static func day(_ text: Substring) -> DateComponents? {
        let numbers = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard numbers.count == 3, text.prefix(while: { $0 != "-" }).count == 4,
            let year = numbers[0], let month = numbers[1], let day = numbers[2],
            (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        return DateComponents(year: year, month: month, day: day)
    }

    /// `23:30` or `23:30:15` as an hour, minute and second.
    private static func time(_ text: Substring) -> (Int, Int, Int)? {
        let numbers = text.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard (2...3).contains(numbers.count), let hour = numbers[0], let minute = numbers[1],
            hour >= 0, hour < 24, minute >= 0, minute < 60
        else { return nil }
        let second = numbers.count == 3 ? numbers[2] : 0
        guard let second, second >= 0, second < 60 else { return nil }
        return (hour, minute, second)
    }
}
