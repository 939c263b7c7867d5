import Ambient
import BuiltinWidgets
import Display
import Foundation
import NightstandTesting
import Raster
import Standby
import Testing
import Widgets

/// The default display (clock and date) at 21:41 UTC on Friday 2026-11-27,
/// in each appearance: the appearance table of docs/architecture.md, as pixels.
@Suite("The default display in day, dim and night")
struct AppearanceGoldenTests {
    @Test(
        "each appearance matches its golden (day: full color; dim: luminance reduced; night: vibrant, red)",
        arguments: [Appearance.day, .dim, .night])
    func appearance(_ appearance: Appearance) async throws {
        // 2026-11-27 21:41 UTC. The clock shows the machine's zone (UTC on our machines).
        let start = Date(timeIntervalSince1970: 1_795_815_660)
        let host = try testHost(
            """
            [ambient]
            sensor = "none"
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
            """, file: "default.toml", widgets: BuiltinWidgets.all,
            sink: memorySink(width: 800, height: 480), clock: SimulatedClock(start: start),
            fonts: try FontDatabase())
        host.setAppearance(appearance)
        host.drawSettledFrame()
        assertGolden(host.screen, named: "default-\(appearance)", tolerance: 2)
    }
}
