import FoundationEssentials

/// The wakes sources asked for, on the host's clock: no timer threads, just one more deadline
/// for the loop's wait.
final class LoopTimers {
    private var pending: [ScheduledWake] = []

    /// Runs `action` on the first turn at or after `date`.
    func schedule(at date: Date, _ action: @escaping () -> Void) -> ScheduledWake {
        let wake = ScheduledWake(date: date, action: action)
        pending.append(wake)
        return wake
    }

    /// The earliest wake still due.
    var next: Date? {
        pending.lazy.filter { !$0.isCancelled }.map(\.date).min()
    }

    /// Runs the wakes due at `now`, earliest first; a wake scheduled by one of them runs on a
    /// later turn.
    func fire(at now: Date) {
        pending.removeAll { $0.isCancelled }
        let due = pending.filter { $0.date <= now }.sorted { $0.date < $1.date }
        guard !due.isEmpty else { return }
        pending.removeAll { $0.date <= now }
        for wake in due where !wake.isCancelled {
            wake.run()
        }
    }
}

/// A wake a source asked for (``SourceContext/wake(at:_:)``); cancel it to drop it.
public final class ScheduledWake {
    /// When it is due, on the host's clock.
    public let date: Date
    private var action: (() -> Void)?

    init(date: Date, action: @escaping () -> Void) {
        self.date = date
        self.action = action
    }

    /// Whether it was cancelled or has run.
    var isCancelled: Bool { action == nil }

    /// Drops the wake if it has not run.
    public func cancel() {
        action = nil
    }

    func run() {
        let action = self.action
        self.action = nil
        action?()
    }
}
