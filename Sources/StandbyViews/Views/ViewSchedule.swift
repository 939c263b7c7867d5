import FoundationEssentials

/// Views shown at times of day: at each entry's time the display turns to its view, as if
/// asked to, and stays there until a finger, a key or the next entry moves it.
///
/// ```toml
/// [layout]
/// view_schedule = ["07:00 widgets", "09:00 photos", "22:30 clock"]
/// ```
public struct ViewSchedule: Sendable, Equatable {
    /// One entry: a time of day and the view then.
    public struct Entry: Sendable, Equatable {
        /// Minutes after midnight, 0…1439.
        public var minute: Int
        /// The view it shows.
        public var view: ViewName

        /// An entry at `minute` after midnight.
        public init(minute: Int, view: ViewName) {
            self.minute = minute
            self.view = view
        }

        /// Parses `"HH:MM name"` (24-hour); nil for anything else.
        public init?(parsing text: String) {
            let words = text.split(separator: " ", omittingEmptySubsequences: true)
            guard words.count == 2, let view = ViewName(rawValue: String(words[1])) else {
                return nil
            }
            let parts = words[0].split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0].count <= 2, parts[1].count == 2,
                let hour = Int(parts[0]), let minute = Int(parts[1]),
                (0..<24).contains(hour), (0..<60).contains(minute)
            else { return nil }
            self.init(minute: hour * 60 + minute, view: view)
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

    /// The last entry at or before `date`, looking back a day at most; nil without entries.
    public func view(at date: Date) -> ViewName? {
        guard let last = entries.last else { return nil }
        let minute = minuteOfDay(date)
        return entries.last { $0.minute <= minute }?.view ?? last.view
    }

    /// The first instant after `date` at which an entry begins, and its view.
    public func next(after date: Date) -> (date: Date, view: ViewName)? {
        guard !entries.isEmpty else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let startOfDay = calendar.startOfDay(for: date)
        for dayOffset in 0...1 {
            guard let day = calendar.date(byAdding: .day, value: dayOffset, to: startOfDay) else {
                continue
            }
            for entry in entries {
                guard
                    let instant = calendar.date(
                        bySettingHour: entry.minute / 60, minute: entry.minute % 60, second: 0,
                        of: day), instant > date
                else { continue }
                return (instant, entry.view)
            }
        }
        return nil
    }

    private func minuteOfDay(_ date: Date) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
    }
}
