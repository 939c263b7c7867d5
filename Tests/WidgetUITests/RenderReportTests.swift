import Foundation
import Raster
import Testing

@testable import WidgetUI

/// `render(…, now:)` and its report: the earliest change of anything drawn.
@Suite("Render report")
struct RenderReportTests {
    private let fonts = try? FontDatabase()
    private let now = wallClock(2024, 5, 1, 10, 9, 30)

    private func report(_ view: some View) -> RenderReport {
        let canvas = Canvas(width: 200, height: 100)
        return render(
            view, size: Size(width: 200, height: 100),
            environment: textEnvironment(fonts: fonts), fonts: fonts, now: now, on: canvas,
            scale: 1)
    }

    @Test("a live clock at 10:09:30 reports 10:10:00")
    func liveClock() {
        let clock = Text(.currentDate, format: .dateTime.hour().minute())
        #expect(report(clock).nextChange == wallClock(2024, 5, 1, 10, 10))
    }

    @Test("of two live texts the earlier change is reported")
    func earliestWins() {
        let view = VStack {
            Text(.currentDate, format: .dateTime.hour().minute())
            Text(now.addingTimeInterval(90.25), style: .timer)
        }
        #expect(report(view).nextChange == now.addingTimeInterval(0.25))
    }

    @Test("a view with nothing time-dependent reports nil")
    func staticView() {
        let view = VStack {
            Text("Cupertino")
            Text(now, style: .time)
            Text(0.72, format: .percent)
            Color.red.frame(width: 10, height: 10)
        }
        #expect(report(view).nextChange == nil)
    }

    @Test("a live piece of a joined text reports; content inside a geometry reader reports")
    func nested() {
        let joined = Text("Ends in ") + Text(now.addingTimeInterval(65), style: .timer).bold()
        #expect(report(joined).nextChange == now.addingTimeInterval(1))
        let reader = GeometryReader { _ in
            Text(now.addingTimeInterval(-600), style: .relative)
        }
        #expect(report(reader).nextChange == now.addingTimeInterval(1))
    }

    @Test("the frame shows the text as at now")
    func drawsNow() {
        let placed = placedStrings(
            Text(now.addingTimeInterval(125), style: .timer),
            environment: textEnvironment(fonts: fonts, now: now))
        #expect(placed == ["2:05"])
    }
}
