import Ambient
import BuiltinWidgets
import Foundation
import NightstandTesting
import Testing
import WidgetUI
import Widgets

@testable import Standby

/// The readings a widget was drawn with, in order.
private final class ReadingLog: @unchecked Sendable {
    private let lock = NSLock()
    private var readings: [AmbientReading?] = []

    func add(_ reading: AmbientReading?) {
        lock.withLock { readings.append(reading) }
    }

    var all: [AmbientReading?] { lock.withLock { readings } }

    /// The reading of the last frame drawn (nil before the first, or without a reading).
    var last: AmbientReading? { all.last ?? nil }
}

/// A widget that shows the host's reading and logs each one it is drawn with.
private struct ProbeView: View {
    let log: ReadingLog
    @Environment(\.ambientReading) private var reading

    var body: some View {
        log.add(reading)
        return Text(reading?.lux.map { "\($0)" } ?? "none")
    }
}

private func probeKind(_ log: ReadingLog) -> ConfigurableWidget {
    ConfigurableWidget(kind: "probe") { _ in
        WidgetDescriptor(
            StaticConfiguration(kind: "probe", provider: RelevantProvider(score: 0)) { _ in
                ProbeView(log: log)
            })
    }
}

@Suite("The ambient reading widgets see")
struct AmbientReadingTests {
    /// A light sensor that is a file the test writes, under a simulated clock.
    private final class Room {
        let path = NSTemporaryDirectory() + "nightstand-lux-\(UUID().uuidString)"

        deinit { try? FileManager.default.removeItem(atPath: path) }

        func set(_ lux: Double) throws {
            try "\(lux)\n".write(toFile: path, atomically: true, encoding: .utf8)
        }
    }

    /// A host showing the probe, a widget that ignores the reading, and the light widget;
    /// with the ambient controller of `sensor` unless `controlled` is false (as in
    /// `nightstand snapshot`).
    private func host(
        sensor: String, clock: SimulatedClock, log: ReadingLog, controlled: Bool = true
    ) throws -> StandbyHost {
        let empty = NSTemporaryDirectory() + "nightstand-empty-sysfs"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        return try testHost(
            """
            [ambient]
            \(sensor)
            poll_interval = 2
            smoothing = "none"
            dwell = "10s"
            dim = "none"
            night = "22:00-06:00"
            time_zone = "UTC"
            fade = 0
            [layout]
            burn_in_shift = 0
            [[widget]]
            kind = "probe"
            [[widget]]
            kind = "plain"
            [[widget]]
            kind = "light"
            [[slot]]
            widgets = ["probe"]
            [[slot]]
            widgets = ["plain"]
            [[slot]]
            widgets = ["light"]
            """, file: "light.toml",
            widgets: BuiltinWidgets.all + [
                probeKind(log), kind("plain", RelevantProvider(score: 0)),
            ],
            sink: try memorySink(width: 600, height: 200), clock: clock,
            ambient: { configuration in
                controlled
                    ? AmbientController(configuration: configuration.ambient, sysfsRoot: empty)
                    : nil
            })
    }

    /// The draws since `baseline`, by widget.
    private func draws(_ host: StandbyHost, since baseline: [String: Int]) -> [String: Int] {
        host.statistics.draws.reduce(into: [:]) { result, item in
            result[item.key] = item.value - (baseline[item.key] ?? 0)
        }
    }

    @Test(
        "a new reading reaches the widgets that read it at the next poll; noise and other widgets draw nothing"
    )
    func newReading() async throws {
        let room = Room()
        let start = try #require(DateTimeText.parse("2027-01-15T12:00:00Z"))
        let log = ReadingLog()
        let host = try host(
            sensor: "sensor_file = \"\(room.path)\"", clock: SimulatedClock(start: start),
            log: log)
        try room.set(100)
        host.run(until: start + 1)
        let first = try #require(log.last)
        #expect(first.lux == 100 && first.source == .sensor && first.appearance == .day)
        #expect(first.sensorName == "file " + (room.path as NSString).lastPathComponent)
        #expect(first.thresholds.map(\.below) == [40, 3])
        #expect(first.thresholds.map(\.above) == [80, 8])
        let status = host.currentStatus(at: start + 1)
        #expect(
            status.light
                == "100.0 lx from file \((room.path as NSString).lastPathComponent) (sensor)")
        #expect(status.table(timeZone: .gmt).contains("\nlight: 100.0 lx from file "))
        // (Each drew its placeholder, then its first entry.)
        let settled = host.statistics.draws

        // 4 % more light over five polls: not worth a frame.
        try room.set(104)
        host.run(until: start + 11)
        #expect(draws(host, since: settled) == ["probe": 0, "plain": 0, "light": 0])

        // 20 % more: the widgets that read the reading draw again, at the next poll.
        try room.set(120)
        host.run(until: start + 13.5)
        #expect(log.all.last??.lux == 120)
        #expect(draws(host, since: settled) == ["probe": 1, "plain": 0, "light": 1])

        // Below dim_below: the lux shows at once, the appearance after the 10 s dwell, and
        // the appearance change draws every widget.
        try room.set(20)
        host.run(until: start + 15.5)
        #expect(log.all.last??.lux == 20)
        #expect(log.all.last??.appearance == .day)
        #expect(draws(host, since: settled)["plain"] == 0)
        host.run(until: start + 30)
        #expect(host.appearance == .dim)
        #expect(log.all.last??.appearance == .dim)
        #expect(draws(host, since: settled)["plain"] == 1)

        // A manual override: the sensor is not read, the widgets say so.
        host.events.post(.command(.setMode(.night)))
        host.run(until: start + 35)
        let forced = try #require(log.last)
        #expect(forced.source == .override && forced.appearance == .night && forced.lux == nil)
    }

    @Test("without a sensor the reading follows the schedule and adds no wake-ups")
    func schedule() async throws {
        let start = try #require(DateTimeText.parse("2027-01-15T21:00:00Z"))
        let log = ReadingLog()
        let host = try host(
            sensor: "sensor = \"none\"", clock: SimulatedClock(start: start), log: log)
        host.run(until: start + 1)
        let settled = host.statistics
        host.run(until: start + 3600 + 60)
        let readings = log.all.compactMap { $0 }
        #expect(readings.first?.appearance == .day && readings.last?.appearance == .night)
        #expect(readings.allSatisfy { $0.lux == nil && $0.sensorName == nil })
        #expect(readings.allSatisfy { $0.source == .schedule })
        #expect(draws(host, since: settled.draws)["light"] == 1, "once, at 22:00")
        let wakeups = host.statistics.wakeups - settled.wakeups
        #expect(wakeups <= 3, "\(wakeups) wake-ups in an hour")
    }

    @Test("snapshot: a decision's lux and sensor reach the widgets")
    func snapshot() async throws {
        let start = try #require(DateTimeText.parse("2027-01-15T12:00:00Z"))
        let log = ReadingLog()
        let host = try host(
            sensor: "sensor = \"none\"", clock: SimulatedClock(start: start), log: log,
            controlled: false)
        host.setAppearance(.night, source: .sensor(lux: 1.5), sensorName: "bh1750")
        host.drawSettledFrame()
        let reading = try #require(log.last)
        #expect(reading.lux == 1.5 && reading.sensorName == "bh1750")
        #expect(reading.appearance == .night && reading.source == .sensor)
    }
}
