import Foundation
import Raster
import Testing

@testable import WidgetUI

/// `Text(_:style:)` and `Text(timerInterval:…)`: what they show at fixed instants, and when
/// they next change.
@Suite("Text date styles")
struct TextDateStyleTests {
    /// 9:41:00 PM on June 3, 2019 in Cupertino.
    private let evening = wallClock(2019, 6, 3, 21, 41)

    private func shown(
        _ text: Text, at now: Date, locale: String = "en_US",
        timeZone: String = "America/Los_Angeles"
    ) -> TimedString {
        resolve(text, in: textEnvironment(fonts: nil, locale: locale, timeZone: timeZone, now: now))
    }

    @Test(".time and .date show the date's time and day, and never change")
    func timeAndDate() {
        let time = Text(evening, style: .time)
        #expect(shown(time, at: evening) == TimedString(string: "9:41\u{202F}PM", nextChange: nil))
        #expect(shown(time, at: evening, locale: "en_GB").string == "21:41")
        #expect(shown(time, at: evening, locale: "de_DE").string == "21:41")
        #expect(shown(time, at: evening, timeZone: "Asia/Tokyo").string == "1:41\u{202F}PM")
        let date = Text(evening, style: .date)
        #expect(shown(date, at: evening) == TimedString(string: "June 3, 2019", nextChange: nil))
        #expect(shown(date, at: evening, locale: "de_DE").string == "3. Juni 2019")
        #expect(shown(date, at: evening, timeZone: "Asia/Tokyo").string == "June 4, 2019")
    }

    @Test(".time on the day clocks spring forward reads the new offset")
    func dstDay() {
        // 2024-03-10: 2:00 PST becomes 3:00 PDT; 10:30 UTC is 3:30 PDT, 9:30 UTC 1:30 PST.
        let after = wallClock(2024, 3, 10, 10, 30, in: "UTC")
        let before = wallClock(2024, 3, 10, 9, 30, in: "UTC")
        #expect(shown(Text(after, style: .time), at: after).string == "3:30\u{202F}AM")
        #expect(shown(Text(before, style: .time), at: after).string == "1:30\u{202F}AM")
        #expect(after.timeIntervalSince(before) == 3_600)
    }

    @Test(".relative shows the two largest units either side of the date, without sign")
    func relative() {
        let now = evening
        func relative(_ offset: TimeInterval) -> String {
            shown(Text(now.addingTimeInterval(offset), style: .relative), at: now).string
        }
        #expect(relative(7_514) == "2 hr, 5 min")
        #expect(relative(-7_514) == "2 hr, 5 min")
        #expect(relative(674) == "11 min, 14 sec")
        #expect(relative(-59) == "59 sec")
        #expect(relative(3 * 86_400 + 7_200 + 59) == "3 days, 2 hr")
        #expect(relative(7_259) == "2 hr, 59 sec")
        #expect(relative(0) == "0 sec")
    }

    @Test(".offset shows the largest unit, negative before the date and positive after")
    func offset() {
        let now = evening
        func offset(_ offset: TimeInterval) -> String {
            shown(Text(now.addingTimeInterval(offset), style: .offset), at: now).string
        }
        #expect(offset(7_514) == "-2 hours")
        #expect(offset(-300) == "+5 minutes")
        #expect(offset(-7_199) == "+1 hour")
        #expect(offset(1) == "-1 second")
        #expect(offset(-86_400 * 2) == "+2 days")
        #expect(offset(0) == "0 seconds")
    }

    @Test(".timer counts down to the date, shows 0:00 at it, then counts up")
    func timer() {
        let now = evening
        func timer(_ offset: TimeInterval) -> String {
            shown(Text(now.addingTimeInterval(offset), style: .timer), at: now).string
        }
        #expect(timer(125) == "2:05")
        #expect(timer(124.2) == "2:05", "time left rounds up")
        #expect(timer(3_725) == "1:02:05")
        #expect(timer(133_141) == "36:59:01")
        #expect(timer(0) == "0:00")
        #expect(timer(-5) == "0:05")
        #expect(timer(-5.9) == "0:05", "time elapsed rounds down")
        #expect(timer(-3_600) == "1:00:00")
    }

