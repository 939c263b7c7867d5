import Display
import Foundation
import NightstandTesting
import Raster
import Testing

@testable import Standby

/// A sink standing for a DRM card's: records its presents.
private final class CardSink: FrameSink {
    let size = PixelSize(width: 640, height: 480)
    let format = PixelFormat.xrgb8888
    let rotation = Rotation.degrees0
    var presents: [[IntRect]] = []
    var closed = false

    func present(_ canvas: Canvas, damage: [IntRect]) throws { presents.append(damage) }
    func blank(_ blanked: Bool) throws {}
    func close() { closed = true }
    var description: String { "/dev/dri/card1 (vc4) HDMI-A-1 640x480@60" }
}

/// The kernel's side of a fake uevent socket, the cards a look finds, and what was opened.
private final class FakeKernel {
    private var ends: [Int32] = [-1, -1]
    /// What the next looks at the cards find, first to last, before ``cards``.
    var script: [DRMCardLook] = []
    /// What a look at the cards finds once ``script`` is used up.
    var cards = DRMCardLook(problem: .noCard)
    /// The `[display]` settings each open was asked for.
    var opened: [DisplayConfiguration] = []
    /// Whether opening the card fails (a master held by someone else).
    var cardFails = false
    /// How many monitors were opened.
    var monitors = 0
    let card = CardSink()

    init() {
        #expect(socketpair(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0, &ends) == 0)
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
    }

    deinit {
        close(ends[0])
        close(ends[1])
    }

    /// The source under test, on this fake kernel; `onCard` tells a card's sink.
    func source(onCard: @escaping (any FrameSink) -> Bool = { $0 is CardSink }) -> DisplayHotplug {
        DisplayHotplug(
            monitor: { [unowned self] in
                monitors += 1
                // The monitor owns (and closes) its descriptor: each run gets a duplicate.
                return UeventMonitor(descriptor: dup(ends[0]), subsystems: ["drm"])
            },
            look: { [unowned self] _ in script.isEmpty ? cards : script.removeFirst() },
            open: { [unowned self] settings in
                opened.append(settings)
                if settings.backend == .drm {
                    if cardFails { throw DRMError.notMaster(connector: "HDMI-A-1") }
                    return card
                }
                return try memorySink(width: 400, height: 240)
            }, isOnCard: onCard)
    }

    /// Sends a kernel uevent of the `drm` subsystem for `device` (`card1`, `card1-HDMI-A-1`).
    func send(_ action: String, _ device: String, hotplug: Bool = false) {
        let path = "/devices/platform/gpu/drm/card1/\(device)"
        let message = Array(
            ("\(action)@\(path)\0ACTION=\(action)\0DEVPATH=\(path)\0SUBSYSTEM=drm\0"
                + (hotplug ? "HOTPLUG=1\0" : "")).utf8)
        _ = message.withUnsafeBytes { Glibc.send(ends[1], $0.baseAddress, $0.count, 0) }
    }
}

