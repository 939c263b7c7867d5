import Foundation
import Testing

@testable import Calendars

/// The iCalendar reader: content lines, values, zones, components and the problems it
/// reports with their line numbers.
@Suite("ICalendar")
struct ICalendarTests {
    private let zone = TimeZone(identifier: "Europe/Berlin") ?? .gmt

    /// `body` inside a calendar: its first line is line 3 of the file.
    private func read(_ body: String, zone: TimeZone? = nil) throws -> ICalendar {
        try ICalendar(
            text: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n\(body)\r\nEND:VCALENDAR\r\n",
            source: "test.ics", timeZone: zone ?? self.zone)
    }

    /// The occurrences of `body`'s events from `start` for `days` days.
    private func occurrences(_ body: String, from start: Date, days: Int = 60) throws
        -> [CalendarOccurrence]
    {
        CalendarOccurrence.occurrences(
            of: [try read(body)], in: DateInterval(start: start, duration: Double(days) * 86_400)
        ).occurrences
    }

    private func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0)
        -> Date
    {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar.date(
            from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))
            ?? .distantPast
    }

    // MARK: Lines

    @Test("folded lines are joined without the leading space or tab, keeping their first line")
    func folding() throws {
        let lines = ContentLine.unfold(
            "BEGIN:VEVENT\r\nSUMMARY:A long\r\n  title that\r\n\tgoes on\r\n\r\nEND:VEVENT\n")
        #expect(
            lines.map(\.text) == ["BEGIN:VEVENT", "SUMMARY:A long title thatgoes on", "END:VEVENT"])
        #expect(lines.map(\.line) == [1, 2, 6])
        let calendar = try read(
            "BEGIN:VEVENT\r\nDTSTART:20260115T090000Z\r\nSUMMARY:Plan\r\n ning\\, review\\nand more\r\n"
                + "LOCATION;LANGUAGE=de:\"Raum 4\"\r\nEND:VEVENT")
        #expect(calendar.events.first?.summary == "Planning, review\nand more")
        #expect(calendar.events.first?.location == "\"Raum 4\"")
    }

    @Test("a summary or location longer than 1,000 characters is cut there, before layout")
    func longText() throws {
        let long = String(repeating: "Dentist appointment\\, downtown ", count: 4000)
        let calendar = try read(
            "BEGIN:VEVENT\nDTSTART:20260115T100000Z\nSUMMARY:\(long)\nLOCATION:\(long)\n"
                + "END:VEVENT\n")
        let event = try #require(calendar.events.first)
        #expect(event.summary.count <= ContentLine.textLimit)
        #expect(event.summary.hasPrefix("Dentist appointment, downtown Dentist"))
        #expect(event.location?.count ?? 0 <= ContentLine.textLimit)
    }

    @Test("parameters: several, quoted (with colons inside), list-valued")
    func parameters() throws {
        let line = try ContentLine(
            #"ATTENDEE;CN="Doe, Jane";ROLE=REQ-PARTICIPANT;DELEGATED-TO="mailto:a@x","mailto:b@x":mailto:j@x"#,
            line: 4)
        #expect(line.name == "ATTENDEE" && line.value == "mailto:j@x" && line.line == 4)
        #expect(line.parameter("CN") == "Doe, Jane")
        #expect(line.parameters["DELEGATED-TO"] == ["mailto:a@x", "mailto:b@x"])
        #expect(line.parameter("ROLE") == "REQ-PARTICIPANT")
    }

    @Test("values: dates, UTC, floating and TZID times; durations")
    func values() throws {
        let date = try ICalendarDateValue("20260115", tzid: nil)
        #expect(date.date == CivilDate(year: 2026, month: 1, day: 15) && date.time == nil)
        let utc = try ICalendarDateValue("20260115T083000Z", tzid: nil)
        #expect(utc.zone == .utc && utc.time == TimeOfDay(hour: 8, minute: 30, second: 0))
        let named = try ICalendarDateValue("20260115T083000", tzid: "Europe/Berlin")
        #expect(named.zone == .named("Europe/Berlin"))
        #expect(
            try ICalendarDateValue("20260115T083000", tzid: nil).zone == .floating)
        for bad in [
            "2026-01-15", "20260230", "20260115T250000", "20260115T0830", "20260115X083000",
        ] {
            #expect(throws: ICalendarSyntaxError.self) {
                try ICalendarDateValue(bad, tzid: nil)
            }
        }
        #expect(try EventLength(duration: "PT1H30M") == EventLength(days: 0, seconds: 5400))
        #expect(try EventLength(duration: "P1W") == EventLength(days: 7, seconds: 0))
        #expect(try EventLength(duration: "P1DT12H") == EventLength(days: 1, seconds: 43_200))
        for bad in ["1H", "PT", "P1DT", "P1H", "PT1D", "-PT1H", "P1.5D"] {
            #expect(throws: ICalendarSyntaxError.self) { try EventLength(duration: bad) }
        }
    }

    // MARK: Times and zones

    @Test("UTC, TZID and floating times become the right instants")
    func zones() throws {
        let found = try occurrences(
            """
            BEGIN:VEVENT\r\nSUMMARY:UTC\r\nDTSTART:20260115T080000Z\r\nDTEND:20260115T090000Z\r\nEND:VEVENT\r
            BEGIN:VEVENT\r\nSUMMARY:New York\r\nDTSTART;TZID=America/New_York:20260115T090000\r
            DTEND;TZID=America/New_York:20260115T100000\r\nEND:VEVENT\r
            BEGIN:VEVENT\r\nSUMMARY:Floating\r\nDTSTART:20260115T180000\r\nDURATION:PT2H\r\nEND:VEVENT
            """, from: utc(2026, 1, 15))
        let byTitle = Dictionary(uniqueKeysWithValues: found.map { ($0.title, $0) })
        #expect(byTitle["UTC"]?.start == utc(2026, 1, 15, 8))
        #expect(byTitle["New York"]?.start == utc(2026, 1, 15, 14))
        #expect(byTitle["New York"]?.end == utc(2026, 1, 15, 15))
        #expect(byTitle["Floating"]?.start == berlin(2026, 1, 15, 18))
        #expect(byTitle["Floating"]?.end == berlin(2026, 1, 15, 20))
    }

    @Test("all-day events are whole days of the display's zone, one day without an end")
    func allDay() throws {
        let found = try occurrences(
            """
            BEGIN:VEVENT\r\nSUMMARY:Holiday\r\nDTSTART;VALUE=DATE:20260123\r
            DTEND;VALUE=DATE:20260126\r\nEND:VEVENT\r
            BEGIN:VEVENT\r\nSUMMARY:Day\r\nDTSTART;VALUE=DATE:20260116\r\nEND:VEVENT\r
            BEGIN:VEVENT\r\nSUMMARY:No VALUE\r\nDTSTART:20260117\r\nEND:VEVENT
            """, from: berlin(2026, 1, 15))
        #expect(found.map(\.title) == ["Day", "No VALUE", "Holiday"])
        #expect(found.allSatisfy { $0.isAllDay })
        #expect(found[0].start == berlin(2026, 1, 16) && found[0].end == berlin(2026, 1, 17))
        #expect(found[2].start == berlin(2026, 1, 23) && found[2].end == berlin(2026, 1, 26))
    }

    @Test("TZIDs: a path ending in an IANA name, X-LIC-LOCATION, a Windows name, an unknown one")
    func timeZoneIDs() throws {
        let calendar = try read(
            """
            BEGIN:VTIMEZONE\r\nTZID:Custom Berlin\r\nX-LIC-LOCATION:Europe/Berlin\r\nEND:VTIMEZONE\r
            BEGIN:VEVENT\r\nDTSTART;TZID=/citadel.org/20190914_1/America/New_York:20260115T090000\r
            END:VEVENT\r
            BEGIN:VEVENT\r\nDTSTART;TZID=Custom Berlin:20260115T090000\r\nEND:VEVENT\r
            BEGIN:VEVENT\r\nDTSTART;TZID=Pacific Standard Time:20260115T090000\r\nEND:VEVENT\r
            BEGIN:VEVENT\r\nDTSTART;TZID=MyTimezone:20260115T090000\r\nEND:VEVENT
            """, zone: TimeZone(identifier: "Asia/Tokyo"))
        #expect(
            calendar.events.map(\.zone.identifier) == [
                "America/New_York", "Europe/Berlin", "America/Los_Angeles", "Asia/Tokyo",
            ])
        #expect(
            calendar.problems.map(\.description) == [
                "test.ics:17: TZID \"MyTimezone\" is not a time zone this system knows, nor one "
                    + "the file defines in a VTIMEZONE; its times are read in Asia/Tokyo, the "
                    + "display's"
            ])
    }

    // MARK: Recurrence

    @Test("a weekly 09:00 in Berlin stays at 09:00 local across the March change to summer time")
    func daylightSaving() throws {
        let found = try occurrences(
            """
            BEGIN:VEVENT\r\nSUMMARY:Standup\r\nDTSTART;TZID=Europe/Berlin:20260316T090000\r
            DTEND;TZID=Europe/Berlin:20260316T091500\r\nRRULE:FREQ=WEEKLY\r\nEND:VEVENT
            """, from: berlin(2026, 3, 16), days: 21)
        #expect(found.map(\.start) == [16, 23, 30].map { berlin(2026, 3, $0, 9) })
        #expect(
            found.map(\.start) == [utc(2026, 3, 16, 8), utc(2026, 3, 23, 8), utc(2026, 3, 30, 7)])
        #expect(found.map { $0.end.timeIntervalSince($0.start) } == [900, 900, 900])
    }

    @Test("monthly on the last Friday (BYDAY=-1FR) and the second Monday (BYDAY=2MO)")
    func monthlyByDay() throws {
        let lastFriday = try occurrences(
            """
            BEGIN:VEVENT\r\nSUMMARY:Drinks\r\nDTSTART;TZID=Europe/Berlin:20260130T180000\r
            RRULE:FREQ=MONTHLY;BYDAY=-1FR\r\nEND:VEVENT
            """, from: berlin(2026, 1, 1), days: 181)
        #expect(
            lastFriday.map(\.start)
                == [(1, 30), (2, 27), (3, 27), (4, 24), (5, 29), (6, 26)].map {
                    berlin(2026, $0.0, $0.1, 18)
                })
        let secondMonday = try occurrences(
            """
            BEGIN:VEVENT\r\nSUMMARY:Council\r\nDTSTART;VALUE=DATE:20260112\r
            RRULE:FREQ=MONTHLY;BYDAY=2MO;COUNT=4\r\nEND:VEVENT
            """, from: berlin(2026, 1, 1), days: 365)
        #expect(
            secondMonday.map(\.start)
                == [(1, 12), (2, 9), (3, 9), (4, 13)].map {
                    berlin(2026, $0.0, $0.1)
                })
    }

    @Test("monthly on the 31st skips short months; BYMONTHDAY=-1 is each month's last day")
    func monthDays() throws {
        let thirtyFirst = try occurrences(
            """
            BEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20260131\r\nRRULE:FREQ=MONTHLY\r\nEND:VEVENT
            """, from: berlin(2026, 1, 1), days: 150)
        #expect(
            thirtyFirst.map(\.start)
                == [(1, 31), (3, 31), (5, 31)].map { berlin(2026, $0.0, $0.1) })
        let lastDay = try occurrences(
            """
            BEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20260131\r\nRRULE:FREQ=MONTHLY;BYMONTHDAY=-1\r\nEND:VEVENT
            """, from: berlin(2026, 1, 1), days: 90)
        #expect(
            lastDay.map(\.start) == [(1, 31), (2, 28), (3, 31)].map { berlin(2026, $0.0, $0.1) })
    }

    @Test("yearly: a birthday from 1990, the fourth Thursday of November, and February 29")
    func yearly() throws {
        let found = try occurrences(
            """
            BEGIN:VEVENT\r\nSUMMARY:Birthday\r\nDTSTART;VALUE=DATE:19900117\r\nRRULE:FREQ=YEARLY\r\nEND:VEVENT\r
            BEGIN:VEVENT\r\nSUMMARY:Thanksgiving\r\nDTSTART;VALUE=DATE:20001123\r
            RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=4TH\r\nEND:VEVENT\r
            BEGIN:VEVENT\r\nSUMMARY:Leap\r\nDTSTART;VALUE=DATE:20240229\r\nRRULE:FREQ=YEARLY\r\nEND:VEVENT
            """, from: berlin(2026, 1, 1), days: 3 * 365 + 1)
        #expect(
            found.filter { $0.title == "Birthday" }.map(\.start)
                == [2026, 2027, 2028].map { berlin($0, 1, 17) })
        #expect(
            found.filter { $0.title == "Thanksgiving" }.map(\.start)
                == [berlin(2026, 11, 26), berlin(2027, 11, 25), berlin(2028, 11, 23)])
        #expect(found.filter { $0.title == "Leap" }.map(\.start) == [berlin(2028, 2, 29)])
    }

    @Test("COUNT counts from the first instance; UNTIL includes its own instant")
    func countAndUntil() throws {
        let body = { (end: String) in
            "BEGIN:VEVENT\r\nDTSTART;TZID=Europe/Berlin:20260112T090000\r\n"
                + "RRULE:FREQ=DAILY;\(end)\r\nEND:VEVENT"
        }
        let days = { (found: [CalendarOccurrence]) in
            found.map { Calendar.current.dateComponents(in: zone, from: $0.start).day ?? 0 }
        }
        #expect(try days(occurrences(body("COUNT=3"), from: berlin(2026, 1, 1))) == [12, 13, 14])
        // Seen from after the first two, COUNT still counts them.
        #expect(try days(occurrences(body("COUNT=3"), from: berlin(2026, 1, 13, 12))) == [14])
        #expect(
            try days(occurrences(body("UNTIL=20260114T080000Z"), from: berlin(2026, 1, 1)))
                == [12, 13, 14])
        #expect(
            try days(occurrences(body("UNTIL=20260114T075959Z"), from: berlin(2026, 1, 1)))
                == [12, 13])
        // A date on a timed series: up to the midnight that begins it (python-dateutil's).
        #expect(
            try days(occurrences(body("UNTIL=20260115"), from: berlin(2026, 1, 1))) == [
                12, 13, 14,
            ])
    }

    @Test(
        "a counted rule seen years later ends on its last instance",
        arguments: [
            ("20200101", "FREQ=DAILY;COUNT=5000", CivilDate(year: 2033, month: 9, day: 8)),
            (
                "20200101", "FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=1000",
                CivilDate(year: 2026, month: 5, day: 20)
            ),
            (
                "20200131", "FREQ=MONTHLY;BYDAY=-1FR;COUNT=100",
                CivilDate(year: 2028, month: 4, day: 28)
            ),
            (
                "20200103", "FREQ=MONTHLY;BYDAY=FR;COUNT=300",
                CivilDate(year: 2025, month: 9, day: 26)
            ),
        ])
    func countedLater(start: String, rule: String, last: CivilDate) throws {
        // The last instance, computed apart, is in the window, and nothing after it.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let window = EventZone(zone).instant(last.adding(days: -40), at: TimeOfDay(seconds: 0))
        let found = try occurrences(
            "BEGIN:VEVENT\r\nDTSTART;VALUE=DATE:\(start)\r\nRRULE:\(rule)\r\nEND:VEVENT",
            from: window, days: 120)
        #expect(found.last.map { CivilDate($0.start, in: calendar) } == last)
        #expect(found.count > 1)
    }

    @Test("weekly every other week on Tuesday and Sunday: WKST decides the weeks (RFC 5545)")
    func weekStart() throws {
        let days = { (wkst: String) throws -> [Int] in
            try occurrences(
                "BEGIN:VEVENT\r\nDTSTART:19970805T090000Z\r\n"
                    + "RRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=\(wkst)\r\nEND:VEVENT",
                from: utc(1997, 8, 1)
            ).map { Calendar.current.dateComponents(in: .gmt, from: $0.start).day ?? 0 }
        }
        #expect(try days("MO") == [5, 10, 19, 24])
        #expect(try days("SU") == [5, 17, 19, 31])
    }

    @Test("BYSETPOS=-1 with weekdays is each month's last working day")
    func setPosition() throws {
        let found = try occurrences(
            """
            BEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20260130\r
            RRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1\r\nEND:VEVENT
            """, from: berlin(2026, 1, 1), days: 120)
        #expect(
            found.map(\.start)
                == [(1, 30), (2, 27), (3, 31), (4, 30)].map { berlin(2026, $0.0, $0.1) })
    }

    @Test("EXDATE removes exactly the instances it names, in lists and on several lines")
    func exceptions() throws {
        let found = try occurrences(
            """
            BEGIN:VEVENT\r\nUID:sync\r\nDTSTART;TZID=Europe/Berlin:20260105T100000\r\nRRULE:FREQ=WEEKLY\r
            EXDATE;TZID=Europe/Berlin:20260112T100000,20260126T100000\r
            EXDATE:20260202T090000Z\r\nEND:VEVENT
            """, from: berlin(2026, 1, 1), days: 42)
        #expect(
            found.map(\.start) == [(1, 5), (1, 19), (2, 9)].map { berlin(2026, $0.0, $0.1, 10) })
    }

    @Test("RECURRENCE-ID moves one instance; a cancelled override or event shows nothing")
    func overrides() throws {
        let found = try occurrences(
            """
            BEGIN:VEVENT\r\nUID:sync\r\nSUMMARY:Sync\r\nDTSTART;TZID=Europe/Berlin:20260105T100000\r
            RRULE:FREQ=WEEKLY;COUNT=4\r\nEND:VEVENT\r
            BEGIN:VEVENT\r\nUID:sync\r\nSUMMARY:Sync (moved)\r\nRECURRENCE-ID;TZID=Europe/Berlin:20260112T100000\r
            DTSTART;TZID=Europe/Berlin:20260113T150000\r\nEND:VEVENT\r
            BEGIN:VEVENT\r\nUID:sync\r\nRECURRENCE-ID:20260119T090000Z\r\nDTSTART:20260119T090000Z\r
            STATUS:CANCELLED\r\nEND:VEVENT\r
            BEGIN:VEVENT\r\nUID:gone\r\nSUMMARY:Gone\r\nDTSTART:20260107T090000Z\r\nSTATUS:CANCELLED\r
            END:VEVENT
            """, from: berlin(2026, 1, 1), days: 42)
        #expect(found.map(\.title) == ["Sync", "Sync (moved)", "Sync"])
        #expect(
            found.map(\.start) == [
                berlin(2026, 1, 5, 10), berlin(2026, 1, 13, 15), berlin(2026, 1, 26, 10),
            ])
    }

    @Test("a rule with no end, from decades ago, gives just the window's instances")
    func endlessRule() throws {
        let found = try occurrences(
            "BEGIN:VEVENT\r\nDTSTART:19700101T120000Z\r\nRRULE:FREQ=DAILY\r\nEND:VEVENT",
            from: utc(2026, 1, 15, 13), days: 3)
        #expect(found.map(\.start) == [16, 17, 18].map { utc(2026, 1, $0, 12) })
    }

    @Test("a counted rule that must be walked from too long ago stops at the limit, reported")
    func walkLimit() throws {
        let window = DateInterval(start: utc(2026, 1, 15), duration: 7 * 86_400)
        let expand = { (rule: String) throws in
            CalendarOccurrence.occurrences(
                of: [
                    try read(
                        "BEGIN:VEVENT\r\nDTSTART:17000101T120000Z\r\nRRULE:\(rule)\r\nEND:VEVENT")
                ], in: window)
        }
        // Every day counts alike, so the walk jumps to the window.
        #expect(try expand("FREQ=DAILY;COUNT=1000000").occurrences.count == 7)
        // Only Mondays count: each day must be looked at, 100 000 of them reach 1973.
        let walked = try expand("FREQ=DAILY;BYDAY=MO;COUNT=1000000")
        #expect(walked.occurrences.isEmpty)
        #expect(
            walked.problems.map(\.description) == [
                "test.ics:3: RRULE: stopped after 100000 repetitions before the days shown; "
                    + "its COUNT starts too long ago"
            ])
    }

    // MARK: Problems

    @Test("a malformed line is reported with its line number; the other events still show")
    func malformed() throws {
        let calendar = try read(
            """
            BEGIN:VEVENT\r\nSUMMARY:Good\r\nDTSTART:20260115T090000Z\r\nthis line is garbage\r\nEND:VEVENT\r
            BEGIN:VEVENT\r\nSUMMARY:Bad start\r\nDTSTART:2026-01-16\r\nEND:VEVENT\r
            BEGIN:VEVENT\r\nSUMMARY:Bad rule\r\nDTSTART:20260117T090000Z\r\nRRULE:FREQ=SECONDLY\r\nEND:VEVENT\r
            BEGIN:VEVENT\r\nSUMMARY:No start\r\nEND:VEVENT\r
            BEGIN:VEVENT\r\nSUMMARY:Backwards\r\nDTSTART:20260118T090000Z\r\nDTEND:20260118T080000Z\r
            END:VEVENT
            """)
        #expect(calendar.events.map(\.summary) == ["Good", "Bad rule", "Backwards"])
        #expect(
            calendar.events[1].rules.isEmpty && calendar.events[2].time?.hour == 8
                && calendar.events[2].length == EventLength(days: 0, seconds: 3600))
        #expect(
            calendar.problems.map(\.description) == [
                "test.ics:6: expected a property such as SUMMARY:Lunch, found \"this line is garbage\"",
                "test.ics:10: DTSTART: expected a date such as 20260115 or a date-time such as "
                    + "20260115T090000 or 20260115T080000Z, found \"2026-01-16\"",
                "test.ics:15: RRULE: FREQ=SECONDLY is not supported; expected MINUTELY, HOURLY, "
                    + "DAILY, WEEKLY, MONTHLY or YEARLY (leaving out the instances of this rule)",
                "test.ics:17: VEVENT has no DTSTART; expected a line such as DTSTART:20260115T090000Z",
                "test.ics:23: DTEND: expected an end after the start, found one before it; reading "
                    + "them the other way round",
            ])
    }

    @Test("unbalanced components: a stray END, an END that closes too much, a file cut short")
    func components() throws {
        let stray = try read(
            "BEGIN:VEVENT\r\nDTSTART:20260115T090000Z\r\nEND:VEVENT\r\nEND:VTODO")
        #expect(stray.events.count == 1)
        #expect(
            stray.problems.map(\.description) == [
                "test.ics:6: END:VTODO without a BEGIN:VTODO before it"
            ])
        let cut = try ICalendar(
            text: "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:20260115T090000Z\r\n",
            source: "cut.ics", timeZone: zone)
        #expect(cut.events.isEmpty)
        #expect(
            cut.problems.map(\.description) == [
                "cut.ics: the file ends inside BEGIN:VEVENT of line 2; expected END:VEVENT"
            ])
        let unclosed = try ICalendar(
            text:
                "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:20260115T090000Z\r\nEND:VCALENDAR\r\n",
            source: "unclosed.ics", timeZone: zone)
        #expect(unclosed.events.isEmpty)
        #expect(
            unclosed.problems.map(\.description) == [
                "unclosed.ics:4: END:VCALENDAR inside BEGIN:VEVENT of line 2; expected END:VEVENT first"
            ])
    }

    @Test("a text that is not an iCalendar file is refused, naming what it found")
    func notCalendar() {
        #expect {
            try ICalendar(
                text: "<!DOCTYPE html><html><body>Sign in</body></html>", source: "example.com",
                timeZone: zone)
        } throws: { error in
            "\(error)"
                == "example.com:1: not an iCalendar file; expected BEGIN:VCALENDAR, found "
                + "\"<!DOCTYPE html><html><body>Sign in</body…\""
        }
        #expect(throws: ICalendarProblem.self) {
            try ICalendar(text: "", source: "empty.ics", timeZone: zone)
        }
    }

    // MARK: Days

    @Test("civil days: day numbers both ways, weekdays, month lengths")
    func civilDates() {
        for number in stride(from: -800_000, through: 800_000, by: 997) {
            #expect(CivilDate(dayNumber: number).dayNumber == number)
        }
        #expect(CivilDate(year: 1970, month: 1, day: 1).dayNumber == 0)
        #expect(CivilDate(year: 2026, month: 1, day: 15).weekday == 4)  // a Thursday
        #expect(
            CivilDate(year: 2000, month: 3, day: 1).adding(days: -1)
                == CivilDate(year: 2000, month: 2, day: 29))
        #expect(
            CivilDate.days(inMonth: 2, year: 1900) == 28
                && CivilDate.days(inMonth: 2, year: 2024) == 29)
        #expect(!CivilDate(year: 2026, month: 2, day: 29).isValid)
    }
}
