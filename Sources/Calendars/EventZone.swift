import FoundationEssentials

/// The zone whose wall clock an event's times are written in: one the system knows (IANA, UTC,
/// the display's), or one the file defines itself in a `VTIMEZONE`.
///
/// It turns a day and a time of day into an instant and back, which is all that recurrence
/// needs: instances repeat on the zone's wall clock, so a weekly 09:00 stays at 09:00 across
/// a daylight saving change.
package enum EventZone: Sendable {
    /// A zone of the system's database, with a Gregorian calendar in it.
    case system(Calendar)
    /// The rules of a `VTIMEZONE` in the file.
    case defined(ICalendarTimeZone)

    /// The system's `zone`.
    package init(_ zone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        self = .system(calendar)
    }

    /// UTC.
    package static let utc = EventZone(.gmt)

    /// The instant a wall-clock `time` on `day` names: a time the zone skips (a spring-forward
    /// gap) is read with the offset before the gap, so it moves forward by the gap; a time
    /// that comes twice (fall back) is the first of the two (RFC 5545, 3.3.5).
    package func instant(_ day: CivilDate, at time: TimeOfDay) -> Date {
        switch self {
        case .system(let calendar):
            return calendar.date(
                from: DateComponents(
                    year: day.year, month: day.month, day: day.day, hour: time.hour,
                    minute: time.minute, second: time.second))
                ?? Date(timeIntervalSince1970: TimeInterval(day.dayNumber * 86_400 + time.seconds))
        case .defined(let zone):
            return zone.instant(wallClock: day.dayNumber * 86_400 + time.seconds)
        }
    }

    /// The day and time of day the zone's wall clock shows at `date`.
    package func wallClock(_ date: Date) -> (day: CivilDate, time: TimeOfDay) {
        let local: Date
        switch self {
        case .system(let calendar):
            let offset = calendar.timeZone.secondsFromGMT(for: date)
            local = date.addingTimeInterval(TimeInterval(offset))
        case .defined(let zone):
            local = date.addingTimeInterval(TimeInterval(zone.offset(at: date)))
        }
        return Self.wallClock(seconds: Int(local.timeIntervalSince1970.rounded(.down)))
    }

    /// The day and time of day of `seconds` since 1970-01-01 00:00 on a wall clock.
    package static func wallClock(seconds: Int) -> (day: CivilDate, time: TimeOfDay) {
        let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
        return (CivilDate(dayNumber: days), TimeOfDay(seconds: seconds - days * 86_400))
    }

    /// The day `date` falls on.
    package func day(_ date: Date) -> CivilDate { wallClock(date).day }

    /// The instant `days` days of the wall clock after `date`, at the same time of day.
    package func adding(days: Int, to date: Date) -> Date {
        let (day, time) = wallClock(date)
        return instant(day.adding(days: days), at: time)
    }

    /// The zone's name, as messages and `nightstand events` write it.
    package var identifier: String {
        switch self {
        case .system(let calendar): calendar.timeZone.identifier
        case .defined(let zone): zone.tzid
        }
    }
}
