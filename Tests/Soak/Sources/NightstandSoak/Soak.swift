import Ambient
import Display
import FoundationEssentials
import Glibc
import Raster
import Standby
import Synchronization

@testable import NightstandKit
@testable import SystemSupport

/// Runs a headless display with every kind of moving part for `--hours` of a simulated clock.
///
/// The parts: a clock with seconds, a countdown, a stack of a calendar, the date and the
/// countdown, a command widget whose program times out one run in three (leaving a child
/// behind it), and a light sensor file that flaps between readings, garbage, nothing and a
/// FIFO. Prints one CSV line per hour: resident memory, open descriptors, threads, leftover
/// children, frames, and how often the faults were logged.
///
///     NightstandSoak --hours 24 --calendar Tests/BuiltinWidgetsTests/Fixtures/calendar-berlin.ics
@main
struct Soak {
    static func main() throws {
        var hours = 24
        var calendar = ""
        var arguments = CommandLine.arguments.dropFirst().makeIterator()
        while let argument = arguments.next() {
            switch argument {
            case "--hours": hours = arguments.next().flatMap { Int($0) } ?? hours
            case "--calendar": calendar = arguments.next() ?? calendar
            default: fail("unknown argument \(argument); expected --hours N --calendar FILE")
            }
        }
        let log = CountingLog()
        Logger.bootstrap(level: .notice, handler: log)
        let directory = "/tmp/nightstand-soak-\(getpid())"
        guard mkdir(directory, 0o700) == 0 else { fail("cannot make \(directory)") }
        defer { _ = try? FileManager.default.removeItem(atPath: directory) }
        let start = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15 08:00 UTC
        let configuration = try Configuration.parse(
            Self.configuration(directory: directory, calendar: calendar, start: start),
            file: "soak.toml")
        let sink = try HeadlessSink(
            size: PixelSize(width: 800, height: 480), imagePath: directory + "/screen.ppm")
        let clock = SimulatedClock(start: start)
        let host = try StandbyHost(
            configuration: configuration, registry: WidgetKinds.registry, sink: sink,
            clock: clock, fonts: try FontDatabase(),
            ambient: AmbientController(configuration: configuration.ambient))
        let flapping = SensorFlapper(path: directory + "/lux")
        flapping.start()
        print("hour,rss_kib,fds,threads,leftover_children,frames,timeouts_logged,sensor_failures")
        for hour in 1...hours {
            host.run(until: start.addingTimeInterval(Double(hour) * 3600))
            let process = ProcessSample.now()
            print(
                "\(hour),\(process.residentKiB),\(process.descriptors),\(process.threads),"
                    + "\(ProcessSample.leftoverChildren()),\(host.statistics.frames),"
                    + "\(log.timeouts.load(ordering: .relaxed)),"
                    + "\(log.sensorFailures.load(ordering: .relaxed))")
        }
        flapping.stop()
        // Whatever a timed-out run left is stopped within a second or so.
        sleep(3)
        print(
            "after,\(ProcessSample.now().residentKiB),\(ProcessSample.now().descriptors),,"
                + "\(ProcessSample.leftoverChildren()),")
        if getenv("SOAK_EXIT_LIVE") != nil { withExtendedLifetime(host) { exit(0) } }
    }

    /// The soak's configuration: every moving part at once.
    static func configuration(directory: String, calendar: String, start: Date) -> String {
        // One run in three sleeps past the 1 s timeout, with a child of its own in the way.
        let script =
            "n=$(od -An -N1 -tu1 /dev/urandom); "
            + "if [ $((n % 3)) -eq 0 ]; then sleep \(ProcessSample.marker) & sleep 30; fi; "
            + "printf '{\\\"title\\\": \\\"Soak\\\", \\\"value\\\": %d}' $n"
        let target = LocalDateTimeText.iso(start.addingTimeInterval(3 * 86_400))
        return """
            [display]
            backend = "headless"

            [ambient]
            sensor_file = "\(directory)/lux"
            poll_interval = "2s"

            [[widget]]
            id = "clock"
            kind = "clock"
            seconds = true

            [[widget]]
            id = "countdown"
            kind = "countdown"
            target = "\(target)"
            after = "elapsed"

            [[widget]]
            id = "calendar"
            kind = "calendar"
            files = ["\(calendar)"]
            style = "events"

            [[widget]]
            id = "date"
            kind = "date"

            [[widget]]
            id = "command"
            kind = "command"
            command = ["sh", "-c", "\(script)"]
            refresh = "1m"
            timeout = "1s"

            [[slot]]
            widgets = ["clock"]

            [[slot]]
            widgets = ["calendar", "date", "countdown"]

            [[slot]]
            widgets = ["command"]
            """
    }

