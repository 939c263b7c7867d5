import Alarms
import DisplayCommands
import FoundationEssentials
import SystemSupport

/// The alarms on the host: the clock that rings them (``Alarms/AlarmClock``), kept in the
/// state directory, what they report, and the wake-up light's progress.
///
/// A configuration without `[[alarm]]` has no clock: nothing is read or written and no
/// deadline is added.
final class HostAlarms {
    /// The alarms' clock; nil without alarms.
    private(set) var clock: AlarmClock?
    /// What plays a ring, given to each clock; nil: rings are silent (shown only).
    var sound: (any AlarmSound)? {
        didSet { clock?.sound = sound }
    }
    /// Where the alarms are published for the `alarm` widgets; nil: nowhere (a test's host).
    var board: AlarmBoard?
    private let log: Logger

    /// The alarms of `configuration` at `now`, their state read from its state directory.
    init(_ configuration: Configuration, log: Logger, at now: Date) {
        self.log = log
        update(configuration, at: now)
    }

    /// Takes the alarms of a new configuration (a live reload): the state carries over.
    func update(_ configuration: Configuration, at now: Date) {
        let alarms = configuration.section(AlarmSettings.self)?.alarms ?? []
        if let clock {
            clock.update(alarms: alarms, at: now)
            if alarms.isEmpty { self.clock = nil }
        } else if !alarms.isEmpty {
            if configuration.stateDirectory == nil {
                log.info(
                    "alarms: no state directory ($STATE_DIRECTORY); snoozes and skips are not kept across a restart"
                )
            }
            clock = AlarmClock(
                alarms: alarms, calendar: Calendar.current,
                store: configuration.stateDirectory.map { AlarmStore(directory: $0) },
                sound: sound, log: log, at: now)
        }
    }

    /// The alarm ringing now (not snoozed), and whether its wake-up light rose before it.
    var ringing: Alarm? {
        guard let clock, let ringing = clock.state.ringing, ringing.snoozedUntil == nil else {
            return nil
        }
        return clock.alarm(ringing.id)
    }

    /// How far a wake-up light has risen at `now`, 0 to 1; nil when none rises.
    func lightProgress(at now: Date) -> Double? {
        clock.flatMap { WakeLight.progress(of: $0, at: now) }
    }

    /// When the next alarm rings after `now` (a snooze's end included); nil when none will.
    func nextRing(at now: Date) -> Date? {
        summaries(at: now)?.nextRing
    }

    /// Each alarm as the display reports it at `now`; nil without alarms.
    func summaries(at now: Date) -> [AlarmSummary]? {
        guard let clock else { return nil }
        return clock.alarms.map { alarm in
            let record = clock.state.records[alarm.id]
            let ringing = clock.state.ringing.flatMap { $0.id == alarm.id ? $0 : nil }
            let next =
                alarm.enabled
                ? alarm.nextOccurrence(
                    after: max(record?.handledThrough ?? now, now), in: clock.calendar) : nil
            return AlarmSummary(
                id: alarm.id, label: alarm.label, time: alarm.timeText,
                days: alarm.days.description, enabled: alarm.enabled, next: next,
                phase: ringing == nil
                    ? .waiting : ringing?.snoozedUntil == nil ? .ringing : .snoozed,
                snoozedUntil: ringing?.snoozedUntil, missed: record?.missed)
        }
    }

    /// Applies an alarm command at `now`: done with what it did, or refused with why.
    func apply(_ command: AlarmCommand, at now: Date) -> CommandResult {
        guard let clock else { return .refused("no alarm is configured ([[alarm]])") }
        do throws(AlarmError) {
            switch command {
            case .snooze:
                try clock.snooze(at: now)
                if let until = clock.state.ringing?.snoozedUntil {
                    return .done("snoozed until \(Alarm.clockText(until, in: clock.calendar))")
                }
                return .done("dismissed: the last snooze was used")
            case .dismiss:
                try clock.dismiss(at: now)
                return .done("dismissed")
            case .test(let id):
                try clock.test(id, at: now)
                return .done("alarm \(id) rings (a test)")
            case .skip(let id):
                try clock.skip(id, at: now)
                let skipped = clock.state.records[id]?.skipped
                return .done(
                    "alarm \(id): skipping "
                        + (skipped.map { Alarm.clockText($0, in: clock.calendar, day: true) }
                            ?? "its ring"))
            case .set(let id, let change):
                try clock.set(id, change.description, at: now)
                return .done("alarm \(id): \(change)")
            }
        } catch {
            return .refused(error.description)
        }
    }
}
