import Ambient
import Display
import FoundationEssentials
import Glibc
import Raster
import Standby
import Synchronization

@testable import BuiltinWidgets
@testable import NightstandProgram
@testable import SystemSupport

/// Runs a headless display with every kind of moving part for `--hours` of a simulated clock.
///
/// The parts: a clock with seconds, a countdown, a stack of a calendar, the date and the
/// countdown, a command widget whose program times out one run in three (leaving a child
/// behind it), and a light sensor file that flaps between readings, garbage, nothing and a
/// FIFO, and an `mqtt` widget fed by a Mosquitto broker on loopback that the soak stops for
/// every third hour (hours 2, 5, … 23) and starts again, publishing on the widget's topic
/// every 10 minutes while it is up; the HTTP API with the web page open all along
/// (``SoakPage``); and the photos view, shown most hours, on a folder that changes every hour
/// and is gone for every fourth (``SoakPhotos``). Prints one CSV line per hour: resident
/// memory, open descriptors, threads, CPU time, leftover children, frames, how often the
/// faults were logged, the MQTT side, the page and the slideshow (``SoakSchedule``).
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
        // Info: the MQTT client's connections are logged at that level.
        Logger.bootstrap(level: .info, handler: log)
        let directory = "/tmp/nightstand-soak-\(getpid())"
        guard mkdir(directory, 0o700) == 0 else { fail("cannot make \(directory)") }
        defer { _ = try? FileManager.default.removeItem(atPath: directory) }
        let broker: SoakBroker
        do {
            broker = try SoakBroker(directory: directory + "/broker")
        } catch {
            fail("\(error)")
        }
        defer { broker.stop() }
        let start = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15 08:00 UTC
        let httpPort: Int
        do {
            httpPort = try SoakBroker.freePort()
            let token = Array("soak-token-0123456789\n".utf8)
            try AtomicFile.replace([token], at: directory + "/token")
        } catch {
            fail("\(error)")
        }
        let photos = SoakPhotos(folder: directory + "/photos")
        photos.create()
        let configuration = try Configuration.parse(
            Self.configuration(
                directory: directory, calendar: calendar, start: start, broker: broker,
                httpPort: httpPort),
            file: "soak.toml", sections: Assembly.sections)
        let sink = try HeadlessSink(
            size: PixelSize(width: 800, height: 480), imagePath: directory + "/screen.ppm")
        let clock = SimulatedClock(start: start)
        let host = try StandbyHost(
            configuration: configuration, registry: WidgetKinds.registry, sink: sink,
            clock: clock, fonts: try FontDatabase(),
            ambient: AmbientController(configuration: configuration.ambient))
        let flapping = SensorFlapper(path: directory + "/lux")
        flapping.start()
        let page = SoakPage(port: httpPort, token: "soak-token-0123456789")
        let schedule = SoakSchedule(
            start: start, hours: hours, broker: broker, log: log, page: page, photos: photos)
        schedule.host = host
        // The program's network side ([mqtt]), and the soak's hourly samples and broker
        // outages, on the host's clock: one run, so the MQTT client lives through it all.
        host.add(NetworkSource())
        host.add(schedule)
        print(SoakSchedule.header)
        host.run(until: start.addingTimeInterval(Double(hours) * 3600 + 1))
        page.stop()
        flapping.stop()
        broker.stop()
        print("outages,\(schedule.outages),publishes,\(schedule.publishes)")
        // Whatever a timed-out run left is stopped within a second or so.
        sleep(3)
        print(
            "after,\(ProcessSample.now().residentKiB),\(ProcessSample.now().descriptors),,"
                + "\(ProcessSample.leftoverChildren()),")
        if getenv("SOAK_EXIT_LIVE") != nil { withExtendedLifetime(host) { exit(0) } }
    }

    /// The soak's configuration: every moving part at once.
    static func configuration(
        directory: String, calendar: String, start: Date, broker: SoakBroker, httpPort: Int
    ) -> String {
        // One run in three sleeps past the 1 s timeout, with a child of its own in the way.
        let script =
            "n=$(od -An -N1 -tu1 /dev/urandom); "
            + "if [ $((n % 3)) -eq 0 ]; then sleep \(ProcessSample.marker) & sleep 30; fi; "
            + "printf '{\\\"title\\\": \\\"Soak\\\", \\\"value\\\": %d}' $n"
        let target = LocalDateTimeText.iso(start.addingTimeInterval(3 * 86_400))
        return """
            [display]
            backend = "headless"

            [mqtt]
            url = "\(broker.url)"
            client_id = "\(SoakBroker.clientID)"

            [http]
            listen = "127.0.0.1:\(httpPort)"
            token_file = "\(directory)/token"

            [layout]
            views = ["photos", "widgets", "clock"]
            view_schedule = \(SoakSchedule.viewSchedule)

            [photos]
            folder = "\(directory)/photos"
            interval = "5m"
            order = "name"
            night = "photos"

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

            [[widget]]
            id = "mqtt"
            kind = "mqtt"
            topic = "\(SoakBroker.topic)"
            label = "Soak"

            [[slot]]
            widgets = ["clock"]

            [[slot]]
            widgets = ["calendar", "date", "countdown", "mqtt"]

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
/// timeout, a sensor reading refused), and the MQTT client's lines, and writes other errors
/// to standard error.
final class CountingLog: LogHandler {
    let timeouts = Atomic(0)
    let sensorFailures = Atomic(0)
    /// Lines of the MQTT client (`mqtt: …`), and how many said it connected.
    let mqttLines = Atomic(0)
    let mqttConnections = Atomic(0)

    func log(_ entry: LogEntry) {
        if entry.message.hasPrefix("mqtt:") {
            mqttLines.add(1, ordering: .relaxed)
            if entry.message.hasPrefix("mqtt: connected") {
                mqttConnections.add(1, ordering: .relaxed)
            }
        } else if entry.message.contains("did not finish within") {
            timeouts.add(1, ordering: .relaxed)
        } else if entry.message.contains("light sensor") {
            sensorFailures.add(1, ordering: .relaxed)
        } else if entry.level >= .error {
            StandardErrorLogHandler().log(entry)
        }
    }
}

/// The soak's clockwork, a source of the host's: wakes every 10 minutes of the display's
/// clock; on the hour it prints the hour's sample, then stops the broker after hours 1, 4, …
/// 22 and starts it again after hours 2, 5, … 23, and changes the photo folder; while the
/// broker is up it publishes the wake's number on the widget's topic (retained).
///
/// It opens the web page when the loop starts.
///
/// Before a sample with the broker up, it waits (real time, at most 90 s) until the display
/// says it is connected again and its `mqtt` widget's topic holds the last value published;
/// before each sample, until no command run is in flight (at most 10 s), so that every
/// sample is taken at a comparable moment.
/// The MQTT client runs on real time, on its own thread, with back-off (1 s, 2 s, 4 s …):
/// an hour of the soak is some 25 s, so each outage takes it through several failed attempts.
final class SoakSchedule: EventSource {
    static let header =
        "hour,rss_kib,fds,threads,leftover_children,frames,timeouts_logged,sensor_failures,"
        + "mqtt,waited_s,value_delivered,connects_logged,broker_connections,mqtt_log_lines,"
        + "cpu_ms,page_events,page_screens,page_streams,slideshow,photos_opened,folder_scans"
    static let step: TimeInterval = 600
    /// The views by time of day (the soak runs in UTC and starts at 08:00): each view in the
    /// first three hours (so that every cache has filled by the fourth, the flat checks'
    /// baseline), then photos most of the day, the widgets and the clock for hours each.
    static let viewSchedule =
        #"["08:00 photos", "09:00 widgets", "10:00 clock", "11:00 photos", "14:00 widgets", "#
        + #""16:00 photos", "02:00 clock", "04:00 photos"]"#

    let start: Date
    let hours: Int
    let broker: SoakBroker
    let log: CountingLog
    let page: SoakPage
    let photos: SoakPhotos
    weak var host: StandbyHost?
    /// Whether the photos view showed with two photos or more at every wake of this hour.
    private var slideshowDue = true
    private var cpuAtHour = 0
    private(set) var outages = 0
    private(set) var publishes = 0
    private var published = ""
    private var context: SourceContext?
    private var wake: ScheduledWake?

    init(
        start: Date, hours: Int, broker: SoakBroker, log: CountingLog, page: SoakPage,
        photos: SoakPhotos
    ) {
        (self.start, self.hours, self.broker, self.log) = (start, hours, broker, log)
        (self.page, self.photos) = (page, photos)
    }

    func start(_ context: SourceContext) throws {
        self.context = context
        page.start()
        schedule(1)
    }

    func stop() { wake = nil }

    private func schedule(_ step: Int) {
        guard let context, step <= hours * 6 else { return }
        wake = context.wake(at: start.addingTimeInterval(Double(step) * Self.step)) {
            [unowned self] _ in
            self.tick(step)
            self.schedule(step + 1)
        }
    }

    private func tick(_ step: Int) {
        if host?.status.current.view != "photos" || photos.photos().count < 2 {
            slideshowDue = false
        }
        if step % 6 == 0 {
            let hour = step / 6
            sample(hour)
            photos.change(after: hour)
            slideshowDue = true
            if hour % 3 == 1 && hour < hours {
                broker.stop()
                outages += 1
            } else if hour % 3 == 2 {
                do { try broker.start() } catch { Soak.fail("\(error)") }
            }
        }
        if broker.isUp {
            published = "\(step)"
            if broker.publish(published) { publishes += 1 }
        }
    }

    private func sample(_ hour: Int) {
        let began = ContinuousClock.now
        var connected = false
        var delivered = false
        if broker.isUp {
            let deadline = began + .seconds(90)
            repeat {
                connected = host?.services.current["mqtt"]?.hasPrefix("connected") ?? false
                let latest = TopicBoard.shared.latest(SoakBroker.topic)?.payload ?? []
                delivered = latest == Array(published.utf8)
                if connected && delivered { break }
                usleep(50_000)
            } while ContinuousClock.now < deadline
        }
        let waited = (ContinuousClock.now - began).components.seconds
        // Comparable moments: no command run in flight (its pipes, its thread, its child).
        let quiet = ContinuousClock.now + .seconds(10)
        while ProcessSample.children() > 0 || ProcessSample.leftoverChildren() > 0,
            ContinuousClock.now < quiet
        {
            usleep(50_000)
        }
        // The page's downloads pause, and the connections they used close on both ends.
        page.hold()
        defer { page.resume() }
        usleep(500_000)
        let process = ProcessSample.now()
        let cpu = Self.cpuMilliseconds()
        let opened = photos.opened()
        print(
            "\(hour),\(process.residentKiB),\(process.descriptors),\(process.threads),"
                + "\(ProcessSample.leftoverChildren()),\(host?.statistics.frames ?? 0),"
                + "\(log.timeouts.load(ordering: .relaxed)),"
                + "\(log.sensorFailures.load(ordering: .relaxed)),"
                + "\(broker.isUp ? (connected ? "connected" : "NOT-connected") : "down"),"
                + "\(waited),\(broker.isUp ? (delivered ? "yes" : "no") : ""),"
                + "\(log.mqttConnections.load(ordering: .relaxed)),"
                + "\(broker.connectionsLogged()),\(log.mqttLines.load(ordering: .relaxed)),"
                + "\(cpu - cpuAtHour),\(page.events.load(ordering: .relaxed)),"
                + "\(page.screens.load(ordering: .relaxed)),"
                + "\(page.streams.load(ordering: .relaxed)),"
                + "\(slideshowDue ? "due" : "n/a"),\(opened.photos),\(opened.scans)")
        cpuAtHour = cpu
    }

    /// CPU time this process has used (user and system), in milliseconds.
    private static func cpuMilliseconds() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let user = Int(usage.ru_utime.tv_sec) * 1000 + Int(usage.ru_utime.tv_usec) / 1000
        return user + Int(usage.ru_stime.tv_sec) * 1000 + Int(usage.ru_stime.tv_usec) / 1000
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

    /// This process's children (running or not yet reaped), from each thread's
    /// `/proc/self/task/TID/children`.
    static func children() -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        var count = 0
        for task in tasks {
            let list = procFile("/proc/self/task/\(task)/children")
            count += list.split(separator: UInt8(ascii: " ")).count
        }
        return count
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
