import Foundation
import NightstandTesting
import SystemSupport
import Testing
import Widgets

@testable import BuiltinWidgets

/// The system widget's readings from fake `/proc` and `/sys` trees, their problems, and its
/// options.
@Suite("System")
struct SystemTests {
    @Test("a board's readings: host, CPU zone, load, memory, uptime, first up non-loopback IPv4")
    func readings() throws {
        let readout = try FakeBoard().reader().read()
        #expect(readout.hostname == "kitchen-pi")
        #expect(
            readout.temperature == SystemReadout.Temperature(celsius: 48.312, sensor: "cpu-thermal")
        )
        #expect(readout.load == [0.42, 0.35, 0.30])
        #expect(
            readout.memory
                == SystemReadout.Memory(total: 3_884_360 * 1024, available: 1_456_636 * 1024))
        #expect(abs((readout.memory?.usedFraction ?? 0) - 0.625) < 0.001)
        #expect(readout.uptime == 273_845.12)
        #expect(readout.address == "192.168.1.23")
        #expect(readout.problems.isEmpty)
    }

    @Test("the values in words")
    func words() throws {
        let readout = try FakeBoard().reader().read()
        #expect(SystemText.temperature(readout.temperature) == "48°C")
        #expect(SystemText.load(readout.load, count: 3) == "0.42 0.35 0.30")
        #expect(SystemText.memory(readout.memory) == "62%")
        #expect(SystemText.memoryAmounts(readout.memory) == "2.3 of 3.7 GB")
        #expect(SystemText.uptime(readout.uptime) == "3 d 4 h")
        #expect(SystemText.uptime(125) == "2 min" && SystemText.uptime(nil) == "—")
    }

    @Test("the sensor option picks a zone by type or by name; an unknown one lists the zones")
    func sensorChoice() throws {
        let board = try FakeBoard()
        #expect(board.reader(sensor: "gpu-thermal").read().temperature?.celsius == 51)
        #expect(board.reader(sensor: "thermal_zone1").read().temperature?.sensor == "gpu-thermal")
        let unknown = board.reader(sensor: "battery").read()
        #expect(unknown.temperature == nil)
        #expect(
            unknown.problems == [
                "\(board.root)/sys/class/thermal: no thermal zone \"battery\"; expected one of: "
                    + "thermal_zone0 (cpu-thermal), thermal_zone1 (gpu-thermal)"
            ])
    }

    @Test("without a sensor option the zone whose type names the CPU wins over the first")
    func cpuZoneFirst() throws {
        let board = try FakeBoard([
            "sys/class/thermal/thermal_zone0/type": "acpitz\n",
            "sys/class/thermal/thermal_zone0/temp": "27800\n",
            "sys/class/thermal/thermal_zone1/type": "x86_pkg_temp\n",
            "sys/class/thermal/thermal_zone1/temp": "61000\n",
        ])
        #expect(board.reader().read().temperature?.sensor == "x86_pkg_temp")
    }

    @Test("unreadable or malformed files give a problem naming the file and what was expected")
    func problems() throws {
        let board = try FakeBoard([
            "proc/loadavg": "busy\n", "proc/meminfo": "MemTotal: 100 kB\n",
            "proc/uptime": nil, "sys/class/thermal/thermal_zone0/temp": "hot\n",
        ])
        let readout = board.reader(interfaces: []).read()
        #expect(readout.load == nil && readout.memory == nil && readout.uptime == nil)
        #expect(readout.temperature == nil && readout.address == nil)
        #expect(readout.hostname == "kitchen-pi", "the rest still reads")
        let root = board.root
        #expect(
            readout.problems == [
                "\(root)/sys/class/thermal/thermal_zone0/temp: expected millidegrees Celsius such "
                    + "as 48312, found \"hot\"",
                "\(root)/proc/loadavg: expected three load averages such as \"0.42 0.35 0.30 …\", "
                    + "found \"busy\"",
                "\(root)/proc/meminfo: expected the lines \"MemTotal: … kB\" and \"MemAvailable: … kB\"",
                "\(root)/proc/uptime: no such file",
                "getifaddrs: no network interface is up with an IPv4 address",
            ])
    }

    @Test("the provider reads at each timeline, reloads after refresh, and logs once per change")
    func provider() throws {
        let board = try FakeBoard(["proc/loadavg": "busy"])
        let recorder = LogRecorder()
        let provider = SystemProvider(
            reader: board.reader(), refresh: 90,
            log: ProblemLog(subject: "system widget", logger: recorder.logger))
        let now = berlin(2026, 1, 15, 21, 41)
        let context = TimelineProviderContext(family: .systemSmall, date: now)
        var timelines: [Timeline<SystemEntry>] = []
        provider.getTimeline(in: context) { timelines.append($0) }
        provider.getTimeline(in: context) { timelines.append($0) }
        try Data("0.1 0.2 0.3 1/2 3".utf8).write(
            to: URL(fileURLWithPath: board.root + "/proc/loadavg"))
        provider.getTimeline(in: context) { timelines.append($0) }
        #expect(timelines.map { $0.entries.first?.readout.load } == [nil, nil, [0.1, 0.2, 0.3]])
        #expect(timelines.first?.policy == .after(now.addingTimeInterval(90)))
        #expect(recorder.messages.count == 2)
        #expect(
            recorder.messages.first?.hasPrefix("warning: system widget: \(board.root)/proc/loadavg")
                == true)
        #expect(recorder.messages.last == "notice: system widget: working again")
    }

    @Test("options: refresh must be a duration, sensor a string, nothing else")
    func options() {
        func error(_ values: [String: WidgetOptions.Value]) -> String? {
            do {
                _ = try SystemWidget.kind.make(WidgetOptions(values))
                return nil
            } catch {
                return (error as? WidgetOptionError)?.key
            }
        }
        #expect(error(["refresh": .string("often")]) == "refresh")
        #expect(error(["refresh": .int(0)]) == "refresh")
        #expect(error(["sensor": .int(0)]) == "sensor")
        #expect(error(["root": .string("/")]) == "root")
        #expect(error(["refresh": .string("2m"), "sensor": .string("cpu-thermal")]) == nil)
    }

    @Test("getifaddrs lists this machine's IPv4 interfaces, loopback flagged")
    func realInterfaces() {
        let interfaces = NetworkInterface.all()
        for interface in interfaces where interface.address == "127.0.0.1" {
            #expect(interface.isLoopback)
        }
        #expect(interfaces.allSatisfy { $0.address.split(separator: ".").count == 4 })
    }
}
