import Synchronization
import Testing

@testable import SystemSupport

/// Logging: levels, the lines a handler gets, the standard error format, the program's setting.
@Suite("Logger")
struct LoggerTests {
    @Test("lines below the logger's level are dropped before their message is built")
    func levels() {
        let handler = Recorder()
        var log = Logger(label: "test", level: .warning, handler: handler)
        let built = Mutex(0)
        func message(_ text: String) -> String {
            built.withLock { $0 += 1 }
            return text
        }
        log.info(message("hidden"))
        log.warning(message("shown"))
        log.critical(message("also shown"))
        log.logLevel = .trace
        log.trace(message("now shown"))
        #expect(handler.lines == ["warning shown", "critical also shown", "trace now shown"])
        #expect(built.withLock { $0 } == 3)
    }

    @Test("levels order from trace to critical and read as --log-level names them")
    func order() {
        #expect(Logger.Level.allCases.sorted() == Logger.Level.allCases)
        #expect(Logger.Level.trace < .debug && Logger.Level.error < .critical)
        #expect(Logger.Level(rawValue: "notice") == .notice)
        #expect(Logger.Level(rawValue: "verbose") == nil)
    }

    @Test("a standard error line has the time, level, label, sorted metadata and message")
    func format() {
        let entry = LogEntry(
            level: .warning, label: "nightstand.widgets", message: "weather: timed out",
            metadata: ["kind": "weather", "id": "2"])
        #expect(
            StandardErrorLogHandler.line(entry, time: "2026-11-21T10:09:00+0000")
                == "2026-11-21T10:09:00+0000 warning nightstand.widgets : id=2 kind=weather "
                + "weather: timed out")
        let plain = LogEntry(level: .info, label: "nightstand", message: "stopped", metadata: [:])
        #expect(StandardErrorLogHandler.line(plain, time: "T") == "T info nightstand : stopped")
    }

    @Test("the local time reads as ISO 8601 with an offset")
    func timestamp() {
        let time = StandardErrorLogHandler.timestamp()
        #expect(time.count == 24)
        #expect(time.contains("T") && (time.contains("+") || time.contains("-")))
    }

    @Test("Logger(label:) takes the level and handler the program set last")
    func bootstrap() {
        let handler = Recorder()
        Logger.bootstrap(level: .error, handler: handler)
        defer { Logger.bootstrap(level: .info) }
        let log = Logger(label: "test.bootstrap")
        log.warning("dropped")
        log.error("kept")
        #expect(log.logLevel == .error)
        #expect(
            handler.lines.filter { $0.hasSuffix("kept") || $0.hasSuffix("dropped") } == [
                "error kept"
            ])
    }
}

/// Records "level message" per line.
private final class Recorder: LogHandler {
    private let recorded = Mutex<[String]>([])

    var lines: [String] { recorded.withLock { $0 } }

    func log(_ entry: LogEntry) {
        recorded.withLock { $0.append("\(entry.level) \(entry.message)") }
    }
}
