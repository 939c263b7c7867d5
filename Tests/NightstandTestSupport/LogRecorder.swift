import Foundation
import Logging

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
        Logger(label: label) { _ in RecordingLogHandler(recorder: self) }
    }
}

/// A swift-log handler that records every message into a ``LogRecorder``.
public struct RecordingLogHandler: LogHandler {
    /// Where the messages go.
    public let recorder: LogRecorder
    /// The handler's metadata.
    public var metadata: Logger.Metadata = [:]
    /// The lowest level recorded.
    ///
    /// Default: `.trace`, everything.
    public var logLevel: Logger.Level = .trace

    /// Creates a handler recording into `recorder`.
    public init(recorder: LogRecorder) {
        self.recorder = recorder
    }

    /// One metadata value.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Records "level: message".
    public func log(event: LogEvent) { recorder.append("\(event.level): \(event.message)") }
}
