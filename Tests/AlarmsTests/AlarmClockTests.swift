import Alarms
import Foundation
import NightstandTesting
import SystemSupport
import Testing

@Suite("Alarm clock on the simulated clock")
struct AlarmClockTests {
    let berlin = calendar("Europe/Berlin")

    func daily(_ id: String, _ hour: Int, _ minute: Int) -> Alarm {
        var alarm = Alarm(id: id, hour: hour, minute: minute)
        alarm.ringFor = 300
        return alarm
    }

    @Test("a week across spring-forward: 02:30 rings at 03:00 on the day the clock skips it")
    func springForward() {
        let sound = RecordingSound()
        let start = at(2026, 3, 26, 12, in: berlin)
        let clock = AlarmClock(
            alarms: [daily("early", 2, 30)], calendar: berlin, store: nil, sound: sound, log: quiet,
            at: start)
        let rings = ringTimes(clock, sound, from: start, to: at(2026, 4, 2, 12, in: berlin))
        #expect(
            rings == [
                "2026-03-27 02:30", "2026-03-28 02:30", "2026-03-29 03:00", "2026-03-30 02:30",
                "2026-03-31 02:30", "2026-04-01 02:30", "2026-04-02 02:30",
            ])
    }

    @Test("a week across fall-back: 02:30 rings once on the day the clock shows it twice")
    func fallBack() {
        let sound = RecordingSound()
        let start = at(2026, 10, 22, 12, in: berlin)
        let clock = AlarmClock(
            alarms: [daily("early", 2, 30)], calendar: berlin, store: nil, sound: sound, log: quiet,
            at: start)
        let end = at(2026, 10, 29, 12, in: berlin)
        let rings = ringTimes(clock, sound, from: start, to: end)
        #expect(
            rings
                == [
                    "2026-10-23 02:30", "2026-10-24 02:30", "2026-10-25 02:30", "2026-10-26 02:30",
                    "2026-10-27 02:30", "2026-10-28 02:30", "2026-10-29 02:30",
                ].filter { $0 < wall(end, in: berlin) })
        // The first 02:30 of the 25th: UTC+2, 00:30 UTC.
        let first = Alarm(id: "x", hour: 2, minute: 30).nextOccurrence(
            after: at(2026, 10, 25, 0, in: berlin), in: berlin)
        #expect(first == Date(timeIntervalSince1970: 1_792_888_200))
    }

    @Test("weekdays: mon-fri rings five times a week, sat,sun twice")
    func weekdays() throws {
        let sound = RecordingSound()
        var work = daily("work", 7, 0)
        work.days = .weekdays(try Weekdays(parsing: "mon-fri"))
        var weekend = daily("weekend", 9, 30)
        weekend.days = .weekdays(try Weekdays(parsing: "sat,sun"))
        // Monday 2026-11-23.
        let start = at(2026, 11, 23, 0, in: berlin)
        let clock = AlarmClock(
            alarms: [work, weekend], calendar: berlin, store: nil, sound: sound, log: quiet,
            at: start)
        let rings = ringTimes(clock, sound, from: start, to: at(2026, 11, 30, 0, in: berlin))
        #expect(
            rings == [
                "2026-11-23 07:00", "2026-11-24 07:00", "2026-11-25 07:00", "2026-11-26 07:00",
                "2026-11-27 07:00", "2026-11-28 09:30", "2026-11-29 09:30",
            ])
    }

    @Test("a date alarm rings on its date only")
    func dates() {
        var once = daily("once", 6, 15)
        once.days = .dates([AlarmDate(year: 2026, month: 12, day: 24)])
        let sound = RecordingSound()
        let start = at(2026, 12, 20, 0, in: berlin)
        let clock = AlarmClock(
            alarms: [once], calendar: berlin, store: nil, sound: sound, log: quiet, at: start)
        #expect(
            ringTimes(clock, sound, from: start, to: at(2027, 1, 5, 0, in: berlin)) == [
                "2026-12-24 06:15"
            ])
    }

    @Test("a restart during a snooze rings again at the snooze's end, not before")
    func restartDuringSnooze() throws {
        let folder = try TemporaryFolder()
        let store = AlarmStore(directory: folder.path(""))
        let sound = RecordingSound()
        let alarms = [daily("work", 7, 0)]
        let first = AlarmClock(
            alarms: alarms, calendar: berlin, store: store, sound: sound, log: quiet,
            at: at(2026, 11, 24, 6, in: berlin))
        first.advance(to: at(2026, 11, 24, 7, in: berlin))
        #expect(sound.isPlaying)
        try first.snooze(at: at(2026, 11, 24, 7, 1, in: berlin))
        #expect(!sound.isPlaying)
        // The program stops and starts again at 07:05.
        let again = RecordingSound()
        let second = AlarmClock(
            alarms: alarms, calendar: berlin, store: store, sound: again, log: quiet,
            at: at(2026, 11, 24, 7, 5, in: berlin))
        #expect(!again.isPlaying)
        #expect(second.state.ringing?.snoozedUntil == at(2026, 11, 24, 7, 10, in: berlin))
        #expect(
            second.nextDeadline(after: at(2026, 11, 24, 7, 5, in: berlin))
                == at(2026, 11, 24, 7, 10, in: berlin))
        second.advance(to: at(2026, 11, 24, 7, 9, in: berlin))
        #expect(!again.isPlaying)
        second.advance(to: at(2026, 11, 24, 7, 10, in: berlin))
        #expect(again.isPlaying)
        // And it rang once: a third start the next morning does not ring 07:00 again.
        try second.dismiss(at: at(2026, 11, 24, 7, 11, in: berlin))
        let third = AlarmClock(
            alarms: alarms, calendar: berlin, store: store, sound: RecordingSound(), log: quiet,
            at: at(2026, 11, 24, 7, 12, in: berlin))
        #expect(third.state.ringing == nil)
        #expect(
            third.nextDeadline(after: at(2026, 11, 24, 7, 12, in: berlin))
                == at(2026, 11, 25, 7, in: berlin))
    }

    @Test("missed while down: rings late within catch_up, else is logged missed")
    func catchUp() throws {
        let folder = try TemporaryFolder()
        let store = AlarmStore(directory: folder.path(""))
        let alarms = [daily("work", 7, 0)]
        // Seen at 06:50, down until 07:08: rings late.
        _ = AlarmClock(
            alarms: alarms, calendar: berlin, store: store, sound: nil, log: quiet,
            at: at(2026, 11, 24, 6, 50, in: berlin))
        let late = RecordingSound()
        _ = AlarmClock(
            alarms: alarms, calendar: berlin, store: store, sound: late, log: quiet,
            at: at(2026, 11, 24, 7, 8, in: berlin))
        #expect(late.isPlaying)
        // Seen at 06:50 the next day, down until 07:20: missed, logged, silent.
        let other = try TemporaryFolder()
        let store2 = AlarmStore(directory: other.path(""))
        _ = AlarmClock(
            alarms: alarms, calendar: berlin, store: store2, sound: nil, log: quiet,
            at: at(2026, 11, 25, 6, 50, in: berlin))
        let log = LogRecorder()
        let silent = RecordingSound()
        let missed = AlarmClock(
            alarms: alarms, calendar: berlin, store: store2, sound: silent,
            log: log.logger(label: "t"),
            at: at(2026, 11, 25, 7, 20, in: berlin))
        #expect(!silent.isPlaying)
        #expect(missed.state.records["work"]?.missed == at(2026, 11, 25, 7, in: berlin))
        #expect(log.messages.contains { $0.contains("missed the 07:00 alarm") })
    }

    @Test("a clock jump forward past an alarm does not ring it; a jump back does not ring it twice")
    func clockJumps() {
        let sound = RecordingSound()
        let clock = AlarmClock(
            alarms: [daily("work", 7, 0)], calendar: berlin, store: nil, sound: sound, log: quiet,
            at: at(2026, 11, 24, 5, in: berlin))
        // NTP moves the clock from 06:00 to 07:30.
        clock.clockJumped(by: 5400, at: at(2026, 11, 24, 7, 30, in: berlin))
        clock.advance(to: at(2026, 11, 24, 7, 30, in: berlin))
        #expect(sound.events.isEmpty)
        #expect(
            clock.nextDeadline(after: at(2026, 11, 24, 7, 30, in: berlin))
                == at(2026, 11, 25, 7, in: berlin))
        // The next day it rings, then the clock goes back an hour: 07:00 does not ring again.
        clock.advance(to: at(2026, 11, 25, 7, in: berlin))
        #expect(sound.isPlaying)
        try? clock.dismiss(at: at(2026, 11, 25, 7, 1, in: berlin))
        clock.clockJumped(by: -3600, at: at(2026, 11, 25, 6, 2, in: berlin))
        let rings = ringTimes(
            clock, sound, from: at(2026, 11, 25, 6, 2, in: berlin),
            to: at(2026, 11, 25, 12, in: berlin))
        #expect(rings.isEmpty)
    }

    @Test("a snooze keeps its length across a clock jump")
    func snoozeAcrossJump() throws {
        let sound = RecordingSound()
        let clock = AlarmClock(
            alarms: [daily("work", 7, 0)], calendar: berlin, store: nil, sound: sound, log: quiet,
            at: at(2026, 11, 24, 6, in: berlin))
        clock.advance(to: at(2026, 11, 24, 7, in: berlin))
        try clock.snooze(at: at(2026, 11, 24, 7, in: berlin))
        clock.clockJumped(by: 3600, at: at(2026, 11, 24, 8, 1, in: berlin))
        clock.advance(to: at(2026, 11, 24, 8, 1, in: berlin))
        #expect(!sound.isPlaying)
        #expect(clock.state.ringing?.snoozedUntil == at(2026, 11, 24, 8, 9, in: berlin))
    }

    @Test("snoozes run out into a dismiss; a ring unanswered stops after ring_for")
    func snoozeLimitAndRingFor() throws {
        var alarm = daily("work", 7, 0)
        alarm.maxSnoozes = 1
        alarm.snooze = 300
        let sound = RecordingSound()
        let clock = AlarmClock(
            alarms: [alarm], calendar: berlin, store: nil, sound: sound, log: quiet,
            at: at(2026, 11, 24, 6, in: berlin))
        clock.advance(to: at(2026, 11, 24, 7, in: berlin))
        try clock.snooze(at: at(2026, 11, 24, 7, 1, in: berlin))
        clock.advance(to: at(2026, 11, 24, 7, 6, in: berlin))
        #expect(sound.isPlaying)
        try clock.snooze(at: at(2026, 11, 24, 7, 7, in: berlin))
        #expect(clock.state.ringing == nil)
        #expect(throws: AlarmError.self) {
            try clock.snooze(at: at(2026, 11, 24, 7, 8, in: berlin))
        }
        // The next day nobody answers: it stops after ring_for (300 s).
        clock.advance(to: at(2026, 11, 25, 7, in: berlin))
        #expect(
            clock.nextDeadline(after: at(2026, 11, 25, 7, in: berlin))
                == at(2026, 11, 25, 7, 5, in: berlin))
        clock.advance(to: at(2026, 11, 25, 7, 5, in: berlin))
        #expect(clock.state.ringing == nil)
        #expect(!sound.isPlaying)
    }

    @Test("skip skips the next occurrence only; set turns off, moves and restores")
    func skipAndSet() throws {
        let sound = RecordingSound()
        let start = at(2026, 11, 24, 8, in: berlin)
        let clock = AlarmClock(
            alarms: [daily("work", 7, 0)], calendar: berlin, store: nil, sound: sound, log: quiet,
            at: start)
        try clock.skip("work", at: start)
        #expect(clock.state.records["work"]?.skipped == at(2026, 11, 25, 7, in: berlin))
        #expect(
            ringTimes(clock, sound, from: start, to: at(2026, 11, 27, 0, in: berlin)) == [
                "2026-11-26 07:00"
            ])
        let now = at(2026, 11, 27, 0, in: berlin)
        try clock.set("work", "off", at: now)
        #expect(clock.nextDeadline(after: now) == nil)
        try clock.set("work", "06:45", at: now)
        try clock.set("work", "on", at: now)
        #expect(clock.nextDeadline(after: now) == at(2026, 11, 27, 6, 45, in: berlin))
        try clock.set("work", "default", at: now)
        #expect(clock.nextDeadline(after: now) == at(2026, 11, 27, 7, in: berlin))
        #expect(throws: AlarmError.self) { try clock.set("work", "7am", at: now) }
        #expect(throws: AlarmError.self) { try clock.skip("nope", at: now) }
    }

    @Test("alarm test rings now without touching the record")
    func testRing() throws {
        let sound = RecordingSound()
        let now = at(2026, 11, 24, 12, in: berlin)
        let clock = AlarmClock(
            alarms: [daily("work", 7, 0)], calendar: berlin, store: nil, sound: sound, log: quiet,
            at: now)
        try clock.test("work", at: now)
        #expect(sound.events == ["start chime 0.8"])
        #expect(clock.state.ringing?.isTest == true)
        #expect(clock.state.records["work"]?.lastRung == nil)
        try clock.dismiss(at: now)
        #expect(sound.events == ["start chime 0.8", "stop"])
    }

    @Test("a damaged state file is reported and replaced")
    func damagedState() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("alarms.json")
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: path))
        let log = LogRecorder()
        let clock = AlarmClock(
            alarms: [daily("work", 7, 0)], calendar: berlin, store: AlarmStore(path: path),
            sound: nil,
            log: log.logger(label: "t"), at: at(2026, 11, 24, 6, in: berlin))
        #expect(log.messages.contains { $0.contains("expected the alarms' state") })
        let (reread, problem) = AlarmStore(path: path).load()
        #expect(problem == nil)
        #expect(reread == clock.state)
    }
}
