import FoundationEssentials
import SystemSupport

/// One alarm of the configuration (`[[alarm]]`): when it rings, what it plays and how long.
///
/// ```toml
/// [[alarm]]
/// id = "work"
/// time = "07:00"
/// days = "mon-fri"
/// light_before = "20m"
/// ```
public struct Alarm: Sendable, Equatable {
    /// The days an alarm rings on: days of the week, or dates.
    public enum Days: Sendable, Equatable {
        /// These days of every week.
        case weekdays(Weekdays)
        /// These dates only (year, month, day).
        case dates([AlarmDate])
    }

    /// The name commands use (`alarm skip work`): letters, digits, `-` and `_`.
    public var id: String
    /// The hour it rings, 0 to 23.
    public var hour: Int
    /// The minute it rings, 0 to 59.
    public var minute: Int
    /// The days it rings on.
    public var days: Days = .weekdays(.all)
    /// What the alarm view shows under the time.
    public var label: String = ""
    /// Whether it rings at all.
    public var enabled = true
    /// A sound file (WAV, FLAC, Ogg, MP3); nil plays the built-in ``tone``.
    public var sound: String?
    /// The built-in tone when there is no file, or the file fails.
    public var tone = "chime"
    /// The loudness reached after the fade-in, 0 to 1.
    public var volume = 0.8
    /// Seconds from silent to ``volume``.
    public var fadeIn: TimeInterval = 30
    /// Seconds a snooze lasts.
    public var snooze: TimeInterval = 540
    /// How many snoozes before snooze dismisses.
    public var maxSnoozes = 3
    /// Seconds it rings before it stops by itself.
    public var ringFor: TimeInterval = 600
    /// Seconds before the alarm over which the light rises (0: no wake-up light).
    public var lightBefore: TimeInterval = 0
    /// How late an alarm missed while the program was down still rings.
    public var catchUp: TimeInterval = 600

    /// An alarm at `hour`:`minute` with the defaults.
    public init(id: String, hour: Int, minute: Int) {
        self.id = id
        self.hour = hour
        self.minute = minute
    }

    /// `07:09` (24 hours, as the clock widget shows time by default), or
    /// `Mon 2026-11-30 07:00` with the `day`, in `calendar`'s time zone.
    public static func clockText(_ date: Date, in calendar: Calendar, day: Bool = false) -> String {
        let parts = calendar.dateComponents(
            [.year, .month, .day, .weekday, .hour, .minute], from: date)
        func two(_ n: Int?) -> String { (n ?? 0).padded(to: 2) }
        let time = "\(two(parts.hour)):\(two(parts.minute))"
        guard day else { return time }
        let names = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let weekday = names[((parts.weekday ?? 1) + 6) % 7]
        return "\(weekday) \(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(time)"
    }

    /// `07:00`.
    public var timeText: String {
        "\(hour.padded(to: 2)):\(minute.padded(to: 2))"
    }
}

/// A date an alarm rings on (`2026-12-24`).
public struct AlarmDate: Sendable, Hashable, CustomStringConvertible {
    /// The year.
    public var year: Int
    /// The month, 1 to 12.
    public var month: Int
    /// The day of the month, 1 to 31.
    public var day: Int

    /// The date given.
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Reads `YYYY-MM-DD`; nil for anything else.
    public init?(parsing text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1970...9999).contains(year), (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// `2026-12-24`.
    public var description: String {
        "\(year)-\(month.padded(to: 2))-\(day.padded(to: 2))"
    }
}

extension Alarm.Days: CustomStringConvertible {
    /// The days as a configuration writes them: `mon-fri`, `daily`, `2026-12-24,2026-12-31`.
    public var description: String {
        switch self {
        case .weekdays(let days): days == .all ? "daily" : days.description
        case .dates(let dates): dates.map(\.description).joined(separator: ",")
        }
    }
}