@Suite("A screen that comes late: the display waits on drm device events and switches to it")
struct DisplayHotplugTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)  // a whole minute

    private func host(
        _ display: String = "", kernel: FakeKernel, clock: SimulatedClock,
        recorder: LogRecorder = LogRecorder()
    ) throws -> StandbyHost {
        let host = try clockHost(
            "[display]\n" + display, sink: try memorySink(width: 400, height: 240), clock: clock,
            log: recorder.logger(label: "nightstand"))
        host.add(kernel.source())
        return host
    }

    @Test("on the fallback it looks at the cards only on events; a card that comes is drawn on")
    func cardComesLate() throws {
        let kernel = FakeKernel()
        let recorder = LogRecorder()
        let clock = SimulatedClock(start: start)
        let host = try host(kernel: kernel, clock: clock, recorder: recorder)
        let source = try #require(host.sources.sources.last as? DisplayHotplug)
        host.run(until: start + 1)
        #expect(source.looks == 1, "one look as it starts")
        host.run(until: start + 25)
        #expect(source.looks == 1, "no polling")
        // The driver's render-only card: a look, nothing to draw on.
        kernel.cards = DRMCardLook(
            problem: .noUsableCard(cards: ["/dev/dri/card0 (v3d): no dumb buffers (render-only)"]))
        kernel.send("add", "")
        host.run(until: start + 26)
        #expect(source.looks == 2)
        #expect(host.sink.size == PixelSize(width: 400, height: 240))
        // vc4 binds with a screen connected.
        kernel.cards = DRMCardLook(card: "/dev/dri/card1")
        kernel.send("add", "card1-HDMI-A-1")
        host.run(until: start + 30)
        #expect(host.sink === kernel.card)
        #expect(kernel.opened.map(\.backend) == [.drm])
        #expect(kernel.opened.first?.device == "/dev/dri/card1")
        #expect(host.screen.size == kernel.card.size)
        #expect(kernel.card.presents.first?.first == IntRect(size: kernel.card.size), "all drawn")
        // Done: later events are not looked at.
        kernel.send("change", "", hotplug: true)
        host.run(until: start + 40)
        #expect(source.looks == 3)
        let display = recorder.messages.filter { $0.contains("display:") }
        #expect(
            display == [
                "notice: display: on headless 400x240 xrgb8888 rotation 0 until a DRM card drives a screen; waiting "
                    + "up to 60 s for one (drm device events)",
                "info: display: drm devices changed (add card1); still none: drm: no card drives "
                    + "a connected screen: /dev/dri/card0 (v3d): no dumb buffers (render-only)",
                "notice: display: a screen came 26 s after the start (add card1-HDMI-A-1): now on "
                    + "\(kernel.card), 640x480 (was headless 400x240 xrgb8888 rotation 0)",
            ])
    }

    @Test("a screen connected later (a hot-plug event) on a card that was there is drawn on")
    func screenConnectedLater() throws {
        let kernel = FakeKernel()
        kernel.cards = DRMCardLook(
            problem: .noUsableCard(cards: [
                "/dev/dri/card1 (vc4): no connected connector (HDMI-A-1 disconnected)"
            ]))
        let recorder = LogRecorder()
        let clock = SimulatedClock(start: start)
        let host = try host("wait = \"5m\"", kernel: kernel, clock: clock, recorder: recorder)
        host.run(until: start + 100)
        #expect(host.sink !== kernel.card)
        kernel.cards = DRMCardLook(card: "/dev/dri/card1")
        kernel.send("change", "", hotplug: true)
        host.run(until: start + 101)
        #expect(host.sink === kernel.card)
        #expect(
            recorder.messages.contains {
                $0.hasPrefix(
                    "notice: display: a screen came 100 s after the start (change card1 (hot-plug)): "
                        + "now on /dev/dri/card1")
            })
    }

    @Test("no screen within the wait: it stays on the fallback and stops listening")
    func waitEnds() throws {
        let kernel = FakeKernel()
        let recorder = LogRecorder()
        let clock = SimulatedClock(start: start)
        let host = try host("wait = 10", kernel: kernel, clock: clock, recorder: recorder)
        let source = try #require(host.sources.sources.last as? DisplayHotplug)
        host.run(until: start + 11)
        #expect(
            recorder.messages.last
                == "notice: display: no DRM card drove a screen within 10 s; staying on headless "
                + "400x240 xrgb8888 rotation 0 (restart nightstand to look again)")
        kernel.cards = DRMCardLook(card: "/dev/dri/card1")
        kernel.send("add", "")
        host.run(until: start + 20)
        #expect(source.looks == 1)
        #expect(kernel.opened.isEmpty)
    }

    @Test(
        "a card this user may not open yet (udev's group comes later) is looked at a second later")
    func deniedLooksAgain() throws {
        let kernel = FakeKernel()
        let denied = DRMCardLook(
            problem: .noUsableCard(cards: ["/dev/dri/card1: drm: not allowed to open"]),
            isDenied: true)
        kernel.script = [denied, denied, denied]
        kernel.cards = DRMCardLook(card: "/dev/dri/card1")
        let clock = SimulatedClock(start: start)
        let host = try host(kernel: kernel, clock: clock)
        let source = try #require(host.sources.sources.last as? DisplayHotplug)
        host.run(until: start + 2.5)
        #expect(source.looks == 3, "at the start, then once a second while denied")
        #expect(host.sink !== kernel.card)
        host.run(until: start + 3.5)
        #expect(host.sink === kernel.card)
        #expect(source.looks == 4)
    }

    @Test("a card that does not open leaves the fallback; the next event tries again")
    func cardFailsThenOpens() throws {
        let kernel = FakeKernel()
        kernel.cards = DRMCardLook(card: "/dev/dri/card1")
        kernel.cardFails = true
        let recorder = LogRecorder()
        let clock = SimulatedClock(start: start)
        let host = try host(kernel: kernel, clock: clock, recorder: recorder)
        host.run(until: start + 2)
        // The card, then the fallback again ([display] as configured: auto).
        #expect(kernel.opened.map(\.backend) == [.drm, .auto])
        #expect(host.sink.size == PixelSize(width: 400, height: 240))
        #expect(
            recorder.messages.contains {
                $0.hasPrefix("warning: display: /dev/dri/card1 drives a screen but did not open")
            })
        kernel.cardFails = false
        kernel.send("change", "", hotplug: true)
        host.run(until: start + 3)
        #expect(host.sink === kernel.card)
    }

    @Test("a reload to a display that does not wait ends the wait: a card that comes is not taken")
    func reloadEndsWait() throws {
        let kernel = FakeKernel()
        let clock = SimulatedClock(start: start)
        let host = try host(kernel: kernel, clock: clock)
        let source = try #require(host.sources.sources.last as? DisplayHotplug)
        kernel.cards = DRMCardLook(card: "/dev/dri/card1")
        kernel.script = [DRMCardLook(problem: .noCard)]
        // While the loop runs: [display] as a reload leaves it, then the card's event.
        host.add(
            AtInstant(start + 5) { [unowned host] in
                host.configuration.display.backend = .headless
                kernel.send("add", "")
            })
        host.run(until: start + 10)
        #expect(kernel.opened.isEmpty)
        #expect(source.looks == 1)
        // Over for good: back on auto, a card's event is not looked at.
        host.configuration.display.backend = .auto
        kernel.send("add", "")
        host.run(until: start + 20)
        #expect(kernel.opened.isEmpty)
    }

    @Test("a display on a card, another backend or wait = 0: no monitor, no look")
    func nothingToWaitFor() throws {
        for (display, onCard) in [("", true), ("wait = 0", false), ("backend = \"fbdev\"", false)] {
            let kernel = FakeKernel()
            let clock = SimulatedClock(start: start)
            let host = try clockHost(
                "[display]\n" + display, sink: try memorySink(width: 400, height: 240),
                clock: clock)
            let source = kernel.source { _ in onCard }
            host.add(source)
            host.run(until: start + 70)
            #expect(kernel.monitors == 0, "\(display)")
            #expect(source.looks == 0)
        }
    }

    @Test("[display] wait is a duration from 0 to 10 minutes, 60 s unless set")
    func waitSetting() throws {
        #expect(try Configuration.parse("", file: "board.toml").display.wait == 60)
        let twoMinutes = try Configuration.parse("[display]\nwait = \"2m\"", file: "board.toml")
        #expect(twoMinutes.display.wait == 120)
        #expect(throws: ConfigurationError.self) {
            try Configuration.parse("[display]\nwait = \"1h\"", file: "board.toml")
        }
        do {
            _ = try Configuration.parse("[display]\nwait = \"soon\"", file: "board.toml")
        } catch {
            #expect(
                "\(error)"
                    == "board.toml:2: [display] wait: expected a duration such as \"90s\", \"10m\" "
                    + "or \"1h\", found \"soon\"")
        }
    }
}
