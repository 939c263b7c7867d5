import Ambient
import Foundation
import Testing
import Widgets

@testable import Standby

@Suite("Light sensors that appear later are noticed through device events, not polling")
struct SensorHotplugTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// A fake sysfs with no IIO sensor yet, and a way to add one.
    private final class Sysfs {
        let root = NSTemporaryDirectory() + "nightstand-hotplug-\(UUID().uuidString)"

        init() throws {
            try FileManager.default.createDirectory(
                atPath: root + "/bus/iio/devices", withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        func addSensor(lux: Int) throws {
            let device = root + "/bus/iio/devices/iio:device0"
            try FileManager.default.createDirectory(
                atPath: device, withIntermediateDirectories: true)
            try "bh1750\n".write(toFile: device + "/name", atomically: true, encoding: .utf8)
            try "\(lux)\n".write(
                toFile: device + "/in_illuminance_input", atomically: true, encoding: .utf8)
        }
    }

    private func host(sysfs: Sysfs, clock: SimulatedClock) throws -> StandbyHost {
        try clockHost(
            """
            [ambient]
            sensor = "auto"
            smoothing = "none"
            dwell = 0
            dim = "none"
            night = "none"
            fade = 0
            """, clock: clock
        ) { AmbientController(configuration: $0.ambient, sysfsRoot: sysfs.root) }
    }

    @Test("without a sensor the host waits for a device event instead of looking every 30 s")
    func waitsForTheKernel() throws {
        let sysfs = try Sysfs()
        var ends: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0, &ends) == 0)
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        defer {
            close(ends[0])
            close(ends[1])
        }
        let kernel = ends[1]
        let clock = SimulatedClock(start: start)
        let host = try host(sysfs: sysfs, clock: clock)
        // Each run opens a monitor, which owns its descriptor and closes it when the run
        // stops: each gets a duplicate. (Handing all three the same number closed it three
        // times; the second and third closes hit whatever else in the test process had been
        // given that number by then, such as another test's eventfd.)
        host.add(SensorHotplug { UeventMonitor(descriptor: dup(ends[0]), subsystems: ["iio"]) })
        host.run(until: start + 1)
        let settled = host.statistics.wakeups
        host.run(until: start + 3600)
        // The clock's minutes and hourly reload only: no probes for the missing sensor.
        #expect(host.statistics.wakeups - settled <= 60 + 4)
        #expect(host.ambient.reading.lux == nil)

        // The driver binds: nothing looks for the sensor until the event says so; then it is
        // read on the next turn.
        try sysfs.addSensor(lux: 5)
        host.run(until: start + 3650)
        #expect(host.ambient.reading.lux == nil)
        let message = Array(
            ("add@/devices/i2c-1/1-0023/iio:device0\0ACTION=add\0"
                + "DEVPATH=/devices/i2c-1/1-0023/iio:device0\0SUBSYSTEM=iio\0").utf8)
        _ = message.withUnsafeBytes { send(kernel, $0.baseAddress, $0.count, 0) }
        host.run(until: start + 3651)
        #expect(host.ambient.reading.lux == 5)
        #expect(host.ambient.reading.sensorName == "bh1750")
        #expect(host.appearance == .dim)
    }

    @Test("without device events (no source) a missing sensor is looked for every 30 s")
    func pollsWithoutEvents() throws {
        let sysfs = try Sysfs()
        let clock = SimulatedClock(start: start)
        let host = try host(sysfs: sysfs, clock: clock)
        host.run(until: start + 1)
        let settled = host.statistics.wakeups
        host.run(until: start + 3600)
        // The minutes, and a look on each half minute between them.
        #expect(host.statistics.wakeups - settled >= 60 + 55)
        try sysfs.addSensor(lux: 500)
        host.run(until: start + 3640)
        #expect(host.ambient.reading.lux == 500)
    }
}
