import Foundation
import Raster
import Testing

@testable import WidgetUI

/// `Text(_:format:)` with Foundation format styles, fixed and live (`TimeDataSource`).
@Suite("Text format styles")
struct TextFormatStyleTests {
    private func shown(
        _ text: Text, at now: Date = Date(timeIntervalSince1970: 0), locale: String = "en_US",
        timeZone: String = "America/Los_Angeles"
    ) -> TimedString {
        resolve(text, in: textEnvironment(fonts: nil, locale: locale, timeZone: timeZone, now: now))
    }

    @Test("numbers format in the environment's locale and never change")
    func numbers() {
        #expect(shown(Text(0.72, format: .percent)) == TimedString(string: "72%", nextChange: nil))
        let precise = Text(21.5, format: .number.precision(.fractionLength(1)))
        #expect(shown(precise).string == "21.5")
        #expect(shown(precise, locale: "de_DE").string == "21,5")
        #expect(shown(Text(1_234_567, format: .number), locale: "de_DE").string == "1.234.567")
    }

    @Test("a date format uses the environment's locale and time zone unless it has its own")
    func dates() {
        let instant = wallClock(2019, 6, 3, 21, 41)
        let hourMinute = Text(instant, format: .dateTime.hour().minute())
        #expect(shown(hourMinute).string == "9:41\u{202F}PM")
        #expect(shown(hourMinute, locale: "en_GB").string == "21:41")
        #expect(shown(hourMinute, timeZone: "Europe/Berlin").string == "6:41\u{202F}AM")
        var utc = Date.FormatStyle.dateTime.hour().minute()
        utc.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        #expect(shown(Text(instant, format: utc)).string == "4:41\u{202F}AM")
    }

    @Test("a live clock shows the render's now and changes at the next minute boundary")
    func liveClock() {
        let now = wallClock(2024, 5, 1, 10, 9, 30)
        let clock = shown(Text(.currentDate, format: .dateTime.hour().minute()), at: now)
        #expect(
            clock
                == TimedString(string: "10:09\u{202F}AM", nextChange: wallClock(2024, 5, 1, 10, 10))
        )
        let kolkata = shown(
            Text(.currentDate, format: .dateTime.hour().minute()), at: now, timeZone: "Asia/Kolkata"
        )
        #expect(kolkata.string == "10:39\u{202F}PM")
        #expect(
            kolkata.nextChange == wallClock(2024, 5, 1, 10, 10), "half-hour zones share minutes")
    }

    @Test("a live date changes at the next midnight, also where DST skips midnight")
    func liveDateAcrossDST() {
        let day = Text(.currentDate, format: .dateTime.month(.wide).day())
        let eve = wallClock(2024, 3, 9, 22, in: "America/New_York")
        #expect(
            shown(day, at: eve, timeZone: "America/New_York")
                == TimedString(string: "March 9", nextChange: wallClock(2024, 3, 10, 5, in: "UTC")))
        // Clocks sprang forward on March 10 at 2:00: the next midnight is 23 hours later.
        let dstDay = wallClock(2024, 3, 10, 12, in: "America/New_York")
        #expect(
            shown(day, at: dstDay, timeZone: "America/New_York").nextChange
                == wallClock(2024, 3, 11, 4, in: "UTC"))
        // São Paulo, 2018-11-04: 0:00 did not exist; the day began at 1:00 (03:00 UTC).
        let saoPaulo = wallClock(2018, 11, 3, 22, in: "America/Sao_Paulo")
        #expect(
            shown(day, at: saoPaulo, timeZone: "America/Sao_Paulo").nextChange
                == wallClock(2018, 11, 4, 3, in: "UTC"))
    }

    @Test("a duration offset counts from a date, a second at a time")
    func durationOffset() {
        let kickoff = wallClock(2024, 5, 1, 20)
        let clock = Text(.durationOffset(to: kickoff), format: .time(pattern: .minuteSecond))
        let now = kickoff.addingTimeInterval(754)
        #expect(shown(clock, at: now).string == "12:34")
        let next = shown(clock, at: now).nextChange
        #expect(next.map { $0 > now && $0 <= now + 1 } == true)
    }
}
