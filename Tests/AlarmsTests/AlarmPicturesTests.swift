import Alarms
import BuiltinWidgets
import Foundation
import NightstandTesting
import Raster
import Testing

@testable import Standby

/// The repository's root, from this file's path.
private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

/// docs/alarms' pictures, drawn by the host on the simulated clock at 800x480 (recorded by
/// `scripts/docs-pictures`): the alarm view by day and at night, and the wake-up light's rise
/// as a strip of frames.
@Suite("The alarms' pictures")
struct AlarmPicturesTests {
    static func host(
        _ extra: String, at start: Date, width: Int = 800, height: Int = 480
    ) throws -> StandbyHost {
        let configuration = try Configuration.parse(
            """
            [[widget]]
            kind = "clock"
            [[widget]]
            kind = "date"
            [[slot]]
            widgets = ["clock"]
            [[slot]]
            widgets = ["date"]
            [[alarm]]
            id = "work"
            time = "07:00"
            label = "Work"
            \(extra)
            """, file: "alarms.toml", sections: [AlarmSettings.self])
        return try testHost(
            configuration, registry: WidgetRegistry(BuiltinWidgets.all),
            sink: memorySink(width: width, height: height), clock: SimulatedClock(start: start),
            fonts: try FontDatabase())
    }

    static func picture(_ name: String) -> GoldenLocation {
        GoldenLocation(package: root.path, path: "docs/alarms/\(name).png")
    }

    @Test("the alarm view by day and at night", arguments: ["day", "night"])
    func alarmView(mode: String) throws {
        let host = try Self.host("", at: AlarmHostTests.monday(6, 59, 50))
        host.apply(.setMode(mode == "day" ? .day : .night))
        host.run(until: AlarmHostTests.monday(7, 0, 2))
        #expect(host.state.ringingAlarm != nil)
        assertGolden(host.screen, at: Self.picture("alarm-\(mode)"), maxDifferingPixels: 200)
    }

    @Test("the clock view shows the next alarm under the time, and drops it once none rings")
    func clockView() throws {
        let host = try Self.host(
            "[layout]\nviews = [\"clock\"]", at: AlarmHostTests.monday(6, 41, 30))
        host.run(until: AlarmHostTests.monday(6, 41, 40))
        assertGolden(host.screen, at: Self.picture("clock-next-alarm"), maxDifferingPixels: 200)
        /// Whether the bottom band, where the line goes, is all black.
        func bandIsBlack() -> Bool {
            (420..<472).allSatisfy { y in
                (0..<800).allSatisfy { x in host.screen[x, y].value & 0xFF_FFFF == 0 }
            }
        }
        #expect(!bandIsBlack())
        host.apply(.alarm(.set("work", .off)))
        host.run(until: AlarmHostTests.monday(6, 41, 50))
        #expect(bandIsBlack())
    }

    @Test("the wake-up light rising over 20 minutes, a frame every 5 minutes")
    func wakeLightStrip() throws {
        let host = try Self.host(
            #"light_before = "20m""#, at: AlarmHostTests.monday(6, 39), width: 400, height: 240)
        host.apply(.setMode(.night))
        let strip = Canvas(size: PixelSize(width: 5 * 400, height: 240))
        let instants = [40, 45, 50, 55].map { AlarmHostTests.monday(6, $0, 1) }
        for (index, instant) in (instants + [AlarmHostTests.monday(7, 0, 2)]).enumerated() {
            host.run(until: instant)
            strip.composite(Bitmap(copying: host.screen), to: (x: index * 400, y: 0))
        }
        assertGolden(strip, at: Self.picture("wake-light"), maxDifferingPixels: 400)
    }
}
