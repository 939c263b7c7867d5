import Synchronization
import SystemSupport

/// Logs a widget's problem once per change of state: a new or different problem as a warning,
/// its end as a notice, and nothing while it stays the same.
///
/// Providers run again and again (every refresh, and after each failure with a back-off); the
/// log says what went wrong once, not on every run. Messages name the widget (its kind and
/// what it reads) and what was expected, under the label `nightstand.widgets`.
final class ProblemLog: Sendable {
    /// The widget, as messages name it: `command ["sensors", "-j"]`.
    let subject: String
    private let logger: Logger
    private let last = Mutex<String?>(nil)

    init(subject: String, logger: Logger = Logger(label: "nightstand.widgets")) {
        self.subject = subject
        self.logger = logger
    }

    /// Records the current problem (`nil`: none), logging it if it differs from the last one.
    func update(_ problem: String?) {
        let previous = last.withLock { last in
            defer { last = problem }
            return last
        }
        guard problem != previous else { return }
        if let problem {
            logger.warning("\(subject): \(problem)")
        } else {
            logger.notice("\(subject): working again")
        }
    }
}
