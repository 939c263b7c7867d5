import FoundationEssentials

/// systemd's watchdog: `WATCHDOG=1` at half the service's `WatchdogSec`, from the run loop, so
/// a loop that stops turning gets the service restarted.
///
/// It runs on the system's time: a simulated or shifted display clock must not starve it.
struct Watchdog {
    private let notifier: SystemdNotifier
    /// When `WATCHDOG=1` is next due, in system time.
    private var nextPing: Date?

    init(notifier: SystemdNotifier) {
        self.notifier = notifier
    }

    /// Sends `WATCHDOG=1` when it is due.
    mutating func ping() {
        guard let interval = notifier.watchdogInterval else { return }
        let now = Date()
        if let due = nextPing, now < due { return }
        notifier.notify("WATCHDOG=1")
        nextPing = now.addingTimeInterval(interval)
    }

    /// When the next ping is due on the display's clock, whose time is `now`.
    func nextDue(displayNow now: Date) -> Date? {
        nextPing.map { now.addingTimeInterval(max(0, $0.timeIntervalSinceNow)) }
    }
}
