import Foundation
import NightstandTesting
import Testing

@testable import Ambient

private let berlin = zone("Europe/Berlin")
private let newYork = zone("America/New_York")
private let london = zone("Europe/London")
private let oslo = zone("Europe/Oslo")
private let tromso = GeoCoordinate(latitude: 69.6492, longitude: 18.9553)

private func schedule(
    _ windows: [Appearance: String], in timeZone: TimeZone, at coordinate: GeoCoordinate? = nil
) throws -> ClockSchedule {
    try ClockSchedule(
        windows: windows.mapValues { try ScheduleWindow(parsing: $0) }, timeZone: timeZone,
        coordinate: coordinate)
}

@Suite("Clock schedule")
struct ClockScheduleTests {
    @Test("Fixed windows, one crossing midnight, with half-open boundaries")
    func fixedWindows() throws {
        let s = try schedule([.dim: "21:00-22:30", .night: "22:30-06:30"], in: berlin)
        let expectations: [(Int, Int, Int, Appearance)] = [
            (15, 20, 59, .day), (15, 21, 0, .dim), (15, 22, 29, .dim), (15, 22, 30, .night),
            (16, 3, 0, .night), (16, 6, 29, .night), (16, 6, 30, .day), (16, 12, 0, .day),
        ]
        for (day, hour, minute, appearance) in expectations {
            #expect(
                s.appearance(at: local(2025, 5, day, hour, minute, in: berlin)) == appearance,
                "May \(day) \(hour):\(minute)")
        }
        #expect(
            s.nextTransition(after: local(2025, 5, 15, 12, in: berlin))
                == local(2025, 5, 15, 21, in: berlin))
        #expect(
            s.nextTransition(after: local(2025, 5, 15, 21, in: berlin))
                == local(2025, 5, 15, 22, 30, in: berlin))
        #expect(
            s.nextTransition(after: local(2025, 5, 15, 23, in: berlin))
                == local(2025, 5, 16, 6, 30, in: berlin))
    }

    @Test("Where windows overlap the darkest wins")
    func darkestWins() throws {
        let s = try schedule(
            [.dim: "20:00-08:00", .night: "23:00-05:00", .off: "01:00-02:00"], in: berlin)
        #expect(s.appearance(at: local(2025, 5, 15, 21, in: berlin)) == .dim)
        #expect(s.appearance(at: local(2025, 5, 16, 0, in: berlin)) == .night)
        #expect(s.appearance(at: local(2025, 5, 16, 1, 30, in: berlin)) == .off)
        #expect(s.appearance(at: local(2025, 5, 16, 4, in: berlin)) == .night)
        #expect(s.appearance(at: local(2025, 5, 16, 6, in: berlin)) == .dim)
        // Nested boundaries: after 23:00 the next change is 01:00, not dim's end at 08:00.
        #expect(
            s.nextTransition(after: local(2025, 5, 15, 23, in: berlin))
                == local(2025, 5, 16, 1, in: berlin))
    }

    @Test(
        "The spring-forward night is an hour shorter; a skipped start begins after the gap",
        arguments: [(berlin, (2026, 3, 28)), (newYork, (2026, 3, 7))])
    func springForward(timeZone: TimeZone, eve: (Int, Int, Int)) throws {
        let s = try schedule([.night: "22:30-06:30", .off: "02:30-03:30"], in: timeZone)
        let start = local(eve.0, eve.1, eve.2, 22, 30, in: timeZone)
        let end = try #require(s.nextTransition(after: start.addingTimeInterval(-1)))
        #expect(end == start)
        // night → off at 03:00 (02:30 does not exist), off → night at 03:30, night → day at 06:30
        let offStart = try #require(s.nextTransition(after: start))
        #expect(clock(offStart, in: timeZone) == "03:00:00")
        #expect(offStart.timeIntervalSince(start) == 3.5 * 3600)
        let offEnd = try #require(s.nextTransition(after: offStart))
        #expect(offEnd.timeIntervalSince(offStart) == 30 * 60)
        let morning = try #require(s.nextTransition(after: offEnd))
        #expect(clock(morning, in: timeZone) == "06:30:00")
        #expect(morning.timeIntervalSince(start) == 7 * 3600)
    }

    @Test(
        "The fall-back night is an hour longer; a repeated time means its first occurrence",
        arguments: [
            // Berlin repeats 02:00-03:00 (CEST then CET), New York 01:00-02:00 (EDT then EST).
            (berlin, (2026, 10, 24), "01:30-02:30", 3.0),
            (newYork, (2026, 10, 31), "00:30-01:30", 2.0),
        ])
    func fallBack(timeZone: TimeZone, eve: (Int, Int, Int), off: String, hoursToOff: Double)
        throws
    {
        let s = try schedule([.night: "22:30-06:30", .off: off], in: timeZone)
        let start = local(eve.0, eve.1, eve.2, 22, 30, in: timeZone)
        let offStart = try #require(s.nextTransition(after: start))
        #expect(offStart.timeIntervalSince(start) == hoursToOff * 3600)
        let offEnd = try #require(s.nextTransition(after: offStart))
        #expect(offEnd.timeIntervalSince(offStart) == 3600)  // the first of the repeated times
        let morning = try #require(s.nextTransition(after: offEnd))
        #expect(clock(morning, in: timeZone) == "06:30:00")
        #expect(morning.timeIntervalSince(start) == 9 * 3600)
    }

    @Test("Solar windows follow the day's sunset and sunrise with their offsets")
    func solarWindow() throws {
        let s = try schedule(
            [.night: "sunset+30m-sunrise-15m"], in: london,
            at: GeoCoordinate(latitude: 51.5, longitude: -0.125))
        let calculator = SolarCalculator(
            coordinate: GeoCoordinate(latitude: 51.5, longitude: -0.125))
        let today = calculator.sunTimes(
            onDayContaining: local(2025, 6, 21, 12, in: london), in: london)
        let tomorrow = calculator.sunTimes(
            onDayContaining: local(2025, 6, 22, 12, in: london), in: london)
        let start = try #require(s.nextTransition(after: local(2025, 6, 21, 12, in: london)))
        let end = try #require(s.nextTransition(after: start))
        let sunset = try #require(today.sunset.date)
        let sunrise = try #require(tomorrow.sunrise.date)
        #expect(abs(start.timeIntervalSince(sunset) - 1800) <= 0.5)
        #expect(abs(end.timeIntervalSince(sunrise) + 900) <= 0.5)
        #expect(s.appearance(at: start.addingTimeInterval(-1)) == .day)
        #expect(s.appearance(at: start) == .night)
        #expect(s.appearance(at: end.addingTimeInterval(-1)) == .night)
        #expect(s.appearance(at: end) == .day)
    }

    @Test("A window ending before its solar start that day is empty, not a day long")
    func emptyWhenSunsetIsLate() throws {
        // London's June sunset (21:21) is after 21:00: no "sunset-21:00" window that day.
        let s = try schedule(
            [.dim: "sunset-21:00"], in: london, at: GeoCoordinate(latitude: 51.5, longitude: -0.125)
        )
        for hour in [18, 21, 22, 23] {
            #expect(s.appearance(at: local(2025, 6, 21, hour, in: london)) == .day)
        }
        // In December (sunset 15:53) it is dim from sunset to 21:00.
        #expect(s.appearance(at: local(2025, 12, 21, 18, in: london)) == .dim)
        #expect(s.appearance(at: local(2025, 12, 21, 21, 1, in: london)) == .day)
    }

    @Test("Midnight sun in Tromsø: sunset-to-sunrise nights are empty, day-long windows full")
    func midnightSun() throws {
        let s = try schedule(
            [.dim: "sunrise+1h-sunset-1h", .night: "sunset-sunrise"], in: oslo, at: tromso)
        for hour in [0, 1, 6, 12, 23] {
            #expect(s.appearance(at: local(2024, 6, 21, hour, in: oslo)) == .dim)
        }
        #expect(s.nextTransition(after: local(2024, 6, 21, 12, in: oslo)) == nil)
        // A clock start with a solar end: the night ends at the collapsed sunrise, 00:00.
        let late = try schedule([.night: "22:00-sunrise"], in: oslo, at: tromso)
        #expect(late.appearance(at: local(2024, 6, 21, 23, in: oslo)) == .night)
        #expect(
            late.nextTransition(after: local(2024, 6, 21, 23, in: oslo))
                == local(2024, 6, 22, 0, in: oslo))
    }

    @Test("Polar night in Tromsø: sunset-to-sunrise covers the whole day, day-long windows vanish")
    func polarNight() throws {
        let s = try schedule(
            [.dim: "sunrise+1h-sunset-1h", .night: "sunset+30m-sunrise-15m"], in: oslo, at: tromso)
        for hour in [0, 6, 11, 12, 13, 18, 23] {
            #expect(s.appearance(at: local(2024, 12, 21, hour, in: oslo)) == .night)
        }
        #expect(s.nextTransition(after: local(2024, 12, 21, 12, in: oslo)) == nil)
    }

    @Test("A day window, or a solar window without a place, is refused")
    func invalid() throws {
        #expect(throws: ClockScheduleError.dayWindow) {
            try schedule([.day: "06:00-20:00"], in: berlin)
        }
        let error = expectError(ClockScheduleError.self) {
            try schedule([.dim: "21:00-22:00", .night: "sunset-sunrise"], in: berlin)
        }
        #expect(
            error?.description
                == "night = \"sunset-sunrise\" uses sunrise/sunset: set latitude and longitude")
    }

    @Test("No windows: day at every hour, and no transition")
    func empty() throws {
        let s = try schedule([:], in: berlin)
        #expect(s.appearance(at: local(2025, 1, 1, 3, in: berlin)) == .day)
        #expect(s.nextTransition(after: local(2025, 1, 1, 3, in: berlin)) == nil)
    }
}
