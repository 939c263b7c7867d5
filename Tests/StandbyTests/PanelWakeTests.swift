import Ambient
import Display
import Foundation
import NightstandTesting
import Raster
import Testing
import Widgets

@testable import Standby

/// The panel over the appearance decided: woken for a while (`wake(for:)`), off for idleness
/// (`setIdle(_:)`), and what is where on it (`slot(at:)`, `link(at:)`).
@Suite("The panel: wake, idleness, and what is where")
struct PanelWakeTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15 08:00:00 UTC

    private func host(
        _ toml: String = "", clock: SimulatedClock,
        ambient: (Configuration) -> AmbientController? = { _ in nil }
    ) throws -> (StandbyHost, HeadlessSink) {
        let sink = try memorySink(width: 400, height: 240)
        let host = try testHost(
            toml + """

                [ambient]
                sensor = "none"
                time_zone = "UTC"
                fade = 0
                [layout]
                burn_in_shift = 0
                [[widget]]
                kind = "tappable"
                [[slot]]
                widgets = ["tappable"]
                """, widgets: [tappableWidget()], sink: sink, clock: clock, ambient: ambient)
        return (host, sink)
    }

    /// Whether the panel shows only red: no green or blue anywhere, and some red.
    private func onlyRed(_ rgb: [UInt8]) -> Bool {
        var red = false
        for i in stride(from: 0, to: rgb.count, by: 3) {
            guard rgb[i + 1] == 0 && rgb[i + 2] == 0 else { return false }
            red = red || rgb[i] > 0
        }
        return red
    }

    @Test(
        "a wake lights a panel the mode keeps off with night's picture, for its duration, then it is dark"
    )
    func wakeFromOff() throws {
        let clock = SimulatedClock(start: start)
        let (host, sink) = try host(clock: clock)
        host.events.post(.command(.setMode(.off)))
        host.run(until: start + 10)
        #expect(host.shownAppearance == .off)
        #expect(sink.panelRGB().allSatisfy { $0 == 0 })
        host.events.post(HostEvent("tap") { $0.apply(.wake(seconds: 15)) })
        host.run(until: start + 20)
        #expect(host.shownAppearance == .night)
        #expect(host.ambient.mode == .off, "the mode stays")
        #expect(onlyRed(sink.panelRGB()), "the picture, red")
        // What the wake shows is night's picture: the same bytes as `mode night` at that time.
        let (night, nightSink) = try self.host(clock: SimulatedClock(start: start))
        night.events.post(.command(.setMode(.night)))
        night.run(until: start + 20)
        let same = sink.panelRGB() == nightSink.panelRGB()
        #expect(same, "the woken panel differs from night's")
        host.run(until: start + 24)
        #expect(host.shownAppearance == .night, "a second before the wake ends")
        host.run(until: start + 26)
        #expect(host.shownAppearance == .off)
        #expect(sink.panelRGB().allSatisfy { $0 == 0 })
    }

    @Test("a later wake extends the one running; a shorter one does not cut it")
    func wakeExtends() throws {
        let clock = SimulatedClock(start: start)
        let (host, _) = try host(clock: clock)
        host.events.post(.command(.setMode(.off)))
        host.events.post(HostEvent("tap") { $0.apply(.wake(seconds: 10)) })
        host.run(until: start + 5)
        host.events.post(HostEvent("tap") { $0.apply(.wake(seconds: 2)) })
        host.run(until: start + 9)
        #expect(host.shownAppearance == .night, "the first wake still runs")
        host.events.post(HostEvent("tap") { $0.apply(.wake(seconds: 10)) })
        host.run(until: start + 18)
        #expect(host.shownAppearance == .night)
        host.run(until: start + 20)
        #expect(host.shownAppearance == .off)
    }

    @Test("idleness turns the panel off; the decisions go on meanwhile and show when it is back")
    func idle() throws {
        let clock = SimulatedClock(start: start)
        let (host, sink) = try host(clock: clock)
        host.run(until: start + 1)
        #expect(host.shownAppearance == .day)
        host.events.post(HostEvent("idle") { $0.apply(.setIdle(true)) })
        host.run(until: start + 2)
        #expect(host.shownAppearance == .off)
        #expect(sink.panelRGB().allSatisfy { $0 == 0 })
        host.events.post(.command(.setMode(.night)))
        host.run(until: start + 3)
        #expect(host.shownAppearance == .off, "still off: nobody there")
        // A wake lights it for a while (at the appearance decided), then idleness holds.
        host.events.post(HostEvent("wake") { $0.apply(.wake(seconds: 5)) })
        host.run(until: start + 4)
        #expect(host.shownAppearance == .night)
        host.run(until: start + 10)
        #expect(host.shownAppearance == .off)
        host.events.post(HostEvent("activity") { $0.apply(.setIdle(false)) })
        host.run(until: start + 11)
        #expect(host.shownAppearance == .night)
        #expect(onlyRed(sink.panelRGB()))
    }

    @Test("the backlight follows what the panel shows, not only what was decided")
    func backlightFollows() throws {
        let clock = SimulatedClock(start: start)
        let (host, _) = try host(clock: clock) { configuration in
            AmbientController(configuration: configuration.ambient, sysfsRoot: "/nonexistent")
        }
        host.run(until: start + 1)
        #expect(host.ambient.controller?.shownInstead == nil)
        host.events.post(.command(.setMode(.off)))
        host.events.post(HostEvent("tap") { $0.apply(.wake(seconds: 10)) })
        host.run(until: start + 5)
        #expect(host.ambient.controller?.shownInstead == .night)
        host.run(until: start + 12)
        #expect(host.ambient.controller?.shownInstead == nil, "the decision, off, again")
        host.events.post(.command(.setMode(.auto)))
        host.events.post(HostEvent("idle") { $0.apply(.setIdle(true)) })
        host.run(until: start + 13)
        #expect(host.ambient.controller?.shownInstead == .off)
    }

    @Test("a dark panel wakes the loop only for decisions and wakes, not for its live text")
    func darkPanelSleeps() throws {
        let clock = SimulatedClock(start: start)
        let (host, _) = try host(clock: clock)
        host.run(until: start + 5)
        let lit = host.statistics.wakeups
        host.events.post(HostEvent("idle") { $0.apply(.setIdle(true)) })
        host.run(until: start + 3605)
        let dark = host.statistics.wakeups - lit
        // The ambient policy's evaluation each minute and the run's end; none for the timer.
        #expect(dark <= 65, "\(dark) wake-ups in an hour off (the timer ticks each second)")
        host.events.post(HostEvent("activity") { $0.apply(.setIdle(false)) })
        host.run(until: start + 3606)
        #expect(host.statistics.draws["tappable", default: 0] > 1)
    }

    @Test("a point is on a slot, and a tap there leads to its link or widget URL")
    func target() throws {
        let clock = SimulatedClock(start: start)
        let (host, _) = try host(clock: clock)
        host.run(until: start + 1)
        let slot = host.views.painter.layout.slots[0]
        let frame = SceneLayout.widgetFrame(in: slot, points: WidgetFamily.systemSmall.size)
        let center = Double(frame.rect.x + frame.rect.width / 2)
        // 30 points down: on the link, inside the widget's content margins or not.
        let top = Point(x: center, y: Double(frame.rect.y) + 30 * frame.scale)
        let middle = Point(x: center, y: Double(frame.rect.y + frame.rect.height / 2))
        #expect(host.info(atX: top.x, y: top.y).slot == 0)
        #expect(host.info(atX: top.x, y: top.y).link == URL(string: "app://lights"))
        #expect(host.info(atX: middle.x, y: middle.y).link == URL(string: "app://home"))
        #expect(host.info(atX: 0, y: 0).slot == nil)
        #expect(host.info(atX: 0, y: 0).link == nil)
    }
}
