import Synchronization

/// When the bridge announces the display again (its discovery and every state): at once when
/// asked, but never twice within ``interval``; requests meanwhile fold into one pending
/// announcement, made when the interval ends.
///
/// Home Assistant asks (`online` on its status topic) once as it starts; a client flooding
/// that topic asks thousands of times a second, and each announcement is ten retained
/// publishes. The schedule keeps that to one announcement per interval, and counts the
/// requests folded.
///
/// ```swift
/// if schedule.request() { announce() }                       // a request came
/// let (announceNow, next) = schedule.service()               // on the client's thread
/// ```
final class AnnouncementSchedule: Sendable {
    /// The shortest time between two announcements.
    ///
    /// Default: 10 s.
    let interval: Duration
    private let state = Mutex(State())

    private struct State {
        /// No announcement before this.
        var quietUntil: ContinuousClock.Instant?
        var pending = false
        var folded = 0
        var announcements = 0
    }

    /// A schedule announcing at most once per `interval`.
    init(interval: Duration = .seconds(10)) {
        self.interval = interval
    }

    /// How many announcements were made so far.
    var announcements: Int { state.withLock { $0.announcements } }

    /// Asks for an announcement: true when it is to be made now (and is counted as made);
    /// false when one was made less than ``interval`` ago (this one is pending).
    func request(at now: ContinuousClock.Instant = .now) -> Bool {
        state.withLock { state in
            if let quiet = state.quietUntil, now < quiet {
                if state.pending { state.folded += 1 }
                state.pending = true
                return false
            }
            announce(&state, at: now)
            return true
        }
    }

    /// Asks for an announcement after ``interval`` from now, not before (a publish was dropped:
    /// the broker needs time).
    func requestLater(at now: ContinuousClock.Instant = .now) {
        state.withLock { state in
            if state.pending { state.folded += 1 }
            state.pending = true
            state.quietUntil = max(state.quietUntil ?? now, now + interval)
        }
    }

    /// A connection's announcement, made now whatever the interval: it answers every request.
    func announced(at now: ContinuousClock.Instant = .now) {
        state.withLock { announce(&$0, at: now) }
    }

    /// Whether the pending announcement is due now (then it is counted as made), how many
    /// requests it folded besides its own, and when to look again (nil: nothing pending).
    func service(at now: ContinuousClock.Instant = .now) -> (
        announceNow: Bool, folded: Int, next: ContinuousClock.Instant?
    ) {
        state.withLock { state in
            guard state.pending else { return (false, 0, nil) }
            if let quiet = state.quietUntil, now < quiet { return (false, 0, quiet) }
            let folded = state.folded
            announce(&state, at: now)
            return (true, folded, nil)
        }
    }

    private func announce(_ state: inout State, at now: ContinuousClock.Instant) {
        state.quietUntil = now + interval
        state.pending = false
        state.folded = 0
        state.announcements += 1
    }
}
