import Glibc
import Synchronization

/// A named source of log lines: each line has a level, and lines below the logger's level are
/// dropped before their message is even built.
///
/// ```swift
/// let log = Logger(label: "nightstand")
/// log.info("running: \(count) slot(s) on \(size)")
/// ```
///
/// gives, on standard error (the journal, under systemd):
///
/// ```
/// 2026-11-21T10:09:00+0000 info nightstand : running: 2 slot(s) on 800x480
/// ```
///
/// `Logger(label:)` writes through the handler and at the level the program chose once at
/// start (``Logger/bootstrap(level:handler:)``; until then standard error, level info).
///
/// Technical notes: the interface is the part of swift-log's `Logger` Nightstand used. swift-log
/// itself is not a dependency: its release in the package mirror needs Swift 6.2, and Nightstand
/// builds with Debian 13's Swift 6.0.3.
public struct Logger: Sendable {
    /// How important a line is, from the least (`trace`) to the most (`critical`).
    public enum Level: String, Sendable, Comparable, CaseIterable, CustomStringConvertible {
        case trace, debug, info, notice, warning, error, critical

        /// Whether `lhs` is less important than `rhs`.
        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.severity < rhs.severity }

        /// 0 for `trace` up to 6 for `critical`.
        private var severity: Int {
            switch self {
            case .trace: 0
            case .debug: 1
            case .info: 2
            case .notice: 3
            case .warning: 4
            case .error: 5
            case .critical: 6
            }
        }

        /// The name, as in a log line and in `--log-level`: "warning".
        public var description: String { rawValue }
    }

    /// Key-value pairs shown with a line (`kind=clock`).
    public typealias Metadata = [String: String]

    /// The name shown in each line ("nightstand.widgets").
    public let label: String
    /// The lowest level written; lines below it are dropped.
    public var logLevel: Level
    private let handler: any LogHandler

    /// A logger writing through the program's handler at the program's level.
    public init(label: String) {
        let (level, handler) = processLogging.withLock { $0 }
        self.init(label: label, level: level, handler: handler)
    }

    /// A logger writing through `handler` at `level`.
    ///
    /// Default: `.trace`, every line.
    public init(label: String, level: Level = .trace, handler: any LogHandler) {
        self.label = label
        self.logLevel = level
        self.handler = handler
    }

    /// Sets the level and handler every later `Logger(label:)` gets (once, as the program
    /// starts).
    public static func bootstrap(level: Level, handler: any LogHandler = StandardErrorLogHandler())
    {
        processLogging.withLock { $0 = (level, handler) }
    }

    /// Writes `message` at `level` unless the logger's level is higher.
    public func log(
        level: Level, _ message: @autoclosure () -> String, metadata: Metadata = [:]
    ) {
        guard level >= logLevel else { return }
        handler.log(
            LogEntry(level: level, label: label, message: message(), metadata: metadata))
    }

    /// Writes a `trace` line.
    public func trace(_ message: @autoclosure () -> String, metadata: Metadata = [:]) {
        log(level: .trace, message(), metadata: metadata)
    }

    /// Writes a `debug` line.
    public func debug(_ message: @autoclosure () -> String, metadata: Metadata = [:]) {
        log(level: .debug, message(), metadata: metadata)
    }

    /// Writes an `info` line.
    public func info(_ message: @autoclosure () -> String, metadata: Metadata = [:]) {
        log(level: .info, message(), metadata: metadata)
    }

    /// Writes a `notice` line.
    public func notice(_ message: @autoclosure () -> String, metadata: Metadata = [:]) {
        log(level: .notice, message(), metadata: metadata)
    }

    /// Writes a `warning` line.
    public func warning(_ message: @autoclosure () -> String, metadata: Metadata = [:]) {
        log(level: .warning, message(), metadata: metadata)
    }

    /// Writes an `error` line.
    public func error(_ message: @autoclosure () -> String, metadata: Metadata = [:]) {
        log(level: .error, message(), metadata: metadata)
    }

    /// Writes a `critical` line.
    public func critical(_ message: @autoclosure () -> String, metadata: Metadata = [:]) {
        log(level: .critical, message(), metadata: metadata)
    }
}

/// The level and handler `Logger(label:)` takes (``Logger/bootstrap(level:handler:)``).
private let processLogging = Mutex<(Logger.Level, any LogHandler)>(
    (.info, StandardErrorLogHandler()))

/// One line to log.
public struct LogEntry: Sendable, Equatable {
    /// How important it is.
    public let level: Logger.Level
    /// The logger's label.
    public let label: String
    /// What happened.
    public let message: String
    /// Key-value pairs shown with the message.
    public let metadata: Logger.Metadata
}

/// Where a ``Logger``'s lines go.
public protocol LogHandler: Sendable {
    /// Writes one line (called on the logging thread; must not block for long).
    func log(_ entry: LogEntry)
}

/// Writes each line to standard error in one `write(2)`, with the local time in ISO 8601:
/// `2026-11-21T10:09:00+0000 warning nightstand.widgets : kind=clock weather: timed out`.
public struct StandardErrorLogHandler: LogHandler {
    /// A handler for standard error.
    public init() {}

    /// Writes `entry` as one line.
    public func log(_ entry: LogEntry) {
        writeStandardError(Self.line(entry, time: Self.timestamp()))
    }

    /// `entry` as a line: the time, the level, the label, the metadata sorted by key, the
    /// message.
    static func line(_ entry: LogEntry, time: String) -> String {
        let fields = entry.metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let metadata = fields.isEmpty ? "" : " " + fields.joined(separator: " ")
        return "\(time) \(entry.level) \(entry.label) :\(metadata) \(entry.message)"
    }

    /// The local time as `strftime("%Y-%m-%dT%H:%M:%S%z")`.
    static func timestamp() -> String {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &parts)
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
