import Foundation
import Testing

@testable import Calendars

/// Zones an iCalendar file defines (`VTIMEZONE`), the order `TZID`s are looked up in, and
/// `RDATE`s that can't be read.
@Suite("ICalendarTimeZone")
struct ICalendarTimeZoneTests {
    /// `body` inside a calendar: its first line is line 3 of the file.
    private func read(_ body: String) throws -> ICalendar {
        try ICalendar(
            text: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n\(body)\r\nEND:VCALENDAR\r\n",
            source: "test.ics", timeZone: TimeZone(identifier: "Asia/Tokyo") ?? .gmt)
    }

    private func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0)
        -> Date
    {
        EventZone.utc.instant(
            CivilDate(year: year, month: month, day: day),
            at: TimeOfDay(hour: hour, minute: minute, second: 0))
    }

    /// Outlook's Central Europe: summer time from the last Sunday of March at 02:00 to the
    /// last Sunday of October at 03:00.
    private let europe = """
        BEGIN:VTIMEZONE\r\nTZID:W. Europe Standard Time\r
        BEGIN:STANDARD\r\nDTSTART:16011028T030000\r\nRRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10\r
        TZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\nEND:STANDARD\r
        BEGIN:DAYLIGHT\r\nDTSTART:16010325T020000\r\nRRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3\r
        TZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200\r\nEND:DAYLIGHT\r\nEND:VTIMEZONE
        """

    private func zone(_ body: String, tzid: String) throws -> ICalendarTimeZone {
        let calendar = try read(
            body + "\r\nBEGIN:VEVENT\r\nDTSTART;TZID=\(tzid):20260115T090000\r\nEND:VEVENT")
        guard case .defined(let zone) = try #require(calendar.events.first).zone else {
            throw ZoneError.notDefined(calendar.events.first?.zone.identifier ?? "none")
        }
        return zone
    }

    private enum ZoneError: Error { case notDefined(String) }

    @Test("a VTIMEZONE's offsets change at each onset of its yearly rules")
    func offsets() throws {
        let zone = try zone(europe, tzid: "W. Europe Standard Time")
        // 2026: summer time from 29 March 01:00 UTC to 25 October 01:00 UTC.
        #expect(zone.offset(at: utc(2026, 3, 29, 0, 59)) == 3600)
        #expect(zone.offset(at: utc(2026, 3, 29, 1)) == 7200)
        #expect(zone.offset(at: utc(2026, 10, 25, 0, 59)) == 7200)
        #expect(zone.offset(at: utc(2026, 10, 25, 1)) == 3600)
        #expect(zone.offset(at: utc(1850, 7, 1, 12)) == 7200)
        // Before the first onset (1601): the standard observance's offset.
        #expect(zone.offset(at: utc(1500, 7, 1, 12)) == 3600)
    }

    @Test("wall-clock times: a skipped one moves forward by the gap, a doubled one is the first")
    func wallClock() throws {
        let zone = EventZone.defined(try self.zone(europe, tzid: "W. Europe Standard Time"))
        let day = { (month: Int, date: Int) in CivilDate(year: 2026, month: month, day: date) }
        #expect(
            zone.instant(day(3, 29), at: TimeOfDay(hour: 1, minute: 30, second: 0))
                == utc(2026, 3, 29, 0, 30))
        #expect(
            zone.instant(day(3, 29), at: TimeOfDay(hour: 2, minute: 30, second: 0))
                == utc(2026, 3, 29, 1, 30))
        #expect(
            zone.instant(day(3, 29), at: TimeOfDay(hour: 3, minute: 30, second: 0))
                == utc(2026, 3, 29, 1, 30))
        #expect(
            zone.instant(day(10, 25), at: TimeOfDay(hour: 2, minute: 30, second: 0))
                == utc(2026, 10, 25, 0, 30))
        #expect(
            zone.instant(day(10, 25), at: TimeOfDay(hour: 3, minute: 30, second: 0))
                == utc(2026, 10, 25, 2, 30))
        let (date, time) = zone.wallClock(utc(2026, 10, 25, 1, 30))
        #expect(date == day(10, 25) && time == TimeOfDay(hour: 2, minute: 30, second: 0))
    }

    @Test("TZID order: a system zone, the file's VTIMEZONE, a Windows name, a path's tail")
    func order() throws {
        // A VTIMEZONE under an IANA name doesn't replace the system's zone.
        let bogus = """
            BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\nBEGIN:STANDARD\r\nDTSTART:19700101T000000\r
            TZOFFSETFROM:+0500\r\nTZOFFSETTO:+0500\r\nEND:STANDARD\r\nEND:VTIMEZONE
            """
        let calendar = try read(
            bogus + "\r\n" + europe + """
                \r\nBEGIN:VEVENT\r\nDTSTART;TZID=Europe/Berlin:20260115T090000\r\nEND:VEVENT\r
                BEGIN:VEVENT\r\nDTSTART;TZID="W. Europe Standard Time":20260115T090000\r
                END:VEVENT\r
                BEGIN:VEVENT\r\nDTSTART;TZID=Tokyo Standard Time:20260115T090000\r\nEND:VEVENT
                """)
        let events = calendar.events
        #expect(
            events.map(\.zone.identifier) == [
                "Europe/Berlin", "W. Europe Standard Time", "Asia/Tokyo",
            ])
        #expect(calendar.problems.isEmpty)
    }

    @Test("a VTIMEZONE's mistakes are reported once, with their lines; the rest of it counts")
    func mistakes() throws {
        let calendar = try read(
            """
            BEGIN:VTIMEZONE\r\nTZID:Broken\r
            BEGIN:STANDARD\r\nDTSTART:16011028T030000\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:0100\r
            END:STANDARD\r
            BEGIN:DAYLIGHT\r\nDTSTART:16010325T020000\r\nRRULE:FREQ=MONTHLY\r
            TZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200\r\nEND:DAYLIGHT\r
            BEGIN:STANDARD\r\nDTSTART:19700101T000000\r\nTZOFFSETFROM:+0100\r
            TZOFFSETTO:+0100\r\nEND:STANDARD\r\nEND:VTIMEZONE\r
            BEGIN:VEVENT\r\nDTSTART;TZID=Broken:20260115T090000\r\nEND:VEVENT\r
            BEGIN:VEVENT\r\nDTSTART;TZID=Broken:20260116T090000\r\nEND:VEVENT
            """)
        #expect(calendar.events.map(\.zone.identifier) == ["Broken", "Broken"])
        #expect(
            calendar.events.first.map {
                $0.zone.instant($0.start, at: $0.time ?? TimeOfDay(seconds: 0))
            } == utc(2026, 1, 15, 8))
        #expect(
            calendar.problems.map(\.description) == [
                "test.ics:8: STANDARD of VTIMEZONE \"Broken\": TZOFFSETTO: expected an offset "
                    + "such as +0100 or -0330, found \"0100\"",
                "test.ics:12: DAYLIGHT of VTIMEZONE \"Broken\": RRULE: expected FREQ=YEARLY for "
                    + "the changes of a time zone, found \"FREQ=MONTHLY\"",
            ])
    }

    @Test("an RDATE that can't be read is reported with its line; the other instances show")
    func badRDate() throws {
        let calendar = try read(
            """
            BEGIN:VEVENT\r\nSUMMARY:Lesson\r\nDTSTART:20260302T170000Z\r\nDURATION:PT1H\r
            RDATE:20260309T170000Z,2026-03-16\r\nRDATE;VALUE=PERIOD:20260323T170000Z/PT1X\r
            RDATE:20260330T170000Z\r\nEND:VEVENT
            """)
        let occurrences = CalendarOccurrence.occurrences(
            of: [calendar], in: DateInterval(start: utc(2026, 3, 1, 0), duration: 40 * 86_400)
        ).occurrences
        #expect(occurrences.map(\.start) == [utc(2026, 3, 2, 17), utc(2026, 3, 30, 17)])
        #expect(
            calendar.problems.map(\.description) == [
                "test.ics:7: RDATE: expected a date such as 20260115 or a date-time such as "
                    + "20260115T090000 or 20260115T080000Z, found \"2026-03-16\"",
                "test.ics:8: RDATE: expected a duration such as PT1H30M, P1D or P1W, found "
                    + "\"PT1X\"",
            ])
    }
}
