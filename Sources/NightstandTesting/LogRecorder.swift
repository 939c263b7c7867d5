import Foundation
import SystemSupport

/// Collects the messages a ``RecordingLogHandler`` receives, for asserting what was logged.
///
/// ```swift
/// let recorder = LogRecorder()
/// let logger = recorder.logger(label: "nightstand.widgets")
/// logger.warning("sensor: no such file")
/// #expect(recorder.messages == ["warning: sensor: no such file"])
/// ```
public final class LogRecorder: @unchecked Sendable {
    // @unchecked: every access goes through `lock`.
    private let lock = NSLock()
    private var recorded: [String] = []

    /// Creates an empty recorder.
    public init() {}

    /// The messages logged so far, oldest first, as "level: message".
    public var messages: [String] { lock.withLock { recorded } }

    /// Records one message.
    public func append(_ message: String) { lock.withLock { recorded.append(message) } }

    /// A logger with `label` whose messages this recorder collects.
    public func logger(label: String) -> Logger {
        Logger(label: label, handler: RecordingLogHandler(recorder: self))
    }
}

/// A log handler that records every message into a ``LogRecorder``.
public struct RecordingLogHandler: LogHandler {
    /// Where the messages go.
    public let recorder: LogRecorder

    /// Creates a handler recording into `recorder`.
    public init(recorder: LogRecorder) {
        self.recorder = recorder
    }

    /// Records "level: message".
    public func log(_ entry: LogEntry) { recorder.append("\(entry.level): \(entry.message)") }
}
