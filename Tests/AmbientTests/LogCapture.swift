import Foundation
import SystemSupport

/// Collects what a `Logger` logs, to assert on messages and how often they appear.
final class LogCapture: @unchecked Sendable {
    /// One logged line.
    struct Entry: Equatable {
        let level: Logger.Level
        let message: String
    }

    private let lock = NSLock()
    private var stored: [Entry] = []

    /// Everything logged so far.
    var entries: [Entry] { lock.withLock { stored } }

    /// The messages logged at `level`.
    func messages(at level: Logger.Level) -> [String] {
        entries.filter { $0.level == level }.map(\.message)
    }

    /// A logger (level trace) that records into this capture.
    var logger: Logger { Logger(label: "test.ambient", handler: Handler(capture: self)) }

    fileprivate func append(_ entry: Entry) {
        lock.withLock { stored.append(entry) }
    }

    private struct Handler: LogHandler {
        let capture: LogCapture

        func log(_ entry: LogEntry) {
            capture.append(Entry(level: entry.level, message: entry.message))
        }
    }
}
