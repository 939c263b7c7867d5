import FoundationEssentials
import Synchronization
import SystemSupport

/// A stop request (SIGINT, SIGTERM) acted on within a second, whatever the run loop is doing.
///
/// ``requestStop()`` asks the loop to stop (it posts the stop event), then waits up to
/// ``grace`` for ``finished()``, which the program calls once the loop has returned. A loop
/// that does not return in time (stuck in a widget's drawing or a blocking read) gets the
/// emergency exit: the console put back, the control socket removed, the process ended. The
/// systemd watchdog stays the backstop for a loop stuck without a stop request.
///
/// ```swift
/// let deadline = StopDeadline(stop: { events.post(.stop) }) {
///     sink.restoreConsoleForExit(); unlink(socket); _exit(70)
/// }
/// // SIGTERM handler (the signal thread): deadline.requestStop()
/// host.run()
/// deadline.finished()
/// ```
final class StopDeadline: Sendable {
    /// How long the loop has to stop by itself, in seconds.
    let grace: TimeInterval
    private let stop: @Sendable () -> Void
    private let emergency: @Sendable () -> Void
    private let done = Condition()
    private let state = Mutex(false)

    /// A deadline that asks with `stop` and ends the process with `emergency`.
    init(
        grace: TimeInterval = 1, stop: @escaping @Sendable () -> Void,
        emergency: @escaping @Sendable () -> Void
    ) {
        self.grace = grace
        self.stop = stop
        self.emergency = emergency
    }

    /// Asks the loop to stop and waits for it, at most ``grace``.
    ///
    /// Then runs the emergency exit if it has not stopped. On the thread that handles signals.
    func requestStop() {
        stop()
        let giveUp = Date().addingTimeInterval(grace)
        done.lock()
        while !state.withLock({ $0 }) {
            if !done.wait(until: giveUp) { break }
        }
        let stopped = state.withLock { $0 }
        done.unlock()
        if !stopped { emergency() }
    }

    /// The loop returned: a stop request waiting on it returns, and no emergency exit runs.
    func finished() {
        done.lock()
        state.withLock { $0 = true }
        done.signal()
        done.unlock()
    }
}
