import Alarms
import Foundation
import SystemSupport

/// An `AlarmSound` that records what it is asked, for the tests.
final class RecordingSound: AlarmSound {
    /// `start chime 0.8` and `stop`, in order.
    var events: [String] = []
    /// Whether it plays.
    var isPlaying = false

    func start(_ request: AlarmSoundRequest) {
        events.append("start \(request.file ?? request.tone) \(request.volume)")
        isPlaying = true
    }

    func stop() {
        events.append("stop")
        isPlaying = false
    }
}

/// The calendar of `identifier`'s time zone.
func calendar(_ identifier: String) -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: identifier) ?? TimeZone(secondsFromGMT: 0) ?? .current
    return calendar
}

/// The moment of wall-clock `year-month-day hour:minute` in `calendar`.
func at(
    _ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0, in calendar: Calendar
) -> Date {
    calendar.date(
        from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))
        ?? .distantPast
}

/// `2026-03-29 03:00` in `calendar`.
func wall(_ date: Date, in calendar: Calendar) -> String {
    let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
    func two(_ v: Int?) -> String { (v ?? 0) < 10 ? "0\(v ?? 0)" : "\(v ?? 0)" }
    return "\(c.year ?? 0)-\(two(c.month))-\(two(c.day)) \(two(c.hour)):\(two(c.minute))"
}

/// A logger that drops everything.
let quiet = Logger(label: "test", level: .critical, handler: DiscardingLogHandler())

/// Drops log entries.
struct DiscardingLogHandler: LogHandler {
    func log(_ entry: LogEntry) {}
}

/// Runs `clock` from `start` to `end` the way the host does, deadline to deadline, and returns
/// the wall-clock times the sound started (each ring dismissed a minute later).
func ringTimes(_ clock: AlarmClock, _ sound: RecordingSound, from start: Date, to end: Date)
    -> [String]
{
    var now = start
    var rings: [String] = []
    var turns = 0
    while let next = clock.nextDeadline(after: now), next <= end, turns < 10_000 {
        turns += 1
        now = next
        let before = sound.events.count
        clock.advance(to: now)
        if sound.events[before...].contains(where: { $0.hasPrefix("start") }) {
            rings.append(wall(now, in: clock.calendar))
            now = now.addingTimeInterval(60)
            try? clock.dismiss(at: now)
        }
    }
    return rings
}
