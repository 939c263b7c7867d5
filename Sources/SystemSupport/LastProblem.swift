import Synchronization

/// The most recent warning or worse the program logged: what Home Assistant's "Last error"
/// sensor shows.
///
/// A ``ProblemRecordingLogHandler`` in front of the program's handler keeps it; the MQTT
/// bridge reads it with its other diagnostics.
public final class LastProblem: Sendable {
    /// The program's own, kept by the handler ``Logger/bootstrap(level:handler:)`` installs
    /// at start.
    public static let process = LastProblem()
    private let entry = Mutex<LogEntry?>(nil)

    /// An empty record.
    public init() {}

    /// Keeps `entry` when it is a warning or worse.
    public func note(_ entry: LogEntry) {
        guard entry.level >= .warning else { return }
        self.entry.withLock { $0 = entry }
    }

    /// The problem as its journal line without the time, cut at 255 characters (Home
    /// Assistant's longest state): `warning nightstand.widgets : kind=clock weather: timed
    /// out`; nil before any.
    public var line: String? {
        entry.withLock { $0 }.map { entry in
            String(StandardErrorLogHandler.line(entry, time: "").dropFirst().prefix(255))
        }
    }
}

/// Passes each line on to another handler and keeps the warnings and worse in a
/// ``LastProblem``.
public struct ProblemRecordingLogHandler: LogHandler {
    private let next: any LogHandler
    private let problems: LastProblem

    /// A handler writing through `next`, keeping problems in `problems`.
    public init(next: any LogHandler, problems: LastProblem = .process) {
        self.next = next
        self.problems = problems
    }

    /// Keeps `entry` if it is a problem, then writes it through the next handler.
    public func log(_ entry: LogEntry) {
        problems.note(entry)
        next.log(entry)
    }
}
