import BuiltinWidgets
import DisplayCommands
import Foundation
import NightstandTesting
import Raster
import StandbyViews
import Testing

@testable import Standby

/// A message's banner over the views: drawn over the widgets by day and in night's red (goldens),
/// gone after its time with the view whole again, replaced by a newer one, dismissed, lighting a
/// dark panel when asked, and the loop waking for its end only.
@Suite struct MessageBannerTests {
    /// 2026-11-21 10:00:00 UTC: the clock shows 10:00 for the whole test.
    private let start = Date(timeIntervalSince1970: 1_795_255_200)

    private func host(_ clock: SimulatedClock) throws -> StandbyHost {
        try testHost(
            """
            [layout]
            burn_in_shift = 0
            [[widget]]
            kind = "clock"
            [[widget]]
            kind = "date"
            time_zone = "UTC"
            locale = "en_US"
            [[slot]]
            widgets = ["clock"]
            [[slot]]
            widgets = ["date"]
            """, file: "message.toml", widgets: BuiltinWidgets.all,
            sink: memorySink(width: 800, height: 480), clock: clock, fonts: try FontDatabase())
    }

    /// Every pixel of `canvas`, row by row.
    private func pixels(_ canvas: Canvas) -> [UInt32] {
        (0..<canvas.height).flatMap { y in (0..<canvas.width).map { x in canvas[x, y].value } }
    }

    /// The banner's plate, left of its text.
    private func plate(_ host: StandbyHost) -> PremultipliedPixel {
        let rect = MessageBanner.rect(on: host.screen.size)
        return host.screen[rect.x + 20, rect.y + rect.height / 2]
    }

    @Test(
        "the banner shows over the widgets, in the appearance's style", arguments: ["day", "night"])
    func banner(mode: String) throws {
        let clock = SimulatedClock(start: start)
        let host = try host(clock)
        host.apply(.setMode(mode == "day" ? .day : .night))
        host.run(until: start + 3)
        host.apply(.showMessage(try DisplayMessage("Washing machine done", seconds: 60)))
        host.run(until: start + 4)
        #expect(host.state.message == "Washing machine done")
        #expect(host.status.current.message == "Washing machine done")
        assertGolden(host.screen, named: "message-\(mode)", maxDifferingPixels: 200)
        let pixel = plate(host)
        if mode == "day" {
            #expect(pixel.r == 51 && pixel.g == 51 && pixel.b == 51, "\(pixel.value)")
        } else {
            // Night's monochrome red: nothing green or blue reaches the panel.
            #expect(pixel.r > 0 && pixel.g == 0 && pixel.b == 0, "\(pixel.value)")
            let rect = MessageBanner.rect(on: host.screen.size)
            for y in rect.y..<rect.maxY {
                for x in rect.x..<rect.maxX {
                    #expect(host.screen[x, y].g == 0 && host.screen[x, y].b == 0)
                }
            }
        }
    }

    @Test("a banner goes after its time and the view is whole again; a new one replaces it")
    func overTime() throws {
        let clock = SimulatedClock(start: start)
        let host = try host(clock)
        host.run(until: start + 2)
        let before = pixels(host.screen)
        host.apply(.showMessage(try DisplayMessage("Front door open", seconds: 10)))
        #expect(try #require(host.nextDeadline(after: start + 2)) <= start + 2 + 10)
        host.run(until: start + 5)
        #expect(plate(host).r == 51)
        host.apply(.showMessage(try DisplayMessage("Laundry done", seconds: 10)))
        host.run(until: start + 13)
        #expect(host.state.message == "Laundry done", "the newer one counts from its start")
        #expect(plate(host).r == 51)
        host.run(until: start + 16)
        #expect(host.state.message == nil)
        #expect(pixels(host.screen) == before, "the view is drawn whole again")
        let deadline = try #require(host.nextDeadline(after: start + 16))
        #expect(deadline >= start + 60, "at rest the loop wakes for the minute only: \(deadline)")
    }

    @Test("dismiss-message takes the banner away at once; a second one does nothing")
    func dismissed() throws {
        let clock = SimulatedClock(start: start)
        let host = try host(clock)
        host.run(until: start + 2)
        let before = pixels(host.screen)
        host.apply(.showMessage(try DisplayMessage("Dinner is ready")))
        host.run(until: start + 3)
        #expect(pixels(host.screen) != before)
        host.apply(.dismissMessage)
        host.apply(.dismissMessage)
        host.run(until: start + 4)
        #expect(host.state.message == nil)
        #expect(pixels(host.screen) == before)
    }

    @Test(
        "a message that wakes lights a dark panel while it shows; one that does not leaves it dark")
    func wakes() throws {
        let clock = SimulatedClock(start: start)
        let host = try host(clock)
        host.apply(.setIdle(true))
        host.run(until: start + 2)
        #expect(host.state.isDark)
        host.apply(.showMessage(try DisplayMessage("Quiet", seconds: 20)))
        host.run(until: start + 4)
        #expect(host.state.isDark)
        host.apply(.showMessage(try DisplayMessage("Doorbell", seconds: 20, wakes: true)))
        host.run(until: start + 6)
        #expect(!host.state.isDark)
        #expect(plate(host).r > 0)
    }
}
