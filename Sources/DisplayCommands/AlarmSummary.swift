import FoundationEssentials

/// One alarm as a display reports it: when it rings next and whether it rings now.
///
/// `nightstand alarm list`, `GET /api/alarms`, MQTT and Home Assistant read it from
/// ``DisplayState/alarms``.
public struct AlarmSummary: Codable, Equatable, Sendable {
    /// Where an alarm is between its rings.
    public enum Phase: String, Codable, Sendable {
        /// Waiting for its next time.
        case waiting
        /// Ringing now.
        case ringing
        /// Snoozed: rings again at ``AlarmSummary/snoozedUntil``.
        case snoozed
    }

    /// The alarm's id (`[[alarm]] id`).
    public var id: String
    /// What the alarm view shows under the time.
    public var label: String
    /// The time of day it rings, `07:00` (after `alarm set`).
    public var time: String
    /// The days it rings on, as the configuration writes them: `mon-fri`, `2026-12-24`.
    public var days: String
    /// Whether it rings at all (after `alarm set`).
    public var enabled: Bool
    /// When it rings next; nil when it does not ring again.
    public var next: Date?
    /// Whether it rings or is snoozed now.
    public var phase: Phase
    /// When a snooze ends.
    public var snoozedUntil: Date?
    /// The last ring it missed because the program was not running.
    public var missed: Date?

    /// Creates a summary.
    public init(
        id: String, label: String, time: String, days: String, enabled: Bool, next: Date?,
        phase: Phase = .waiting, snoozedUntil: Date? = nil, missed: Date? = nil
    ) {
        self.id = id
        self.label = label
        self.time = time
        self.days = days
        self.enabled = enabled
        self.next = next
        self.phase = phase
        self.snoozedUntil = snoozedUntil
        self.missed = missed
    }
}

extension Collection where Element == AlarmSummary {
    /// The alarm whose next time is the earliest; nil when none rings again.
    public var nextToRing: AlarmSummary? {
        filter { $0.next != nil }.min { ($0.next ?? .distantFuture) < ($1.next ?? .distantFuture) }
    }

    /// When any of them rings next: a snooze's end or an alarm's next time; nil when none will.
    public var nextRing: Date? { compactMap { $0.snoozedUntil ?? $0.next }.min() }
}
