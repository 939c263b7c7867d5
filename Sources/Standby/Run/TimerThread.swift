import FoundationEssentials
import SystemSupport

/// One thread that sleeps until a deadline and then runs an action: the run loop's timer.
///
/// Swift's `Task.sleep` on Linux rides libdispatch's timers, whose manager thread wakes once a
/// second for as long as any timer is pending — 60 wake-ups a minute on a display that should
/// make one. This thread instead blocks in `pthread_cond_timedwait` until the deadline or a
/// new schedule, and wakes for nothing else.
final class TimerThread: @unchecked Sendable {
    // Guarded by `condition`.
    private let condition = Condition()
    private var deadline: Date?
    private var action: (@Sendable () -> Void)?
    private var finished = false

    /// Starts the thread; it runs until ``finish()``.
    init() {
        DetachedThread.start(name: "nightstand timer") { [weak self] in
            self?.loop()
        }
    }

    /// Runs `action` at `date` on the timer's thread, replacing any scheduled action.
    func schedule(at date: Date, _ action: @escaping @Sendable () -> Void) {
        condition.lock()
        deadline = date
        self.action = action
        condition.unlock()
        // Signalled after unlocking: a waiter woken with the mutex still held would only block
        // on it, one more context switch per wake-up.
        condition.signal()
    }

    /// Drops the scheduled action, if it hasn't run.
    func cancel() {
        condition.lock()
        deadline = nil
        action = nil
        condition.unlock()
    }

    /// Ends the thread.
    func finish() {
        condition.lock()
        finished = true
        condition.unlock()
        // Signalled after unlocking: a waiter woken with the mutex still held would only block
        // on it, one more context switch per wake-up.
        condition.signal()
    }

    private func loop() {
        condition.lock()
        while !finished {
            guard let due = deadline else {
                condition.wait()
                continue
            }
            if Date() < due {
                _ = condition.wait(until: due)
                continue
            }
            let run = action
            deadline = nil
            action = nil
            condition.unlock()
            run?()
            condition.lock()
        }
        condition.unlock()
    }
}
