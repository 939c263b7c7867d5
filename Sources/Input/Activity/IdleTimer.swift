/// When the panel goes off for lack of anyone there: `[input] idle_off`.
///
/// Every touch, key and presence event is activity; the panel goes off ``idleOff`` seconds
/// after the last one and comes back at the next. A presence key (a PIR sensor through
/// `gpio-keys`) held down is someone there for as long as it is held: the countdown starts when
/// it is released. The timer only says when; the host blanks the panel, and the appearance
/// policy (sensor, schedule) still decides day, dim or night while it is on.
///
/// ```swift
/// var idle = IdleTimer(idleOff: 600, now: start)
/// idle.noteActivity(at: now)
/// if let deadline = idle.deadline { loop.wake(at: deadline) }
/// idle.isIdle(at: now)   // panel off?
/// ```
public struct IdleTimer: Sendable, Equatable {
    /// Seconds without activity before the panel goes off; nil never.
    public var idleOff: Double?
    /// The instant of the last activity, in seconds of the caller's clock (the host's).
    public private(set) var lastActivity: Double
    /// Whether a presence key is held.
    public private(set) var presenceHeld = false

    /// A timer that counts from `now`, as if someone had just been there.
    public init(idleOff: Double?, now: Double) {
        self.idleOff = idleOff
        lastActivity = now
    }

    /// Someone touched, pressed or was seen at `time`.
    public mutating func noteActivity(at time: Double) {
        lastActivity = max(lastActivity, time)
    }

    /// A presence key was pressed (`held`) or released at `time`; both are activity.
    public mutating func presence(_ held: Bool, at time: Double) {
        presenceHeld = held
        noteActivity(at: time)
    }

    /// When the panel goes off if nothing happens, or nil: never (no ``idleOff``, or presence
    /// held).
    public var deadline: Double? {
        guard let idleOff, !presenceHeld else { return nil }
        return lastActivity + idleOff
    }

    /// Whether the panel is off for idleness at `time`.
    public func isIdle(at time: Double) -> Bool {
        guard let deadline else { return false }
        return time >= deadline
    }
}
