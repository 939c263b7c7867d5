import FoundationEssentials

/// A set of days of the week, as schedules write them: `mon-fri`, `sat,sun`, `mon-thu,sun`,
/// `fri-mon` (a range may wrap past Sunday), `daily`, `weekdays`, `weekends`.
///
/// ```swift
/// let days = try Weekdays(parsing: "mon-thu,sun")
/// days.contains(.sunday)       // true
/// days.description             // "mon-thu,sun"
/// days.contains(weekdayOf: date, in: calendar)
/// ```
public struct Weekdays: Sendable, Hashable, CustomStringConvertible {
    /// A day of the week, numbered as `Calendar` numbers them (Sunday 1 … Saturday 7).
    public enum Day: Int, Sendable, CaseIterable, Comparable {
        case sunday = 1, monday, tuesday, wednesday, thursday, friday, saturday

        /// The three letters schedules use (`mon`, `tue`, …).
        public var abbreviation: String {
            ["sun", "mon", "tue", "wed", "thu", "fri", "sat"][rawValue - 1]
        }

        /// Monday first, as the days are written.
        var position: Int { (rawValue + 5) % 7 }

        /// Monday comes first.
        public static func < (a: Day, b: Day) -> Bool { a.position < b.position }
    }

    /// The days, as a bit per ``Day/rawValue``.
    private let bits: UInt8

    /// Every day.
    public static let all = Weekdays(Day.allCases)

    /// The days given.
    public init(_ days: some Sequence<Day>) {
        bits = days.reduce(0) { $0 | 1 << $1.rawValue }
    }

    /// Parses a list of days and ranges, case and spaces ignored.
    ///
    /// - Throws: ``WeekdaysSyntaxError`` naming the part that is not a day.
    public init(parsing text: String) throws(WeekdaysSyntaxError) {
        let plain = text.lowercased().filter { !$0.isWhitespace }
        switch plain {
        case "daily", "everyday": self = .all
        case "weekdays": self = Weekdays([.monday, .tuesday, .wednesday, .thursday, .friday])
        case "weekends", "weekend": self = Weekdays([.saturday, .sunday])
        default:
            var days: [Day] = []
            for part in plain.split(separator: ",", omittingEmptySubsequences: false) {
                let ends = part.split(separator: "-", omittingEmptySubsequences: false)
                guard (1...2).contains(ends.count), let first = Self.day(ends[0]),
                    let last = Self.day(ends[ends.count - 1])
                else {
                    throw WeekdaysSyntaxError(text: text, part: String(part))
                }
                // From `first` on, wrapping past Sunday, to `last`.
                var day = first
                days.append(day)
                while day != last {
                    day = Day(rawValue: day.rawValue % 7 + 1) ?? .sunday
                    days.append(day)
                }
            }
            self = Weekdays(days)
        }
    }

    /// Whether `day` is one of the days.
    public func contains(_ day: Day) -> Bool {
        bits & (1 << day.rawValue) != 0
    }

    /// Whether the day of `date` in `calendar`'s time zone is one of the days.
    public func contains(weekdayOf date: Date, in calendar: Calendar) -> Bool {
        Day(rawValue: calendar.component(.weekday, from: date)).map(contains) ?? false
    }

    /// Whether every day is in the set.
    public var isEveryDay: Bool { self == .all }

    /// The days, Monday first, with runs of three or more as ranges: `mon-fri`, `sat,sun`,
    /// `daily` for all.
    public var description: String {
        guard !isEveryDay else { return "daily" }
        let days = Day.allCases.filter(contains).sorted()
        var parts: [String] = []
        var run: [Day] = []
        func close() {
            if run.count >= 3 {
                parts.append("\(run[0].abbreviation)-\(run[run.count - 1].abbreviation)")
            } else {
                parts += run.map(\.abbreviation)
            }
            run = []
        }
        for day in days {
            if let last = run.last, day.position != last.position + 1 { close() }
            run.append(day)
        }
        close()
        return parts.joined(separator: ",")
    }

    private static func day(_ text: Substring) -> Day? {
        Day.allCases.first {
            $0.abbreviation == text.prefix(3) && text.count >= 3
                && Self.names[$0.rawValue - 1].hasPrefix(text)
        }
    }

    private static let names = [
        "sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
    ]
}

/// Days that do not parse: the text and the part that is not a day.
public struct WeekdaysSyntaxError: Error, Equatable, CustomStringConvertible {
    /// The days as given.
    public let text: String
    /// The part that is not a day or a range of days.
    public let part: String

    /// `"mon-fry" is not a day or a range of days (…)`: what is wrong, without the text.
    public var reason: String {
        "\"\(part)\" is not a day or a range of days "
            + "(days look like mon-fri, sat,sun, mon-thu,sun or daily)"
    }

    /// `"mon-fry": "mon-fry" is not a day or a range of days (…)`.
    public var description: String {
        "\"\(text)\": \(reason)"
    }
}
