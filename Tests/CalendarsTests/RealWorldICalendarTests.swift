import Foundation
import Testing

@testable import Calendars

/// What real programs write that RFC 5545 doesn't quite allow, read as the apps read it.
///
/// `Tests/BuiltinWidgetsTests/Fixtures/Calendars` holds a file of each, compared with the
/// reference expansion (python-icalendar) there.
@Suite("RealWorldICalendar")
struct RealWorldICalendarTests {
    private let berlinZone = TimeZone(identifier: "Europe/Berlin") ?? .gmt

    /// `body` after `BEGIN:VCALENDAR` and `VERSION` (its first line is line 3); it closes
    /// the calendar itself.
    private func read(_ body: String) throws -> ICalendar {
        try ICalendar(
            text: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n\(body)\r\n", source: "test.ics",
            timeZone: berlinZone)
    }

    private func starts(_ calendar: ICalendar, from start: Date, days: Int = 30) -> [Date] {
        CalendarOccurrence.occurrences(
            of: [calendar], in: DateInterval(start: start, duration: Double(days) * 86_400)
        ).occurrences.map(\.start)
    }

    @Test("a TZID's escaped comma, quoted or not, names the VTIMEZONE with that TZID")
    func escapedTZID() throws {
        let quoted = try ContentLine(
            #"DTSTART;TZID="Kuala Lumpur\, Singapore":20260303T170000"#, line: 1)
        #expect(quoted.parameter("TZID") == "Kuala Lumpur, Singapore")
        let bare = try ContentLine(
            #"DTSTART;TZID=Pacific Time (US & Canada)\, Tijuana;X-A=1:20260302T090000"#, line: 1)
        #expect(bare.parameter("TZID") == "Pacific Time (US & Canada), Tijuana")
        #expect(bare.parameter("X-A") == "1")
        let calendar = try read(
            #"""
            BEGIN:VTIMEZONE\#r
            TZID:Kuala Lumpur\, Singapore\#r
            BEGIN:STANDARD\#r\#nDTSTART:16010101T000000\#r
            TZOFFSETFROM:+0800\#r\#nTZOFFSETTO:+0800\#r\#nEND:STANDARD\#r
            END:VTIMEZONE\#r
            BEGIN:VEVENT\#r\#nUID:a\#r
            DTSTART;TZID="Kuala Lumpur\, Singapore":20260303T170000\#r
            END:VEVENT\#r\#nEND:VCALENDAR
            """#)
        #expect(calendar.problems.isEmpty)
        #expect(starts(calendar, from: berlin(2026, 3, 1)) == [berlin(2026, 3, 3, 10)])
    }

    @Test("a floating DTEND is on DTSTART's clock; a TZID names the zone of a time with a Z")
    func floatingEnd() throws {
        let calendar = try read(
            """
            BEGIN:VEVENT\r\nUID:a\r\nDTSTART;TZID=America/New_York:20260303T080000\r
            DTEND:20260303T090000\r\nEND:VEVENT\r
            BEGIN:VEVENT\r\nUID:b\r\nDTSTART;TZID=Asia/Tokyo:20260304T090000Z\r
            DTEND:20260304T093000\r\nEND:VEVENT\r\nEND:VCALENDAR
            """)
        #expect(calendar.problems.isEmpty)
        let found = CalendarOccurrence.occurrences(
            of: [calendar], in: DateInterval(start: berlin(2026, 3, 1), duration: 7 * 86_400)
        ).occurrences
        #expect(found.map(\.start) == [berlin(2026, 3, 3, 14), berlin(2026, 3, 4, 1)])
        #expect(found.map(\.end) == [berlin(2026, 3, 3, 15), berlin(2026, 3, 4, 1, 30)])
    }

    @Test("VALUE=DATE on a date-time and VALUE=DATE-TIME on a date: read by the value's form")
    func valueTypes() throws {
        let calendar = try read(
            """
            BEGIN:VEVENT\r\nUID:a\r\nDTSTART;VALUE=DATE:20260303T120000\r\nEND:VEVENT\r
            BEGIN:VEVENT\r\nUID:b\r\nDTSTART;VALUE=DATE-TIME:20260305\r\nEND:VEVENT\r
            END:VCALENDAR
            """)
        #expect(calendar.problems.isEmpty)
        #expect(calendar.events.map(\.isAllDay) == [false, true])
        #expect(calendar.events.first?.time == TimeOfDay(hour: 12, minute: 0, second: 0))
    }

    @Test("X-WR-TIMEZONE: floating times in it, a UTC series repeating on its clock")
    func calendarZone() throws {
        let calendar = try read(
            """
            X-WR-TIMEZONE:America/New_York\r
            BEGIN:VEVENT\r\nUID:a\r\nDTSTART:20260303T100000\r\nEND:VEVENT\r
            BEGIN:VEVENT\r\nUID:b\r\nDTSTART:20260302T140000Z\r\nRRULE:FREQ=WEEKLY;COUNT=2\r
            END:VEVENT\r\nEND:VCALENDAR
            """)
        #expect(calendar.problems.isEmpty)
        // 09:00 in New York: 15:00 in Berlin in winter, 14:00 once New York is on summer time.
        #expect(
            starts(calendar, from: berlin(2026, 3, 1))
                == [berlin(2026, 3, 2, 15), berlin(2026, 3, 3, 16), berlin(2026, 3, 9, 14)])
        let unknown = try read("X-WR-TIMEZONE:Mars/Olympus\r\nEND:VCALENDAR")
        #expect(
            unknown.problems.map(\.description) == [
                "test.ics:3: X-WR-TIMEZONE \"Mars/Olympus\" is not a time zone this system "
                    + "knows; floating times are read in Europe/Berlin, the display's"
            ])
    }

    @Test("junk in an RRULE is skipped with one problem; the rule still counts")
    func junkRuleParts() throws {
        let rule = try RecurrenceRule("RRULE:INTERVAL=2;FREQ=WEEKLY;COUNT=3")
        #expect(rule.frequency == .weekly && rule.interval == 2 && rule.count == 3)
        #expect(rule.skipped == ["RRULE: skipping a second \"RRULE:\" at the start of the value"])
        let junk = try RecurrenceRule("FREQ=DAILY;GARBAGE;X:Y=1;COUNT=2")
        #expect(junk.frequency == .daily && junk.count == 2 && junk.skipped.count == 2)
        // A misspelt name is not junk: the rule may mean days it doesn't give, so it is refused.
        #expect(throws: ICalendarSyntaxError.self) { try RecurrenceRule("FREQ=DAILY;UNTL=2026") }
        let calendar = try read(
            """
            BEGIN:VEVENT\r\nUID:a\r\nDTSTART;TZID=Europe/Berlin:20260302T170000\r
            RRULE:RRULE:FREQ=WEEKLY;COUNT=3\r\nEND:VEVENT\r\nEND:VCALENDAR
            """)
        #expect(calendar.problems.map(\.line) == [6])
        #expect(starts(calendar, from: berlin(2026, 3, 1)).count == 3)
    }

    @Test("a VEVENT between two VCALENDARs counts, and the events of both calendars")
    func betweenCalendars() throws {
        let calendar = try read(
            """
            BEGIN:VEVENT\r\nUID:a\r\nDTSTART:20260302T090000\r\nEND:VEVENT\r\nEND:VCALENDAR\r
            BEGIN:VEVENT\r\nUID:b\r\nDTSTART:20260303T090000\r\nEND:VEVENT\r
            BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:c\r\nDTSTART:20260304T090000\r\nEND:VEVENT\r
            END:VCALENDAR
            """)
        #expect(calendar.problems.isEmpty)
        #expect(calendar.events.compactMap(\.uid) == ["a", "b", "c"])
    }

    @Test("UNTIL as a date ends a timed series at that day's midnight, an all-day one after it")
    func untilDate() throws {
        let calendar = try read(
            """
            BEGIN:VEVENT\r\nUID:a\r\nDTSTART;TZID=Europe/Berlin:20260302T070000\r
            RRULE:FREQ=DAILY;UNTIL=20260305\r\nEND:VEVENT\r
            BEGIN:VEVENT\r\nUID:b\r\nDTSTART;VALUE=DATE:20260309\r
            RRULE:FREQ=DAILY;UNTIL=20260311\r\nEND:VEVENT\r\nEND:VCALENDAR
            """)
        #expect(
            starts(calendar, from: berlin(2026, 3, 1)) == [
                berlin(2026, 3, 2, 7), berlin(2026, 3, 3, 7), berlin(2026, 3, 4, 7),
                berlin(2026, 3, 9), berlin(2026, 3, 10), berlin(2026, 3, 11),
            ])
    }

    @Test("weeks: week 1 holds 4 January, weeks start on WKST, -1 is a year's last week")
    func weekNumbers() throws {
        let monday = try RecurrenceRule("FREQ=YEARLY;BYWEEKNO=1")
        // 2026-01-01 is a Thursday: its week is week 1 of 2026; 2027-01-01, a Friday, is in
        // week 53 of 2026.
        #expect(monday.week(of: CivilDate(year: 2026, month: 1, day: 1)) == (1, 53))
        #expect(monday.week(of: CivilDate(year: 2027, month: 1, day: 1)) == (53, 53))
        #expect(monday.week(of: CivilDate(year: 2025, month: 12, day: 29)) == (1, 53))
        let sunday = try RecurrenceRule("FREQ=YEARLY;BYWEEKNO=1;WKST=SU")
        #expect(sunday.week(of: CivilDate(year: 2026, month: 1, day: 4)).number == 1)
        #expect(sunday.week(of: CivilDate(year: 2026, month: 1, day: 3)).number == 53)
    }

    @Test("BYHOUR, BYMINUTE and BYSECOND give each day's times; COUNT counts every one")
    func timesOfDay() throws {
        let rule = try RecurrenceRule("FREQ=DAILY;BYHOUR=20,8;BYMINUTE=30;COUNT=5")
        let start = CivilDate(year: 2026, month: 3, day: 2)
        let found = rule.days(
            start: start, time: TimeOfDay(hour: 8, minute: 30, second: 0), until: nil,
            in: start...start.adding(days: 9))
        #expect(
            found.instances.map { "\($0.day) \($0.time.hour):\($0.time.minute)" } == [
                "2026-03-02 8:30", "2026-03-02 20:30", "2026-03-03 8:30", "2026-03-03 20:30",
                "2026-03-04 8:30",
            ])
        for bad in ["FREQ=DAILY;BYHOUR=24", "FREQ=DAILY;BYMINUTE=-1", "FREQ=HOURLY;BYDAY=1MO"] {
            #expect(throws: ICalendarSyntaxError.self) { try RecurrenceRule(bad) }
        }
    }

    @Test("a rule with more instances in the days shown than the limit is cut, with one problem")
    func instanceLimit() throws {
        let calendar = try read(
            """
            BEGIN:VEVENT\r\nUID:a\r\nDTSTART:20260301T000000Z\r\nRRULE:FREQ=MINUTELY\r
            END:VEVENT\r\nEND:VCALENDAR
            """)
        let found = CalendarOccurrence.occurrences(
            of: [calendar], in: DateInterval(start: berlin(2026, 3, 2), duration: 14 * 86_400))
        #expect(found.occurrences.count == RecurrenceRule.instanceLimit)
        #expect(
            found.problems.map(\.description) == [
                "test.ics:3: RRULE: more than 1000 instances in the days shown; keeping the "
                    + "first 1000"
            ])
        // The first instances of the days shown are kept, not those of the day before.
        #expect(found.occurrences.first?.start == berlin(2026, 3, 2))
    }
}
