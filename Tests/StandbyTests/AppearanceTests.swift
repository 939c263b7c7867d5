import Ambient
import Display
import Foundation
import NightstandTesting
import Raster
import Testing
import WidgetUI
import Widgets

@testable import Standby

/// A widget drawing the full palette: colors, grays, an accent group, a gradient.
func paletteKind(_ name: String) -> ConfigurableWidget {
    ConfigurableWidget(kind: name) { _ in
        WidgetDescriptor(
            StaticConfiguration(kind: name, provider: MinuteProvider()) { _ in
                VStack(spacing: 0) {
                    HStack(spacing: 0) {
                        Color.red
                        Color.green
                        Color.blue.widgetAccentable()
                        Color.white
                    }
                    LinearGradient(
                        colors: [.yellow, .cyan, .purple], startPoint: .leading,
                        endPoint: .trailing)
                    Text("12:34").font(.system(size: 40, weight: .bold)).foregroundStyle(.mint)
                }
                .containerBackground(Color.indigo, for: .widget)
            })
    }
}

@Suite("Appearances: schedule, fades, overrides, and a truly red night")
struct AppearanceTests {
    /// 2027-01-15 00:00 UTC, a Friday.
    let midnight = Date(timeIntervalSince1970: 1_800_057_600 - 7200 - 14400)

    private func host(
        _ toml: String, clock: SimulatedClock, sink: HeadlessSink? = nil, ambient: Bool = true
    ) throws -> (StandbyHost, HeadlessSink) {
        let sink = try sink ?? memorySink(width: 400, height: 240)
        let empty = NSTemporaryDirectory() + "nightstand-empty-sysfs"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let host = try testHost(
            toml, widgets: [paletteKind("palette")], sink: sink, clock: clock,
            ambient: { configuration in
                ambient
                    ? AmbientController(configuration: configuration.ambient, sysfsRoot: empty)
                    : nil
            })
        return (host, sink)
    }

    static let scheduled = """
        [ambient]
        sensor = "none"
        time_zone = "UTC"
        fade = "1s"
        [layout]
        burn_in_shift = 0
        [[widget]]
        kind = "palette"
        [[slot]]
        widgets = ["palette"]
        """

    @Test("a simulated day follows the clock schedule: dim at 21:00, night at 22:30, day at 06:30")
    func scheduleDay() async throws {
        let start = try #require(DateTimeText.parse("2027-01-15T12:00:00Z"))
        let clock = SimulatedClock(start: start)
        let (host, _) = try host(Self.scheduled, clock: clock)
        var seen: [(String, Appearance)] = []
        for time in ["20:59:00", "21:00:02", "22:29:00", "22:30:02", "06:29:00", "06:30:02"] {
            let day = time < "12" ? "2027-01-16" : "2027-01-15"
            let when = try #require(DateTimeText.parse("\(day)T\(time)Z"))
            host.run(until: when)
            seen.append((time, host.appearance))
        }
        #expect(seen.map(\.1) == [.day, .dim, .dim, .night, .night, .day])
    }

    @Test("an appearance change fades over a handful of frames, never brighter than either end")
    func fadeFrames() async throws {
        let start = try #require(DateTimeText.parse("2027-01-15T22:29:50Z"))
        let clock = SimulatedClock(start: start)
        let (host, _) = try host(
            Self.scheduled.replacingOccurrences(of: "dim = ", with: "x = "), clock: clock)
        host.run(until: start + 9)
        let before = host.statistics.frames
        let brightest = { () -> UInt8 in
            var top: UInt8 = 0
            for y in 0..<240 { for x in 0..<400 { top = max(top, host.screen[x, y].r) } }
            return top
        }
        let dimTop = brightest()
        // The night window starts at start + 10; the fade takes 1 s. Halfway through:
        host.run(until: start + 10.5)
        #expect(brightest() <= dimTop)
        host.run(until: start + 13)
        let fadeFrames = host.statistics.frames - before
        #expect((4...10).contains(fadeFrames), "\(fadeFrames) frames for the fade")
        #expect(host.appearance == .night)
    }

    @Test("nightstand mode overrides the schedule until auto")
    func override() async throws {
        let start = try #require(DateTimeText.parse("2027-01-15T12:00:00Z"))
        let clock = SimulatedClock(start: start)
        let (host, sink) = try host(Self.scheduled, clock: clock)
        host.run(until: start + 1)
        host.events.post(.command(.setMode(.night)))
        host.run(until: start + 10)
        #expect(host.appearance == .night)
        host.events.post(.command(.setMode(.off)))
        host.run(until: start + 20)
        #expect(host.appearance == .off)
        #expect(sink.panelRGB().allSatisfy { $0 == 0 }, "off blanks the panel")
        host.events.post(.command(.setMode(.auto)))
        host.run(until: start + 30)
        #expect(host.appearance == .day)
        #expect(sink.panelRGB().contains { $0 > 0 })
    }

    @Test(
        "night reaches the panel with no green or blue in any pixel format and rotation",
        arguments: PixelFormat.allCases, [Display.Rotation.degrees0, .degrees90, .degrees270])
    func nightIsRed(format: PixelFormat, rotation: Display.Rotation) async throws {
        let start = try #require(DateTimeText.parse("2027-01-15T23:30:00Z"))
        let size =
            rotation.swapsAxes
            ? PixelSize(width: 240, height: 400) : PixelSize(width: 400, height: 240)
        let sink = try HeadlessSink(
            size: size, format: format, rotation: rotation, imagePath: nil, rawPath: nil)
        let (host, _) = try host(Self.scheduled, clock: SimulatedClock(start: start), sink: sink)
        host.drawSettledFrame()
        #expect(host.appearance == .night)
        let rgb = sink.panelRGB()
        var red = 0
        for i in stride(from: 0, to: rgb.count, by: 3) {
            #expect(
                rgb[i + 1] == 0 && rgb[i + 2] == 0,
                "pixel (\(i / 3 % sink.panelSize.width), \(i / 3 / sink.panelSize.width)) of \(format): \(rgb[i]) \(rgb[i+1]) \(rgb[i+2])"
            )
            if rgb[i] > 0 { red += 1 }
            if rgb[i + 1] != 0 || rgb[i + 2] != 0 { return }
        }
        #expect(red > 1000, "the night frame shows something")
    }

    @Test("night's red ceiling caps the brightest red")
    func nightCeiling() async throws {
        let start = try #require(DateTimeText.parse("2027-01-15T23:30:00Z"))
        let toml = Self.scheduled + "\n" + ""
        let configured = toml.replacingOccurrences(
            of: "fade = \"1s\"", with: "fade = \"1s\"\nnight_red = 40\nnight_brightness = 100")
        let (host, _) = try host(configured, clock: SimulatedClock(start: start))
        host.drawSettledFrame()
        var top: UInt8 = 0
        for y in 0..<240 { for x in 0..<400 { top = max(top, host.screen[x, y].r) } }
        #expect((60...102).contains(top), "at most 40 % of 255, found \(top)")
    }
}