    @Test("a timer interval counts down to 0:00 and stops; up to its length and stops")
    func timerInterval() {
        let start = evening
        let end = start.addingTimeInterval(300)
        func timer(
            at offset: TimeInterval, countsDown: Bool = true, pause: TimeInterval? = nil
        ) -> TimedString {
            shown(
                Text(
                    timerInterval: start...end,
                    pauseTime: pause.map { start.addingTimeInterval($0) },
                    countsDown: countsDown),
                at: start.addingTimeInterval(offset))
        }
        #expect(timer(at: -30) == TimedString(string: "5:00", nextChange: start + 1))
        #expect(timer(at: 10) == TimedString(string: "4:50", nextChange: start + 11))
        #expect(timer(at: 299.5) == TimedString(string: "0:01", nextChange: end))
        #expect(timer(at: 300) == TimedString(string: "0:00", nextChange: nil))
        #expect(timer(at: 4_000) == TimedString(string: "0:00", nextChange: nil))
        #expect(
            timer(at: -30, countsDown: false) == TimedString(string: "0:00", nextChange: start + 1))
        #expect(
            timer(at: 10.5, countsDown: false)
                == TimedString(string: "0:10", nextChange: start + 11))
        #expect(timer(at: 900, countsDown: false) == TimedString(string: "5:00", nextChange: nil))
        #expect(timer(at: 100, pause: 60) == TimedString(string: "4:00", nextChange: nil))
        #expect(timer(at: 30, pause: 60) == TimedString(string: "4:30", nextChange: start + 31))
        #expect(timer(at: 59.5, pause: 60) == TimedString(string: "4:01", nextChange: start + 60))
        let long = Text(timerInterval: start...start.addingTimeInterval(5_400), showsHours: false)
        #expect(shown(long, at: start).string == "90:00")
        let hours = Text(timerInterval: start...start.addingTimeInterval(5_400))
        #expect(shown(hours, at: start).string == "1:30:00")
    }

    @Test("the live styles report the instant their text next changes")
    func nextChanges() {
        let now = evening
        func next(_ offset: TimeInterval, _ style: Text.DateStyle) -> TimeInterval? {
            shown(Text(now.addingTimeInterval(offset), style: style), at: now).nextChange?
                .timeIntervalSince(now)
        }
        #expect(next(125.5, .timer) == 0.5)
        #expect(next(-5.25, .timer) == 0.75)
        #expect(next(7_514, .relative) == 15, "2 hr, 5 min until 2 hr, 4 min 59 s are left")
        #expect(next(-7_514, .relative) == 46, "2 hr, 5 min until 2 hr, 6 min have passed")
        #expect(next(674, .relative) == 1)
        #expect(next(7_200, .relative) == 1, "2 hr becomes 1 hr, 59 min a second later")
        #expect(next(7_514, .offset) == 315, "-2 hours until 1:59:59 are left")
        #expect(next(-300, .offset) == 60)
        #expect(next(0.5, .offset) == 0.5)
        #expect(next(7_514, .time) == nil)
        #expect(next(7_514, .date) == nil)
    }

    @Test("stepping from change to change, every step changes the text and nothing changes between")
    func stepping() {
        let target = evening.addingTimeInterval(3_600 + 65.25)
        for style in [Text.DateStyle.timer, .relative, .offset] {
            var now = evening
            var previous = shown(Text(target, style: style), at: now)
            var steps = 0
            while let next = previous.nextChange, next < target.addingTimeInterval(4_000) {
                #expect(next > now)
                let justBefore = shown(Text(target, style: style), at: next - 0.001)
                #expect(justBefore.string == previous.string, "\(style) changed before \(next)")
                let current = shown(Text(target, style: style), at: next)
                #expect(current.string != previous.string, "\(style) at \(next)")
                (now, previous) = (next, current)
                steps += 1
            }
            #expect(steps > 60, "\(style) stepped \(steps) times")
        }
    }
}
