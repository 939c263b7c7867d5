import FoundationEssentials
import SystemSupport

/// The alarms on the host's loop: when each rings, ringing, snoozing and dismissing, the
/// state that survives a restart, and clock jumps.
///
/// It keeps no timer: the host asks ``nextDeadline(after:)`` and calls ``advance(to:)`` at
/// each turn. The same occurrence never rings twice; an occurrence passed while the program
/// was down rings late within the alarm's `catch_up` and is reported missed after it; an
/// occurrence passed by a jump of the wall clock (``clockJumped(by:at:)``) never rings.
public final class AlarmClock {
    /// The alarms of the configuration, with the changes of `alarm set` applied.
    public private(set) var alarms: [Alarm] = []
    /// What is remembered across a restart.
    public internal(set) var state: AlarmState
    /// The calendar and time zone alarms ring in.
    public let calendar: Calendar
    /// Where the state is kept; nil keeps it in memory only.
    let store: AlarmStore?
    /// The sound, where the program has one.
    public var sound: (any AlarmSound)?
    let log: Logger
    /// The alarms as configured, before `alarm set`.
    private(set) var configured: [Alarm] = []

    /// Alarms in `calendar`, remembered in `store`, at `now`: state is read and what was
    /// missed while the program was down rings (within `catch_up`) or is logged missed.
    public init(
        alarms: [Alarm], calendar: Calendar, store: AlarmStore?, sound: (any AlarmSound)? = nil,
        log: Logger, at now: Date
    ) {
        self.calendar = calendar
        self.store = store
        self.sound = sound
        self.log = log
        let (loaded, problem) = store?.load() ?? (AlarmState(), nil)
        state = loaded
        if let problem { log.error("alarms: \(problem)") }
        update(alarms: alarms, at: now)
        resume(at: now)
    }

    // MARK: Configuration

    /// Takes the alarms of a new configuration: a new alarm's first ring is its next time
    /// from `now`; the memory of alarms no longer configured is dropped.
    public func update(alarms new: [Alarm], at now: Date) {
        let before = state
        configured = new
        let ids = Set(new.map(\.id))
        state.records = state.records.filter { ids.contains($0.key) }
        for alarm in new where state.records[alarm.id] == nil {
            state.records[alarm.id] = AlarmState.Record(handledThrough: now)
        }
        if let ringing = state.ringing, !ids.contains(ringing.id) { stopRinging() }
        applyOverrides()
        // Unchanged state is not written again (a snapshot, a reload of the same alarms).
        if state != before { save() }
    }

    func applyOverrides() {
        alarms = configured.map { alarm in
            var alarm = alarm
            if let record = state.records[alarm.id] {
                if let enabled = record.enabled { alarm.enabled = enabled }
                if let time = record.time, let (hour, minute) = AlarmSettings.timeOfDay(time) {
                    alarm.hour = hour
                    alarm.minute = minute
                }
            }
            return alarm
        }
    }

    /// The alarm named `id`.
    public func alarm(_ id: String) -> Alarm? { alarms.first { $0.id == id } }

    // MARK: Time

    /// At start: a ring or snooze the previous run left goes on; occurrences passed while the
    /// program was down ring late within `catch_up`, else are logged missed.
    private func resume(at now: Date) {
        if let ringing = state.ringing, let alarm = alarm(ringing.id) {
            if let until = ringing.snoozedUntil {
                if until <= now && now.timeIntervalSince(until) > alarm.catchUp {
                    log.warning(
                        "alarm \(alarm.id): the snooze ended at \(until) while the program was down"
                    )
                    stopRinging()
                } else {
                    log.notice("alarm \(alarm.id): snoozed until \(until), kept across the restart")
                }
            } else if now.timeIntervalSince(ringing.since) < alarm.ringFor {
                log.notice("alarm \(alarm.id): ringing again after a restart")
                state.ringing?.since = now
                sound?.start(AlarmSoundRequest(alarm))
            } else {
                stopRinging()
            }
        }
        advance(to: now)
    }

    /// Rings what is due at `now`; ends a snooze, or a ring that lasted its `ring_for`.
    ///
    /// Returns whether anything changed.
    @discardableResult
    public func advance(to now: Date) -> Bool {
        var changed = false
        if let ringing = state.ringing, let alarm = alarm(ringing.id) {
            if let until = ringing.snoozedUntil, until <= now {
                state.ringing?.snoozedUntil = nil
                state.ringing?.since = now
                log.notice("alarm \(alarm.id): the snooze is over, ringing again")
                sound?.start(AlarmSoundRequest(alarm))
                changed = true
            } else if ringing.snoozedUntil == nil,
                now.timeIntervalSince(ringing.since) >= alarm.ringFor
            {
                log.notice("alarm \(alarm.id): rang \(Int(alarm.ringFor)) s unanswered, stopped")
                stopRinging()
                changed = true
            }
        }
        for alarm in alarms {
            guard let record = state.records[alarm.id],
                let due = alarm.nextOccurrence(after: record.handledThrough ?? now, in: calendar),
                due <= now
            else { continue }
            // The latest occurrence due (a long sleep may pass several).
            var latest = due
            while let later = alarm.nextOccurrence(after: latest, in: calendar), later <= now {
                latest = later
            }
            state.records[alarm.id]?.handledThrough = latest
            changed = true
            if now.timeIntervalSince(latest) > alarm.catchUp {
                state.records[alarm.id]?.missed = latest
                log.warning(
                    "alarm \(alarm.id): missed the \(alarm.timeText) alarm (the program was not running)"
                )
            } else if let ringing = state.ringing, ringing.id != alarm.id || !ringing.isTest {
                log.notice("alarm \(alarm.id): due while \(ringing.id) rings; not rung")
            } else {
                ring(alarm, occurrence: latest, at: now, isTest: false)
            }
        }
        if changed { save() }
        return changed
    }

