import FoundationEssentials

/// A recurrence rule (RFC 5545, 3.3.10): `FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;UNTIL=…`.
///
/// Supported: `FREQ` `MINUTELY`, `HOURLY`, `DAILY`, `WEEKLY`, `MONTHLY` and `YEARLY`;
/// `INTERVAL`, `COUNT`, `UNTIL`, `BYDAY` (with ordinals such as `2MO` or `-1FR` for monthly and
/// yearly rules), `BYMONTHDAY`, `BYMONTH`, `BYYEARDAY`, `BYWEEKNO`, `BYHOUR`, `BYMINUTE`,
/// `BYSECOND`, `BYSETPOS` and `WKST`. Any other part (`FREQ=SECONDLY`, `RSCALE`, a misspelt
/// name) is refused with a message, so that an event is never shown on days its rule doesn't
/// give.
package struct RecurrenceRule: Equatable, Sendable {
    /// How often the rule's periods come.
    package enum Frequency: String, Sendable, CaseIterable {
        case minutely = "MINUTELY"
        case hourly = "HOURLY"
        case daily = "DAILY"
        case weekly = "WEEKLY"
        case monthly = "MONTHLY"
        case yearly = "YEARLY"
    }

    /// A `BYDAY` entry: a weekday, with an ordinal for "the second Monday" (`2MO`) or "the
    /// last Friday" (`-1FR`) of the month or year.
    package struct WeekdayNumber: Hashable, Sendable {
        /// 0 Sunday … 6 Saturday.
        package var weekday: Int
        /// 1… from the start, -1… from the end; `nil` for every such weekday.
        package var ordinal: Int?
    }

    /// The last instance a rule may give (`UNTIL`, inclusive), as written.
    package enum Until: Equatable, Sendable {
        /// A day: instances on it still count.
        case day(CivilDate)
        /// A date-time in UTC (`…Z`): the day and time of day on UTC's clock.
        case utc(CivilDate, TimeOfDay)
        /// A wall-clock time in the event's own zone.
        case local(CivilDate, TimeOfDay)
    }

    package var frequency: Frequency
    package var interval = 1
    package var count: Int?
    package var until: Until?
    package var byDay: [WeekdayNumber] = []
    package var byMonthDay: [Int] = []
    package var byMonth: [Int] = []
    package var bySetPosition: [Int] = []
    /// Days of the year, 1 to 366 or -366 to -1 from its end.
    package var byYearDay: [Int] = []
    /// Weeks of the year (``week(of:)``), 1 to 53 or -53 to -1 from its end.
    package var byWeekNumber: [Int] = []
    /// Hours, minutes and seconds of the instances' times (each, without it, `DTSTART`'s).
    package var byHour: [Int] = []
    package var byMinute: [Int] = []
    package var bySecond: [Int] = []
    /// The first day of a week, for weekly rules with an interval: 0 Sunday … 6 Saturday.
    ///
    /// Default: Monday.
    package var weekStart = 1
    /// What was skipped of the value, in words for the log: junk parts that are not
    /// `NAME=VALUE`, such as the second `RRULE:` Google once wrote (`RRULE:RRULE:…`).
    package var skipped: [String] = []

    /// The two-letter weekday names of RFC 5545, Sunday first.
    package static let weekdayNames = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]

    /// Reads a rule's value; a part it can't follow throws, naming the part.
    ///
    /// Lenient where the meaning is plain: white space around parts and list items
    /// (`BYDAY=MO, TU, WE`, which exporters write; python-dateutil refuses it), lower case, an
    /// empty part (`FREQ=DAILY;;COUNT=2`), and a `COUNT` of 0 or less (`COUNT=-1`, Confluence's
    /// "no end"), read as no count, as python-recurring-ical-events does.
    package init(_ text: String) throws(ICalendarSyntaxError) {
        var frequency: Frequency?
        var text = Substring(text)
        if text.uppercased().hasPrefix("RRULE:") {
            skipped.append("RRULE: skipping a second \"RRULE:\" at the start of the value")
            text = text.dropFirst(6)
        }
        for part in text.split(separator: ";") where !part.allSatisfy(\.isWhitespace) {
            let pair = part.split(separator: "=", maxSplits: 1).map {
                $0.filter { !$0.isWhitespace }
            }
            guard pair.count == 2, !pair[0].isEmpty,
                pair[0].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
            else {
                skipped.append(
                    "RRULE: skipping \(ICalendarSyntaxError.quote(String(part))); expected "
                        + "NAME=VALUE parts such as FREQ=WEEKLY")
                continue
            }
            let (name, value) = (pair[0].uppercased(), pair[1].uppercased())
            switch name {
            case "FREQ":
                guard let known = Frequency(rawValue: value) else {
                    throw ICalendarSyntaxError(
                        "RRULE: FREQ=\(value) is not supported; expected MINUTELY, HOURLY, "
                            + "DAILY, WEEKLY, MONTHLY or YEARLY")
                }
                frequency = known
            case "INTERVAL": interval = try Self.number(name, value, in: 1...10_000)
            case "COUNT" where (Int(value) ?? 1) <= 0: count = nil
            case "COUNT": count = try Self.number(name, value, in: 1...1_000_000)
            case "UNTIL": until = try Self.until(value)
            case "BYDAY": byDay = try value.split(separator: ",").map(Self.weekdayNumber)
            case "BYMONTHDAY": byMonthDay = try Self.numbers(name, value, limit: 31)
            case "BYMONTH": byMonth = try Self.numbers(name, value, limit: 12, signed: false)
            case "BYSETPOS": bySetPosition = try Self.numbers(name, value, limit: 366)
            case "BYYEARDAY": byYearDay = try Self.numbers(name, value, limit: 366)
            case "BYWEEKNO": byWeekNumber = try Self.numbers(name, value, limit: 53)
            case "BYHOUR": byHour = try Self.clock(name, value, through: 23)
            case "BYMINUTE": byMinute = try Self.clock(name, value, through: 59)
            case "BYSECOND": bySecond = try Self.clock(name, value, through: 60)
            case "WKST":
                guard let day = Self.weekdayNames.firstIndex(of: value) else {
                    throw ICalendarSyntaxError(
                        "RRULE: expected WKST=a weekday such as MO, found \"\(value)\"")
                }
                weekStart = day
            case _ where name.hasPrefix("X-"):
                continue  // Extensions carry no meaning for the dates.
            default:
                // RSCALE, a misspelt UNTIL…: days the rule may not give.
                throw ICalendarSyntaxError("RRULE: \(name) is not supported")
            }
        }
        guard let frequency else {
            throw ICalendarSyntaxError("RRULE: expected a FREQ such as FREQ=WEEKLY")
        }
        self.frequency = frequency
        if frequency != .monthly, frequency != .yearly, byDay.contains(where: { $0.ordinal != nil })
        {
            throw ICalendarSyntaxError(
                "RRULE: BYDAY with a number (such as 2MO) needs FREQ=MONTHLY or YEARLY")
        }
    }

    private static func number(_ name: String, _ value: String, in range: ClosedRange<Int>)
        throws(ICalendarSyntaxError) -> Int
    {
        guard let number = Int(value), range.contains(number) else {
            throw ICalendarSyntaxError(
                "RRULE: expected \(name)=a whole number from \(range.lowerBound) to "
                    + "\(range.upperBound), found \"\(value)\"")
        }
        return number
    }

    /// A list such as `1,15,-1`: numbers of at most `limit`, and not 0; negative ones (from
    /// the end) only when `signed`.
    private static func numbers(_ name: String, _ value: String, limit: Int, signed: Bool = true)
        throws(ICalendarSyntaxError) -> [Int]
    {
        var numbers: [Int] = []
        for item in value.split(separator: ",", omittingEmptySubsequences: false) {
            guard let number = Int(item), number != 0, abs(number) <= limit, signed || number > 0
            else {
                let range = signed ? "1 to \(limit) or -1 to -\(limit)" : "1 to \(limit)"
                throw ICalendarSyntaxError(
                    "RRULE: expected \(name)=numbers from \(range), found \"\(value)\"")
            }
            numbers.append(number)
        }
        return numbers
    }

    /// A list of hours, minutes or seconds such as `9,17`: numbers from 0 to `last`.
    private static func clock(_ name: String, _ value: String, through last: Int)
        throws(ICalendarSyntaxError) -> [Int]
    {
        let numbers = value.split(separator: ",", omittingEmptySubsequences: false).map {
            Int($0)
        }
        guard numbers.allSatisfy({ $0.map { (0...last).contains($0) } ?? false }) else {
            throw ICalendarSyntaxError(
                "RRULE: expected \(name)=numbers from 0 to \(last), found \"\(value)\"")
        }
        return numbers.compactMap { $0 }
    }

    private static func weekdayNumber(_ text: Substring) throws(ICalendarSyntaxError)
        -> WeekdayNumber
    {
        guard text.count >= 2, let day = weekdayNames.firstIndex(of: String(text.suffix(2)))
        else { throw weekdayError(text) }
        let prefix = text.dropLast(2)
        guard !prefix.isEmpty else { return WeekdayNumber(weekday: day, ordinal: nil) }
        guard let ordinal = Int(prefix), ordinal != 0, abs(ordinal) <= 53 else {
            throw weekdayError(text)
        }
        return WeekdayNumber(weekday: day, ordinal: ordinal)
    }

    private static func weekdayError(_ text: Substring) -> ICalendarSyntaxError {
        ICalendarSyntaxError(
            "RRULE: expected BYDAY=weekdays such as MO,WE or 2MO or -1FR, found \"\(text)\"")
    }

    private static func until(_ value: String) throws(ICalendarSyntaxError) -> Until {
        let parsed: ICalendarDateValue
        do {
            parsed = try ICalendarDateValue(value, tzid: nil)
        } catch {
            throw ICalendarSyntaxError("RRULE: UNTIL: \(error.message)")
        }
        guard let time = parsed.time else { return .day(parsed.date) }
        return parsed.zone == .utc ? .utc(parsed.date, time) : .local(parsed.date, time)
    }
}
