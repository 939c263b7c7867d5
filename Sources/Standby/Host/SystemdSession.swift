import FoundationEssentials

/// What the host tells systemd: `READY=1` once the first frame is shown, `WATCHDOG=1` at half
/// the service's `WatchdogSec` from the run loop (so a loop that stops turning gets the
/// service restarted), and `STOPPING=1` as the loop ends.
///
/// The watchdog runs on the system's time: a simulated or shifted display clock must not
/// starve it.
struct SystemdSession {
    private let notifier: SystemdNotifier
    /// When `WATCHDOG=1` is next due, in system time.
    private var nextPing: Date?
    /// Whether `READY=1` was sent.
    private var announcedReady = false
    /// Whether the loop ends for a restart (the `restart` command): the program exits with a
    /// status the unit's `Restart=on-failure` restarts.
    var restartRequested = false

    init(notifier: SystemdNotifier) {
        self.notifier = notifier
    }

    /// Sends `READY=1`, the first time only: a frame is on the display.
    mutating func ready() {
        guard !announcedReady else { return }
        announcedReady = true
        notifier.notify("READY=1")
    }

    /// Sends `STOPPING=1`: the loop ends.
    func stopping() {
        notifier.notify("STOPPING=1")
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
