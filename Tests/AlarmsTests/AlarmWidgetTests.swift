import Alarms
import Foundation
import NightstandTesting
import Raster
import Testing
import Widgets

@testable import BuiltinWidgets
@testable import Standby

/// The built-in `alarm` widget on a host: it follows the alarms through the board.
@Suite("The alarm widget")
struct AlarmWidgetTests {
    @Test("shows the next alarm, follows a skip and a ring, and says when none rings")
    func followsTheAlarms() throws {
        let board = AlarmBoard()
        let sunday = Calendar.current.date(
            from: DateComponents(year: 2026, month: 11, day: 29, hour: 21))!
        let configuration = try Configuration.parse(
            """
            [[widget]]
            kind = "alarm"
            [[slot]]
            widgets = ["alarm"]
            [[alarm]]
            id = "work"
            time = "07:00"
            days = "mon-fri"
            label = "Work"
            """, file: "alarm-widget.toml", sections: [AlarmSettings.self])
        let host = try testHost(
            configuration,
            registry: WidgetRegistry(
                BuiltinWidgets.all.filter { $0.kind != "alarm" } + [AlarmWidget.kind(board: board)]),
            sink: memorySink(width: 400, height: 240), clock: SimulatedClock(start: sunday),
            fonts: try FontDatabase())
        host.alarmBoard = board
        let provider = AlarmProvider(board: board, id: nil)
        let monday = AlarmHostTests.monday(7, 0)
        #expect(provider.entry(at: sunday).alarm?.next == monday)
        host.run(until: sunday.addingTimeInterval(5))
        assertGolden(host.screen, named: "alarm-widget-tomorrow", maxDifferingPixels: 100)

        let draws = host.statistics.draws["alarm"] ?? 0
        host.apply(.alarm(.skip("work")))
        host.run(until: sunday.addingTimeInterval(10))
        let tuesday = Calendar.current.date(byAdding: .day, value: 1, to: monday)!
        #expect(provider.entry(at: sunday).alarm?.next == tuesday)
        // The skip reloaded the widget's timeline, and it was drawn again.
        #expect((host.statistics.draws["alarm"] ?? 0) > draws)

        host.apply(.alarm(.test("work")))
        host.run(until: sunday.addingTimeInterval(15))
        #expect(provider.entry(at: sunday).alarm?.phase == .ringing)
        host.apply(.alarm(.dismiss))
        host.apply(.alarm(.set("work", .off)))
        host.run(until: sunday.addingTimeInterval(20))
        #expect(provider.entry(at: sunday).alarm == nil)
        assertGolden(host.screen, named: "alarm-widget-none", maxDifferingPixels: 100)
    }
}
