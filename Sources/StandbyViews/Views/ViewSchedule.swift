import FoundationEssentials
import SystemSupport

/// Views shown at times of day, every day or on the days an entry names.
///
/// At each entry's time the display turns to its view, as if asked to, and stays there until
/// a finger, a key or the next entry moves it.
///
/// ```toml
/// [layout]
/// view_schedule = ["07:00 widgets", "22:30 clock", "sat,sun 09:00 photos"]
/// ```
public struct ViewSchedule: Sendable, Equatable {
    /// One entry: a time of day, the days it applies on, and the view then.
    public struct Entry: Sendable, Equatable {
        /// Minutes after midnight, 0…1439.
        public var minute: Int
        /// The view it shows.
        public var view: ViewName
        /// The days it applies on.
        public var days: Weekdays

        /// An entry at `minute` after midnight on `days`.
        public init(minute: Int, view: ViewName, days: Weekdays = .all) {
            self.minute = minute
            self.view = view
            self.days = days
        }

        /// Parses `"[DAYS] HH:MM name"` (24-hour; days as `mon-fri`, `sat,sun`); nil for
        /// anything else.
        public init?(parsing text: String) {
            var words = text.split(separator: " ", omittingEmptySubsequences: true)
            var days = Weekdays.all
            if words.count == 3 {
                guard let named = try? Weekdays(parsing: String(words[0])) else { return nil }
                days = named
                words.removeFirst()
            }
            guard words.count == 2, let view = ViewName(rawValue: String(words[1])) else {
                return nil
            }
            let parts = words[0].split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0].count <= 2, parts[1].count == 2,
                let hour = Int(parts[0]), let minute = Int(parts[1]),
                (0..<24).contains(hour), (0..<60).contains(minute)
            else { return nil }
            self.init(minute: hour * 60 + minute, view: view, days: days)
        }
    }

    /// The entries, by time of day.
    public let entries: [Entry]
    /// The time zone the times are in.
    public let timeZone: TimeZone

    /// A schedule of `entries` (sorted here) in `timeZone`.
    public init(entries: [Entry], timeZone: TimeZone = .current) {
        self.entries = entries.sorted { $0.minute < $1.minute }
        self.timeZone = timeZone
    }

    /// The view of the last entry that began at or before `date`, looking back a week; nil
    /// without entries.
    public func view(at date: Date) -> ViewName? {
        occurrences(from: date, days: -7...0).last { $0.date <= date }?.view
    }

    /// The first instant after `date` at which an entry begins, and its view, looking a week
    /// ahead.
    public func next(after date: Date) -> (date: Date, view: ViewName)? {
        occurrences(from: date, days: 0...8).first { $0.date > date }
    }

    /// Every entry's instants on the local days `days` away from the day of `date`, in order.
    ///
    /// A time the spring-forward night skips means the first moment after the gap.
    private func occurrences(from date: Date, days: ClosedRange<Int>) -> [(
        date: Date, view: ViewName
    )] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let midday = calendar.startOfDay(for: date).addingTimeInterval(12 * 3600)
        var found: [(date: Date, view: ViewName)] = []
        for offset in days {
            guard let shifted = calendar.date(byAdding: .day, value: offset, to: midday) else {
                continue
            }
            let day = calendar.startOfDay(for: shifted)
            for entry in entries where entry.days.contains(weekdayOf: day, in: calendar) {
                if let instant = calendar.date(
                    bySettingHour: entry.minute / 60, minute: entry.minute % 60, second: 0,
                    of: day, matchingPolicy: .nextTime, repeatedTimePolicy: .first,
                    direction: .forward)
                {
                    found.append((instant, entry.view))
                }
            }
        }
        return found
    }
}
