import EventCore
import FoundationEssentials
import Synchronization

/// The host's time: what "now" is, and the run loop's one wait.
///
/// The run loop never reads the system time itself and never sleeps by itself: it asks its
/// clock to wait on its ``EventCore/EventLoop`` until the next deadline. So tests run a
/// simulated day in well under a second with ``SimulatedClock``, and `nightstand run --at`
/// starts the display's clock at another instant with ``SystemClock/init(startingAt:)``.
public protocol HostClock: Sendable {
    /// The current instant.
    var now: Date { get }

    /// Waits on `loop` until `deadline` (`nil`: no deadline) or until something arrives (a
    /// message, a watched descriptor), running the handlers of what arrived.
    ///
    /// `busy` says that work is in flight (a provider fetch) whose result will arrive as a
    /// message; a simulated clock gives it a moment of real time before jumping ahead.
    func wait(until deadline: Date?, on loop: EventLoop, busy: Bool)
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

    /// Sleeps in the loop's one `poll(2)` until the deadline (a few milliseconds past it, so
    /// that the loop wakes after the instant rather than just before it) or the next event.
    public func wait(until deadline: Date?, on loop: EventLoop, busy: Bool) {
        loop.wait(timeout: deadline.map { max(0, $0.timeIntervalSince(now)) + 0.002 })
    }
}

/// A clock that jumps straight to each deadline: a day runs in milliseconds.
///
/// It waits real time only while work is in flight (``HostClock/wait(until:on:busy:)`` with
/// `busy`), up to ``settleTime``, so fetches that answer at once arrive before time moves on,
/// and fetches that hang time out in simulated time.
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

    /// Runs what is pending at once; else, when busy, waits real time for something; else
    /// jumps to the deadline.
    public func wait(until deadline: Date?, on loop: EventLoop, busy: Bool) {
        let ran = loop.wait(timeout: busy ? settleTime : 0)
        if ran == 0, let deadline { advance(to: deadline) }
    }
}
