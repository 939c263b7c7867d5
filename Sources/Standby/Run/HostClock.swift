import FoundationEssentials
import Synchronization

/// The host's time: what "now" is and how to wait for a deadline.
///
/// The run loop never reads the system time itself, so tests run a simulated day in well
/// under a second with ``SimulatedClock``, and `nightstand run --at` starts the display's
/// clock at another instant with ``SystemClock/init(startingAt:)``.
public protocol HostClock: Sendable {
    /// The current instant.
    var now: Date { get }

    /// Waits until `deadline` (`nil`: no deadline) or until an event arrives, and returns
    /// the events that arrived (possibly none).
    ///
    /// `busy` says that work is in flight (a provider fetch) whose result will arrive as an
    /// event; a simulated clock gives it a moment of real time before jumping ahead.
    func wait(until deadline: Date?, events: EventQueue, busy: Bool) async -> [HostEvent]
}

/// The system's clock, optionally shifted so that it starts at another instant.
public struct SystemClock: HostClock {
    private let offset: TimeInterval

    /// The system time as is.
    public init() {
        offset = 0
    }

    /// A clock that reads `start` now and runs on at the normal rate.
    public init(startingAt start: Date) {
        offset = start.timeIntervalSinceNow
    }

    /// The current instant.
    public var now: Date { Date(timeIntervalSinceNow: offset) }

    /// Sleeps until the deadline (a few milliseconds past it, so that the loop wakes after the
    /// instant rather than just before it) or the next event.
    public func wait(until deadline: Date?, events: EventQueue, busy: Bool) async -> [HostEvent] {
        let timeout = deadline.map { max(0, $0.timeIntervalSince(now)) + 0.002 }
        return await events.next(timeout: timeout)
    }
}

/// A clock that jumps straight to each deadline: a day runs in milliseconds.
///
/// It waits real time only while work is in flight (``HostClock/wait(until:events:busy:)``
/// with `busy`), up to ``settleTime``, so fetches that answer at once arrive before time moves
/// on, and fetches that hang time out in simulated time.
public final class SimulatedClock: HostClock {
    private let current: Mutex<Date>
    /// The real time given to in-flight work before time jumps ahead.
    ///
    /// Default: 0.25 s.
    public let settleTime: TimeInterval

    /// A clock that starts at `start`.
    public init(start: Date, settleTime: TimeInterval = 0.25) {
        current = Mutex(start)
        self.settleTime = settleTime
    }

    /// The simulated instant.
    public var now: Date { current.withLock { $0 } }

    /// Moves the clock forward (never back).
    public func advance(to date: Date) {
        current.withLock { $0 = max($0, date) }
    }

    /// Returns pending events at once; else, when busy, waits real time for one; else jumps
    /// to the deadline.
    public func wait(until deadline: Date?, events: EventQueue, busy: Bool) async -> [HostEvent] {
        let pending = await events.next(timeout: busy ? settleTime : 0)
        if !pending.isEmpty { return pending }
        if let deadline { advance(to: deadline) }
        return []
    }
}
