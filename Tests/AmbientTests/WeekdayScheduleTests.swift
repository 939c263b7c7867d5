import Foundation
import NightstandTesting
import SystemSupport
import Testing

@testable import Ambient

private let berlin = zone("Europe/Berlin")

/// A schedule of `windows` (each appearance's list) in Berlin.
private func schedule(_ windows: [Appearance: [String]]) throws -> ClockSchedule {
    try ClockSchedule(
        windows: windows.mapValues { try $0.map { try ScheduleWindow(parsing: $0) } },
        timeZone: berlin, coordinate: nil)
}

@Suite("Schedules by weekday: windows and views on some days of the week")
struct WeekdayScheduleTests {
    @Test("days parse as lists and ranges, wrap past Sunday, and print in canonical form")
    func weekdays() throws {
        #expect(try Weekdays(parsing: "mon-fri").description == "mon-fri")
        #expect(try Weekdays(parsing: "Sat, Sun").description == "sat,sun")
        #expect(try Weekdays(parsing: "mon-thu,sun").description == "mon-thu,sun")
        #expect(try Weekdays(parsing: "fri-mon").description == "mon,fri-sun")
        #expect(try Weekdays(parsing: "daily") == .all)
        #expect(try Weekdays(parsing: "mon-sun") == .all)
        #expect(try Weekdays(parsing: "weekends") == Weekdays([.saturday, .sunday]))
        #expect(try Weekdays(parsing: "tuesday").contains(.tuesday))
        for bad in ["mon-fry", "", "mon,,tue", "mo", "monday-", "sunset"] {
            #expect(throws: WeekdaysSyntaxError.self, "\(bad)") { try Weekdays(parsing: bad) }
        }
    }

    @Test("a week of weekday nights: Friday and Saturday start later and end later")
    func weekOfNights() throws {
        let s = try schedule([.night: ["mon-thu,sun 22:30-06:30", "fri,sat 23:30-08:30"]])
        // May 2026: the 11th is a Monday, the 15th a Friday.
        let expectations: [(Int, Int, Int, Appearance)] = [
            (11, 22, 29, .day), (11, 22, 30, .night), (12, 6, 29, .night), (12, 6, 30, .day),
            (14, 23, 0, .night), (15, 7, 0, .day),
            (15, 23, 0, .day), (15, 23, 30, .night), (16, 7, 0, .night), (16, 8, 30, .day),
            (16, 23, 45, .night), (17, 8, 0, .night),
            (17, 22, 30, .night), (18, 6, 30, .day), (18, 7, 0, .day),
        ]
        for (day, hour, minute, appearance) in expectations {
            #expect(
                s.appearance(at: local(2026, 5, day, hour, minute, in: berlin)) == appearance,
                "May \(day) \(hour):\(minute)")
        }
        // Friday noon: the night starts at 23:30, not 22:30.
        #expect(
            s.nextTransition(after: local(2026, 5, 15, 12, in: berlin))
                == local(2026, 5, 15, 23, 30, in: berlin))
        #expect(
            s.nextTransition(after: local(2026, 5, 16, 1, in: berlin))
                == local(2026, 5, 16, 8, 30, in: berlin))
    }

    @Test("a window on one day of the week is found a week ahead")
    func weekAhead() throws {
        let s = try schedule([.off: ["sat 10:00-11:00"]])
        #expect(
            s.nextTransition(after: local(2026, 5, 11, 12, in: berlin))
                == local(2026, 5, 16, 10, in: berlin))
        #expect(
            s.nextTransition(after: local(2026, 5, 16, 10, 30, in: berlin))
                == local(2026, 5, 16, 11, in: berlin))
        #expect(
            s.nextTransition(after: local(2026, 5, 16, 11, in: berlin))
                == local(2026, 5, 23, 10, in: berlin))
    }

    @Test("daylight saving on a weekday window: 02:30 on the spring-forward Sunday is 03:00")
    func daylightSaving() throws {
        let s = try schedule([.off: ["sun 02:30-04:00"]])
        // 2026-03-29 is the spring-forward Sunday in Berlin; 2026-10-25 the fall-back one.
        let spring = try #require(s.nextTransition(after: local(2026, 3, 28, 12, in: berlin)))
        #expect(clock(spring, in: berlin) == "03:00:00")
        let end = try #require(s.nextTransition(after: spring))
        #expect(end.timeIntervalSince(spring) == 3600)
        let autumn = try #require(s.nextTransition(after: local(2026, 10, 24, 12, in: berlin)))
        let autumnEnd = try #require(s.nextTransition(after: autumn))
        // 02:30 CEST (the first) to 04:00 CET: two and a half hours.
        #expect(autumnEnd.timeIntervalSince(autumn) == 2.5 * 3600)
    }

    @Test("[ambient] takes a window or a list; a bad day names its key and what days look like")
    func configuration() throws {
        let list = try AmbientConfiguration(
            sensor: nil, night: ["mon-thu,sun 22:30-06:30", "fri,sat 23:30-08:30"],
            timeZone: berlin)
        #expect(
            list.schedule.windows[.night]?.map(\.description) == [
                "mon-thu,sun 22:30-06:30", "fri,sat 23:30-08:30",
            ])
        let single = try AmbientConfiguration(
            sensor: nil, night: ["sunset - sunrise"], latitude: 52.5, longitude: 13.4)
        #expect(single.schedule.windows[.night]?.map(\.description) == ["sunset-sunrise"])
        #expect(throws: AmbientConfigurationError.self) {
            try AmbientConfiguration(sensor: nil, night: ["mon-fry 22:30-06:30"])
        }
        do {
            _ = try AmbientConfiguration(sensor: nil, night: ["mon-fry 22:30-06:30"])
        } catch {
            #expect(error.key == "night")
            #expect(error.message.contains("\"mon-fry\" is not a day or a range of days"))
        }
    }
}
