import FoundationEssentials
import SystemSupport

/// A day of the proleptic Gregorian calendar with no time zone: what an iCalendar `DATE`
/// names, and the unit recurrence rules count in.
///
/// Recurrences are worked out on these with integer arithmetic (days since 1970-01-01, after
/// Howard Hinnant's `days_from_civil`), and only the instances that may fall in the window
/// are turned into instants in their zone, so a rule that started decades ago costs little.
package struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    package var year: Int
    package var month: Int
    package var day: Int

    package init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day `dayNumber` days after 1970-01-01.
    package init(dayNumber: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra =
            (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// The day `date` falls on in `calendar`'s time zone.
    package init(_ date: Date, in calendar: Calendar) {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        self.init(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    /// Days since 1970-01-01 (negative before).
    package var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day of the week: 0 Sunday … 6 Saturday (1970-01-01 was a Thursday).
    package var weekday: Int { ((dayNumber + 4) % 7 + 7) % 7 }

    /// Whether the month has this day (no February 30).
    package var isValid: Bool {
        (1...12).contains(month) && (1...Self.days(inMonth: month, year: year)).contains(day)
    }

    /// The day `count` days later (earlier when negative).
    package func adding(days count: Int) -> CivilDate { CivilDate(dayNumber: dayNumber + count) }

    /// The number of days in a month.
    package static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    package static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// `2026-01-15`.
    package var description: String {
        "\(year.padded(to: 4))-\(month.padded(to: 2))-\(day.padded(to: 2))"
    }
}

/// A wall-clock time of day, to the second.
package struct TimeOfDay: Hashable, Comparable, Sendable {
    /// Seconds since midnight, 0 ..< 86 400 (a leap second `60` is read as `59`).
    package var seconds: Int

    package init(seconds: Int) { self.seconds = seconds }

    package init(hour: Int, minute: Int, second: Int) {
        seconds = hour * 3600 + minute * 60 + min(second, 59)
    }

    package var hour: Int { seconds / 3600 }
    package var minute: Int { seconds / 60 % 60 }
    package var second: Int { seconds % 60 }

    package static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool { lhs.seconds < rhs.seconds }
}
