import FoundationEssentials
import SystemSupport

extension Alarm {
    /// The first time the alarm rings after `date` (strictly), in `calendar`'s time zone; nil
    /// when it never rings again (disabled, or its dates are past).
    ///
    /// Daylight saving: a time the clock skips (02:30 on the spring-forward day) rings when
    /// the clock reaches the first time after it (03:00); a time the clock shows twice (on the
    /// fall-back day) rings the first time only, as a day has one occurrence.
    public func nextOccurrence(after date: Date, in calendar: Calendar) -> Date? {
        guard enabled else { return nil }
        var day = calendar.startOfDay(for: date)
        switch days {
        case .weekdays(let weekdays):
            // The next 8 days hold the next occurrence of any non-empty set of weekdays.
            for _ in 0..<9 {
                if weekdays.contains(weekdayOf: day, in: calendar),
                    let time = occurrence(on: day, in: calendar), time > date
                {
                    return time
                }
                guard let next = calendar.date(byAdding: .day, value: 1, to: day) else {
                    return nil
                }
                day = calendar.startOfDay(for: next)
            }
            return nil
        case .dates(let dates):
            return
                dates.compactMap { d -> Date? in
                    guard
                        let start = calendar.date(
                            from: DateComponents(year: d.year, month: d.month, day: d.day, hour: 12)
                        )
                    else { return nil }
                    return occurrence(on: calendar.startOfDay(for: start), in: calendar)
                }
                .filter { $0 > date }.min()
        }
    }

    /// The alarm's instant on the day starting at `start`.
    func occurrence(on start: Date, in calendar: Calendar) -> Date? {
        var wanted = calendar.dateComponents([.year, .month, .day], from: start)
        wanted.hour = hour
        wanted.minute = minute
        wanted.second = 0
        guard let guess = calendar.date(from: wanted) else { return nil }
        let shown = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: guess)
        if shown.year == wanted.year && shown.month == wanted.month && shown.day == wanted.day
            && shown.hour == hour && shown.minute == minute
        {
            // A time shown twice (fall-back): the earlier of the two.
            let earlier = guess.addingTimeInterval(-3600)
            let again = calendar.dateComponents([.hour, .minute, .day], from: earlier)
            if again.hour == hour && again.minute == minute && again.day == wanted.day {
                return earlier
            }
            return guess
        }
        // A time the clock skips: the moment the clock jumps past it.
        let zone = calendar.timeZone
        guard
            let jump = zone.nextDaylightSavingTimeTransition(
                after: guess.addingTimeInterval(-3 * 3600)),
            abs(jump.timeIntervalSince(guess)) < 3 * 3600
        else { return guess }
        return jump
    }
}
