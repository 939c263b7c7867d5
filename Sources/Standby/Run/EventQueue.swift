import FoundationEssentials
import Synchronization
import Widgets

/// Something that wakes the run loop before its deadline.
public enum HostEvent: Sendable {
    /// A provider answered (or failed) for a widget instance.
    case timeline(instance: Int, generation: Int, Result<AnyTimeline, TimelineFailure>)
    /// `WidgetCenter` was asked to reload.
    case reloadRequested
    /// A control command arrived (`nightstand reload`, `mode`).
    case control(ControlCommand)
    /// SIGINT or SIGTERM: shut down.
    case stop
    /// The console is switching to another VT (the release signal of
    /// `Display.VTSwitchSignals`): give the display up until ``acquireDisplay``.
    case releaseDisplay
    /// The console switched back to our VT: take the display and show the whole frame.
    case acquireDisplay
}

/// Why a provider gave no timeline.
public struct TimelineFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, for the log.
    public let description: String
}

/// Commands from `nightstand reload`, `nightstand mode` and friends, through the control socket.
public enum ControlCommand: Sendable, Equatable {
    /// Reload the timelines of a kind, or of every widget (`nil`).
    case reload(kind: String?)
    /// Override the appearance (`nightstand mode`); ``ModeOverride/auto`` hands it back.
    case mode(ModeOverride)
}

/// Events for the run loop, from any thread; the loop takes them in order.
public final class EventQueue: Sendable {
    private let state = Mutex(State())
    private let timer = TimerThread()

    private struct State {
        var pending: [HostEvent] = []
        var waiter: CheckedContinuation<Void, Never>?
        var generation = 0
    }

    /// Creates an empty queue.
    public init() {}

    deinit {
        timer.finish()
    }

    /// Adds an event and wakes the loop if it waits.
    public func post(_ event: HostEvent) {
        let waiter = state.withLock { state in
            state.pending.append(event)
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// The events pending now, else those that arrive within `timeout` seconds (`nil`: wait
    /// for ever); empty when the time ran out.
    public func next(timeout: TimeInterval?) async -> [HostEvent] {
        if let events = take() { return events }
        if let timeout, timeout <= 0 { return [] }
        let generation = state.withLock { state -> Int in
            state.generation += 1
            return state.generation
        }
        if let timeout {
            timer.schedule(at: Date(timeIntervalSinceNow: timeout)) { [weak self] in
                self?.wake(generation: generation)
            }
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = state.withLock { state -> Bool in
                if !state.pending.isEmpty || state.generation != generation { return true }
                state.waiter = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
        if timeout != nil { timer.cancel() }
        return take() ?? []
    }

    /// Wakes the waiter of a timed wait, unless a newer wait began.
    private func wake(generation: Int) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard state.generation == generation else { return nil }
            state.generation += 1
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    private func take() -> [HostEvent]? {
        state.withLock { state in
            guard !state.pending.isEmpty else { return nil }
            defer { state.pending = [] }
            return state.pending
        }
    }
}
