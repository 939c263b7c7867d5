import Calendars
import FoundationEssentials
import Localization

/// Days and times as the calendar widget writes them, in its calendar's zone and locale, with
/// Nightstand's words in its language: "9:00 – 10:30 AM", "Tomorrow, 9:00 AM", "Friday, all
/// day", "Until 3:00 PM" ("Morgen, 09:00", "Freitag, ganztägig", "Bis 15:00" in German).
struct CalendarText {
    /// The display's calendar: its zone, locale and first weekday.
    let calendar: Calendar

    private var locale: Locale { calendar.locale ?? Locale(identifier: "en_US") }

    /// A key of Nightstand's words in the locale's language, with its text arguments.
    private func words(_ key: String, _ arguments: String...) -> String {
        NightstandStrings.string(
            key, language: LanguageTag(locale.identifier), arguments: arguments.map { .text($0) })
    }

    /// The header over the next events: "UP NEXT" ("ALS NÄCHSTES" in German).
    var upNext: String { words("UP NEXT") }

    private var dateTime: Date.FormatStyle {
        Date.FormatStyle(locale: locale, calendar: calendar, timeZone: calendar.timeZone)
    }

    /// "9:00 AM" (the locale's short time).
    func time(_ date: Date) -> String {
        Date.FormatStyle(
            date: .omitted, time: .shortened, locale: locale, calendar: calendar,
            timeZone: calendar.timeZone
        ).format(date)
    }

    /// The day of `date` seen from `now`: nil for today, "Tomorrow" ("tomorrow" inside a
    /// sentence), the weekday within a week ("Friday"), else "Fri, Jan 23".
    func day(_ date: Date, now: Date, inSentence: Bool = false) -> String? {
        let days = CivilDate(date, in: calendar).dayNumber - CivilDate(now, in: calendar).dayNumber
        switch days {
        case 0: return nil
        case 1: return words(inSentence ? "tomorrow (in a sentence)" : "Tomorrow")
        case 2...6: return dateTime.weekday(.wide).format(date)
        default: return dateTime.weekday(.abbreviated).month(.abbreviated).day().format(date)
        }
    }

    /// When an occurrence is, for a row of the list at `now`.
    func when(_ occurrence: CalendarOccurrence, now: Date) -> String {
        if occurrence.start < now {
            // Under way: until when.
            let last = occurrence.isAllDay ? occurrence.end.addingTimeInterval(-1) : occurrence.end
            let day = day(last, now: now, inSentence: true)
            if occurrence.isAllDay {
                return day.map { words("All day, until %@", $0) } ?? words("All day")
            }
            return words("Until %@", (day.map { "\($0), " } ?? "") + time(occurrence.end))
        }
        let day = day(occurrence.start, now: now)
        if occurrence.isAllDay { return day.map { words("%@, all day", $0) } ?? words("All day") }
        if let day { return "\(day), \(time(occurrence.start))" }
        guard occurrence.end > occurrence.start,
            calendar.isDate(occurrence.end.addingTimeInterval(-1), inSameDayAs: occurrence.start)
        else { return time(occurrence.start) }
        return Date.IntervalFormatStyle(
            date: .omitted, time: .shortened, locale: locale, calendar: calendar,
            timeZone: calendar.timeZone
        ).format(occurrence.start..<occurrence.end)
    }

    /// When an occurrence is, in a few words for one line: "9:00 AM", "Tomorrow 9:00 AM",
    /// "Today" (all day), "Friday".
    func short(_ occurrence: CalendarOccurrence, now: Date) -> String {
        if occurrence.start < now { return words(occurrence.isAllDay ? "Today" : "Now") }
        let day = day(occurrence.start, now: now)
        if occurrence.isAllDay { return day ?? words("Today") }
        return (day.map { "\($0) " } ?? "") + time(occurrence.start)
    }

    /// The month's name, upper-cased: "JANUARY".
    func month(_ date: Date) -> String {
        dateTime.month(.wide).format(date).uppercased(with: locale)
    }

    /// The weekday's name, upper-cased: "THURSDAY".
    func weekday(_ date: Date) -> String {
        dateTime.weekday(.wide).format(date).uppercased(with: locale)
    }

    /// The narrow weekday names from the calendar's first weekday on: "M T W T F S S".
    var weekdaySymbols: [String] {
        let symbols = calendar.veryShortStandaloneWeekdaySymbols
        let first = calendar.firstWeekday - 1
        return Array(symbols[first...] + symbols[..<first])
    }
}
