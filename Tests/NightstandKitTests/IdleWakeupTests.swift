import Ambient
import BuiltinWidgets
import Display
import Foundation
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
        let configuration = try Configuration.parse(
            "[ambient]\nsensor = \"none\"\n[layout]\nburn_in_shift = 0", file: "idle.toml")
        let sink = try HeadlessSink(
            size: PixelSize(width: 800, height: 480), format: .xrgb8888, rotation: .degrees0,
            imagePath: nil, rawPath: nil)
        let start = Date(timeIntervalSince1970: 1_800_000_030)
        let host = try StandbyHost(
            configuration: configuration, registry: WidgetRegistry(BuiltinWidgets.all),
            sink: sink, clock: SimulatedClock(start: start),
            ambient: AmbientController(
                configuration: configuration.ambient,
                sysfsRoot: NSTemporaryDirectory()))
        host.run(until: start + 3600)
        print("IDLE", host.statistics)
        #expect(host.statistics.draws["clock"].map { (60...62).contains($0) } == true)
        #expect(host.statistics.wakeups <= 60 + 8)
    }
}