    static func fail(_ message: String) -> Never {
        writeStandardError("NightstandSoak: \(message)")
        exit(2)
    }
}

/// Counts the log lines that show the soak's faults happening (a command run past its
/// timeout, a sensor reading refused) and writes errors to standard error.
final class CountingLog: LogHandler {
    let timeouts = Atomic(0)
    let sensorFailures = Atomic(0)

    func log(_ entry: LogEntry) {
        if entry.message.contains("did not finish within") {
            timeouts.add(1, ordering: .relaxed)
        } else if entry.message.contains("light sensor") {
            sensorFailures.add(1, ordering: .relaxed)
        } else if entry.level >= .error {
            StandardErrorLogHandler().log(entry)
        }
    }
}

/// `2027-01-18T08:00:00Z`.
enum LocalDateTimeText {
    static func iso(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        func two(_ n: Int?) -> String { (n ?? 0) < 10 ? "0\(n ?? 0)" : "\(n ?? 0)" }
        return "\(c.year ?? 2027)-\(two(c.month))-\(two(c.day))T\(two(c.hour)):\(two(c.minute))Z"
    }
}

/// Rewrites the sensor file every 20 ms of real time, round and round: a dark reading, a
/// bright one, garbage, nothing there, a FIFO, a huge number.
final class SensorFlapper: Sendable {
    let path: String
    private let running = Atomic(false)

    init(path: String) { self.path = path }

    func start() {
        running.store(true, ordering: .releasing)
        _ = DetachedThread.start(name: "flapper") { [self] in
            var step = 0
            while running.load(ordering: .acquiring) {
                unlink(path)
                switch step % 6 {
                case 0: write("3\n")
                case 1: write("850 lux\n")
                case 2: write("dark\n")
                case 3: break
                case 4: mkfifo(path, 0o600)
                default: write("1e300\n")
                }
                step += 1
                usleep(20_000)
            }
        }
    }

    func stop() { running.store(false, ordering: .releasing) }

    private func write(_ text: String) {
        try? AtomicFile.replace([Array(text.utf8)], at: path)
    }
}

/// This process as `/proc` sees it.
struct ProcessSample {
    /// The argument of the `sleep` a timed-out run of the soak's command leaves behind.
    static let marker = "31.4159"

    var residentKiB: Int
    var descriptors: Int
    var threads: Int

    static func now() -> ProcessSample {
        let status = String(decoding: procFile("/proc/self/status"), as: UTF8.self)
        func field(_ name: String) -> Int {
            let line = status.split(separator: "\n").first { $0.hasPrefix(name + ":") }
            let words = line?.split(whereSeparator: { $0 == " " || $0 == "\t" }) ?? []
            return words.count > 1 ? Int(words[1]) ?? -1 : -1
        }
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.count
        return ProcessSample(
            residentKiB: field("VmRSS"), descriptors: (fds ?? 0) - 1, threads: field("Threads"))
    }

    /// Processes on the machine running the soak command's marked `sleep`.
    static func leftoverChildren() -> Int {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { entry in
            guard entry.allSatisfy(\.isNumber) else { return false }
            let line = procFile("/proc/\(entry)/cmdline")
            return String(decoding: line, as: UTF8.self) == "sleep\0\(marker)\0"
        }.count
    }

    /// The contents of a procfs file (at most 64 KiB; empty when it can't be read).
    ///
    /// Read with read(2), not `FileManager.contents(atPath:)`: FoundationEssentials (Swift
    /// 6.3) leaks the 4 KiB buffer of every empty file it reads, and the `cmdline` of each
    /// kernel thread is empty, so each sample leaked some 250 KiB and made the soak's own
    /// memory grow (docs/reliability.md).
    static func procFile(_ path: String) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 65536)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes {
                read(fd, $0.baseAddress?.advanced(by: count), $0.count - count)
            }
            if n <= 0 { break }
            count += n
        }
        return Array(bytes[..<count])
    }
}