    /// The wall clock jumped by `delta` seconds (an NTP sync at boot, `date -s`): occurrences
    /// the jump passed never ring, and a snooze or a ring keeps its length in real time.
    public func clockJumped(by delta: TimeInterval, at now: Date) {
        guard delta != 0 else { return }
        let before = now.addingTimeInterval(-delta)
        for alarm in alarms {
            guard let record = state.records[alarm.id] else { continue }
            let from = max(record.handledThrough ?? before, before)
            if delta > 0, let passed = alarm.nextOccurrence(after: from, in: calendar),
                passed <= now
            {
                log.notice(
                    "alarm \(alarm.id): \(alarm.timeText) passed by a clock jump of \(Int(delta)) s; not rung"
                )
                state.records[alarm.id]?.handledThrough = now
            }
        }
        if var ringing = state.ringing {
            ringing.since = ringing.since.addingTimeInterval(delta)
            ringing.snoozedUntil = ringing.snoozedUntil?.addingTimeInterval(delta)
            state.ringing = ringing
        }
        save()
    }

    /// The next instant the alarms need the host: a ring, the end of a snooze or of a ring,
    /// and while a wake-up light rises, its next step.
    public func nextDeadline(after now: Date) -> Date? {
        var times: [Date] = []
        if let ringing = state.ringing, let alarm = alarm(ringing.id) {
            times.append(ringing.snoozedUntil ?? ringing.since.addingTimeInterval(alarm.ringFor))
        }
        for alarm in alarms {
            guard let record = state.records[alarm.id],
                let next = alarm.nextOccurrence(
                    after: max(record.handledThrough ?? now, now), in: calendar)
                    ?? nil
            else { continue }
            times.append(next)
            if alarm.lightBefore > 0 {
                let start = next.addingTimeInterval(-alarm.lightBefore)
                times.append(start > now ? start : now.addingTimeInterval(WakeLight.step))
            }
        }
        return times.filter { $0 > now }.min()
    }

    // MARK: Commands

    /// Rings `alarm` now.
    private func ring(_ alarm: Alarm, occurrence: Date, at now: Date, isTest: Bool) {
        if state.ringing != nil { sound?.stop() }
        state.ringing = AlarmState.Ringing(
            id: alarm.id, occurrence: occurrence, since: now, snoozes: 0, snoozedUntil: nil,
            isTest: isTest)
        if !isTest { state.records[alarm.id]?.lastRung = now }
        log.notice("alarm \(alarm.id): ringing (\(alarm.timeText)\(isTest ? ", a test" : ""))")
        sound?.start(AlarmSoundRequest(alarm))
    }

    private func stopRinging() {
        if state.ringing != nil { sound?.stop() }
        state.ringing = nil
    }

    /// Snoozes the ringing alarm for its `snooze`; past its `snoozes`, dismisses it.
    ///
    /// Throws when no alarm rings.
    public func snooze(at now: Date) throws(AlarmError) {
        guard let ringing = state.ringing, ringing.snoozedUntil == nil,
            let alarm = alarm(ringing.id)
        else {
            throw AlarmError("no alarm is ringing")
        }
        guard ringing.snoozes < alarm.maxSnoozes else {
            log.notice("alarm \(alarm.id): snoozed \(alarm.maxSnoozes) times; dismissed")
            stopRinging()
            save()
            return
        }
        sound?.stop()
        state.ringing?.snoozes += 1
        state.ringing?.snoozedUntil = now.addingTimeInterval(alarm.snooze)
        log.notice("alarm \(alarm.id): snoozed for \(Int(alarm.snooze / 60)) min")
        save()
    }

    /// Dismisses the ringing or snoozed alarm; throws when there is none.
    public func dismiss(at now: Date) throws(AlarmError) {
        guard let ringing = state.ringing else {
            throw AlarmError("no alarm is ringing or snoozed")
        }
        log.notice("alarm \(ringing.id): dismissed")
        stopRinging()
        save()
    }

    /// Skips the next occurrence of the alarm `id` (dismissing it when it rings).
    public func skip(_ id: String, at now: Date) throws(AlarmError) {
        guard let alarm = alarm(id) else { throw AlarmError.unknown(id, among: alarms) }
        if state.ringing?.id == id {
            try dismiss(at: now)
            return
        }
        let from = max(state.records[id]?.handledThrough ?? now, now)
        guard let next = alarm.nextOccurrence(after: from, in: calendar) else {
            throw AlarmError("alarm \(id) does not ring again")
        }
        state.records[id]?.handledThrough = next
        state.records[id]?.skipped = next
        log.notice("alarm \(id): skipping \(next)")
        save()
    }

    /// Rings the alarm `id` now, as a test: nothing is recorded.
    public func test(_ id: String, at now: Date) throws(AlarmError) {
        guard let alarm = alarm(id) else { throw AlarmError.unknown(id, among: alarms) }
        ring(alarm, occurrence: now, at: now, isTest: true)
        save()
    }

    func save() {
        guard let store else { return }
        do {
            try store.save(state)
        } catch {
            log.error("alarms: \(error)")
        }
    }
}
