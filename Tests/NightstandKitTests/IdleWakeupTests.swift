import Ambient
import BuiltinWidgets
import Display
import Foundation
import NightstandTesting
import Raster
import Standby
import Testing
import Widgets

@Suite("The default display when idle")
struct IdleWakeupTests {
    @Test(
        "an hour of the default clock and date wakes about once a minute and draws the clock once a minute"
    )
    func idleHour() async throws {
        let start = Date(timeIntervalSince1970: 1_800_000_030)
        let host = try testHost(
            "[ambient]\nsensor = \"none\"\n[layout]\nburn_in_shift = 0", file: "idle.toml",
            widgets: BuiltinWidgets.all, sink: memorySink(width: 800, height: 480),
            clock: SimulatedClock(start: start),
            ambient: { configuration in
                AmbientController(
                    configuration: configuration.ambient, sysfsRoot: NSTemporaryDirectory())
            })
        host.run(until: start + 3600)
        print("IDLE", host.statistics)
        #expect(host.statistics.draws["clock"].map { (60...62).contains($0) } == true)
        #expect(host.statistics.wakeups <= 60 + 8)
    }
}
