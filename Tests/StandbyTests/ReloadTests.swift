import Ambient
import Dispatch
import Display
import DisplayCommands
import Foundation
import NightstandTesting
import Raster
import Synchronization
import Testing
import Widgets

@testable import Standby

/// Shares a value with a thread the test starts, where the value's type is not `Sendable`
/// but only one thread uses it at a time (the test waits for the other).
private final class Handed<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}

@Suite("Live reload: a new file takes effect without a restart; a bad one is refused")
struct ReloadTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// A configuration file in a fresh directory.
    private final class File {
        let directory = NSTemporaryDirectory() + "nightstand-reload-\(UUID().uuidString)"
        var path: String { directory + "/nightstand.toml" }

        init(_ text: String) throws {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true)
            try write(text)
        }

        deinit { try? FileManager.default.removeItem(atPath: directory) }

        func write(_ text: String) throws {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }

    /// What every version of the file here starts with: no sensor, no fade, no burn-in.
    static let header = """
        [ambient]
        sensor = "none"
        time_zone = "UTC"
        fade = 0
        [layout]
        burn_in_shift = 0
        """

    static let one = header + "\n[[widget]]\nkind = \"clock\"\n[[slot]]\nwidgets = [\"clock\"]\n"

    static let two =
        header + """

            margin = 8
            [[widget]]
            kind = "clock"
            [[widget]]
            kind = "flaky"
            [[slot]]
            widgets = ["clock"]
            [[slot]]
            widgets = ["flaky"]
            """

    private func host(
        _ file: File, clock: any HostClock, flaky: FlakyProvider,
        sink: (any FrameSink)? = nil,
        openDisplay: (@Sendable (DisplayConfiguration) throws -> any FrameSink)? = nil
    ) throws -> StandbyHost {
        let configuration = try Configuration.load(file: file.path)
        return try testHost(
            configuration,
            registry: WidgetRegistry([kind("clock", MinuteProvider()), kind("flaky", flaky)]),
            sink: sink, clock: clock,
            reloader: ConfigurationReloader(file: file.path, openDisplay: openDisplay))
    }

    /// What a reload answered, on the loop's thread as the command a control request or
    /// SIGHUP posts applies it (the result before it becomes the command's words).
    private func reload(_ host: StandbyHost, until end: Date) -> Result<String, ConfigurationError>?
    {
        let answer = Mutex<Result<String, ConfigurationError>?>(nil)
        host.events.post(
            HostEvent(internal: "reload-configuration") { host in
                let result = host.reloadConfiguration()
                answer.withLock { $0 = result }
            })
        host.run(until: end)
        return answer.withLock { $0 }
    }

    @Test(
        "a control set by command stays over a reloaded file's value; default takes the new file's")
    func controlKeptOverReload() throws {
        let file = try File(
            Self.one.replacingOccurrences(of: "fade = 0", with: "fade = 0\nnight_red = 50"))
        var configuration = try Configuration.load(file: file.path)
        configuration.stateDirectory = file.directory
        let host = try testHost(
            configuration, registry: WidgetRegistry([kind("clock", MinuteProvider())]),
            clock: SimulatedClock(start: start),
            reloader: ConfigurationReloader(file: file.path, openDisplay: nil))
        host.apply(.setControl(.nightRed, 20))
        try file.write(
            Self.one.replacingOccurrences(of: "fade = 0", with: "fade = 0\nnight_red = 70"))
        #expect((try? reload(host, until: start + 2)?.get()) != nil)
        #expect(host.state.controls?["night-red"] == 20, "the command's, over the file's 70")
        host.apply(.setControl(.nightRed, nil))
        #expect(host.state.controls?["night-red"] == 70, "default: the file as reloaded")
    }

    @Test(
        "a valid file takes effect on the next turn: new slots and layout, unchanged widgets keep their timeline, no blank frame"
    )
    func validReload() throws {
        let file = try File(Self.one)
        let clock = SimulatedClock(start: start)
        let flaky = FlakyProvider()
        let host = try host(file, clock: clock, flaky: flaky)
        host.run(until: start + 10)
        let clockRuntime = try #require(host.runtimes.first)
        let framesBefore = host.statistics.frames
        try file.write(Self.two)
        guard case .success(let summary)? = reload(host, until: start + 11) else {
            Issue.record("the reload did not succeed")
            return
        }
        #expect(summary == "2 widget(s), 1 kept, 1 new, layout")
        #expect(host.widgets.stacks.count == 2)
        #expect(host.runtimes.first === clockRuntime, "the clock kept its timeline")
        #expect(flaky.callCount == 1, "the new widget fetched")
        #expect(host.views.painter.layout.slots.first?.x == 8)
        // One frame (the whole screen drawn again), never a blank one between.
        #expect(host.statistics.frames > framesBefore)
        #expect(host.screen[200, 120].r > 0 || host.screen[100, 120].r > 0)
        #expect(host.status.current.slots.map(\.shown) == ["clock", "flaky"])
    }

    @Test("an invalid file is refused with check-config's message; the display keeps the old one")
    func invalidReload() throws {
        let file = try File(Self.one)
        let clock = SimulatedClock(start: start)
        let host = try host(file, clock: clock, flaky: FlakyProvider())
        host.run(until: start + 10)
        let bad = Self.one.replacingOccurrences(of: "burn_in_shift = 0", with: "burn_in_shift = -4")
        try file.write(bad)
        var checkConfig = ""
        do {
            _ = try Configuration.load(file: file.path)
        } catch {
            checkConfig = "\(error)"
        }
        #expect(
            checkConfig.hasSuffix("[layout] burn_in_shift: expected pixels from 0 to 256, found -4")
        )
        guard case .failure(let error)? = reload(host, until: start + 11) else {
            Issue.record("the bad file was not refused")
            return
        }
        #expect("\(error)" == checkConfig)
        #expect(host.widgets.stacks.count == 1)
        #expect(host.configuration.layout.burnInShift == 0)
        let frames = host.statistics.frames
        host.run(until: start + 125)
        #expect(host.statistics.frames > frames, "it goes on drawing the old configuration")
    }

    @Test("new [ambient] settings restyle the display at once; a host without a file refuses")
    func ambientAndNoFile() throws {
        let file = try File(Self.one)
        let clock = SimulatedClock(start: start)
        let host = try host(file, clock: clock, flaky: FlakyProvider())
        host.events.post(.command(.setMode(.night)))
        host.run(until: start + 10)
        let red = host.style
        try file.write(
            Self.one.replacingOccurrences(of: "fade = 0", with: "fade = 0\nnight_red = 40"))
        #expect(
            (try? reload(host, until: start + 11)?.get())
                == "1 widget(s), 1 kept, 0 new, appearance")
        #expect(host.style != red)
        #expect(host.style == host.style(for: .night))
        #expect(host.appearance == .night, "the override stays")

        let bare = try testHost(
            .default,
            registry: WidgetRegistry([
                kind("clock", MinuteProvider()), kind("date", MinuteProvider()),
            ]), clock: clock)
        guard case .failure(let error)? = reload(bare, until: start + 12) else {
            Issue.record("a host without a file reloaded")
            return
        }
        #expect(error.message.hasPrefix("nothing to reload"))
    }

    @Test("a changed [display] opens the new display; one that cannot open leaves the old")
    func displayReopened() throws {
        let file = try File(Self.one + "\n[display]\nbackend = \"headless\"\nsize = \"400x240\"\n")
        let clock = SimulatedClock(start: start)
        let opened = Mutex<[PixelSize]>([])
        let host = try host(
            file, clock: clock, flaky: FlakyProvider(),
            openDisplay: { display in
                opened.withLock { $0.append(display.headlessSize) }
                guard display.headlessSize.width != 640 else {
                    throw HeadlessError.badSize(width: 0, height: 0)
                }
                return try HeadlessSink(size: display.headlessSize)
            })
        host.run(until: start + 10)
        try file.write(Self.one + "\n[display]\nbackend = \"headless\"\nsize = \"800x480\"\n")
        #expect(
            (try? reload(host, until: start + 11)?.get())
                == "display reopened (800x480), 1 widget(s), 1 kept, 0 new")
        #expect(host.screen.size == PixelSize(width: 800, height: 480))
        #expect(host.sink.size == PixelSize(width: 800, height: 480))
        try file.write(Self.one + "\n[display]\nbackend = \"headless\"\nsize = \"640x480\"\n")
        guard case .failure(let error)? = reload(host, until: start + 12) else {
            Issue.record("a display that cannot open was taken")
            return
        }
        #expect(error.message.hasPrefix("the new display could not be opened"))
        #expect(host.sink.size == PixelSize(width: 800, height: 480), "the old display again")
        #expect(
            opened.withLock { $0 } == [
                PixelSize(width: 800, height: 480), PixelSize(width: 640, height: 480),
                PixelSize(width: 800, height: 480),
            ])
    }

    @Test("a changed [display] locale alone is set on reload, without reopening the display")
    func localeReloaded() throws {
        let display = "\n[display]\nbackend = \"headless\"\nsize = \"400x240\"\n"
        let file = try File(Self.one + display)
        let clock = SimulatedClock(start: start)
        let opened = Mutex(0)
        let locales = Mutex<[String?]>([])
        let configuration = try Configuration.load(file: file.path)
        let host = try testHost(
            configuration, registry: WidgetRegistry([kind("clock", MinuteProvider())]),
            clock: clock,
            reloader: ConfigurationReloader(
                file: file.path,
                openDisplay: { display in
                    opened.withLock { $0 += 1 }
                    return try HeadlessSink(size: display.headlessSize)
                },
                setLocale: { locale in locales.withLock { $0.append(locale) } }))
        host.run(until: start + 10)
        try file.write(Self.one + display + "locale = \"de_DE\"\n")
        #expect(
            (try? reload(host, until: start + 11)?.get())
                == "locale de_DE, 1 widget(s), 1 kept, 0 new")
        #expect(host.configuration.display.locale == "de_DE")
        // The same file again changes nothing; without the key, back to the process's.
        #expect((try? reload(host, until: start + 12)?.get()) == "1 widget(s), 1 kept, 0 new")
        try file.write(Self.one + display)
        #expect(
            (try? reload(host, until: start + 13)?.get())?.hasPrefix("locale ") == true)
        #expect(locales.withLock { $0 } == ["de_DE", nil])
        #expect(opened.withLock { $0 } == 0, "a language reopens no display")
    }

    @Test("start, reload and a new display make the screen one way: the view shown stays")
    func screenCarriesOver() throws {
        let views = "\nviews = [\"widgets\", \"clock\"]\n"
        let display = "[display]\nbackend = \"headless\"\nsize = "
        let file = try File(
            Self.one.replacingOccurrences(
                of: "burn_in_shift = 0", with: "burn_in_shift = 0" + views) + display
                + "\"400x240\"\n")
        let clock = SimulatedClock(start: start)
        let host = try host(
            file, clock: clock, flaky: FlakyProvider(),
            openDisplay: { try HeadlessSink(size: $0.headlessSize) })
        host.apply(.showView("clock"))
        host.run(until: start + 10)
        #expect(host.views.onScreen == .clock)
        let canvas = host.screen
        // Another margin: the same screen size keeps the canvas, and the clock stays.
        try file.write(
            Self.one.replacingOccurrences(
                of: "burn_in_shift = 0", with: "burn_in_shift = 0" + views + "margin = 12\n")
                + display + "\"400x240\"\n")
        #expect((try? reload(host, until: start + 11)?.get())?.contains("layout") == true)
        #expect(host.screen === canvas)
        #expect(host.views.deck.current == .clock)
        #expect(host.views.onScreen == .clock, "drawn anew on the next turn")
        // A new display: a new canvas of its size, and still the clock.
        try file.write(
            Self.one.replacingOccurrences(
                of: "burn_in_shift = 0", with: "burn_in_shift = 0" + views + "margin = 12\n")
                + display + "\"800x480\"\n")
        #expect(
            (try? reload(host, until: start + 12)?.get())?.hasPrefix("display reopened") == true)
        #expect(host.screen !== canvas && host.screen.size == PixelSize(width: 800, height: 480))
        #expect(host.views.deck.current == .clock)
        #expect(host.views.onScreen == .clock)
        let lit = (0..<800).contains { x in (0..<480).contains { host.screen[x, $0].g > 0 } }
        #expect(lit, "the clock is drawn on the new display")
    }

    @Test("nightstand reload --config reaches a running host through the control socket")
    func controlSocket() throws {
        let file = try File(Self.one)
        let host = try host(file, clock: SystemClock(), flaky: FlakyProvider())
        let path = "/tmp/nightstand-reload-" + UUID().uuidString.prefix(8) + ".sock"
        let server = try ControlServer(path: path, handler: host.controlHandler)
        defer { server.stop() }
        let finished = DispatchSemaphore(value: 0)
        let running = Handed(host)
        Thread.detachNewThread {
            running.value.run()
            finished.signal()
        }
        try file.write(Self.two)
        #expect(
            try ControlClient.send(.command(.reloadConfiguration), to: path)
                == .done("configuration reloaded: 2 widget(s), 1 kept, 1 new, layout"))
        try file.write("[layout]\nmargin = \"wide\"\n")
        let refused = try ControlClient.send(.command(.reloadConfiguration), to: path)
        #expect(
            refused
                == .failed(
                    "configuration refused: \(file.path):2: [layout] margin: expected an integer, found \"wide\""
                ))
        host.events.post(.command(.stop))
        #expect(finished.wait(timeout: .now() + 30) == .success)
        #expect(host.widgets.stacks.count == 2)
    }
}
