import Foundation
import Testing

@testable import WidgetUI

/// The clock faces' time in the display language's digits and words.
@Suite("Clock time")
struct ClockTimeTests {
    @Test("digits and AM/PM in the locale's: Latin, Arabic-Indic, Persian; 12- and 24-hour")
    func localized() throws {
        let zone = try #require(TimeZone(identifier: "UTC"))
        let date = Date(timeIntervalSince1970: 1_795_902_060)  // 2026-11-28 21:41 UTC
        let time = ClockTime(date, timeZone: zone)
        #expect(time == ClockTime(hour: 21, minute: 41))
        let english = Locale(identifier: "en_US")
        #expect(time.text(twentyFourHour: true, locale: english) == "21:41")
        #expect(time.text(twentyFourHour: false, locale: english) == "9:41")
        #expect(
            ClockTime(hour: 7, minute: 5).text(twentyFourHour: true, locale: english) == "07:05")
        #expect(time.meridiem(locale: english) == "PM")
        let arabic = Locale(identifier: "ar_EG")
        #expect(time.text(twentyFourHour: true, locale: arabic) == "\u{662}\u{661}:\u{664}\u{661}")
        #expect(time.meridiem(locale: arabic) != "PM", "Arabic words, not English")
        #expect(
            ClockTime(hour: 9, minute: 0).text(
                twentyFourHour: true, locale: Locale(identifier: "fa_IR"))
                == "\u{6F0}\u{6F9}:\u{6F0}\u{6F0}")
        #expect(time.meridiem(locale: Locale(identifier: "ja_JP")) == "午後")
        #expect(time.text(twentyFourHour: true, locale: Locale(identifier: "de_DE")) == "21:41")
    }
}
