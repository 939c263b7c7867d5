import FoundationEssentials

/// One `VEVENT` of an iCalendar file, its times resolved to zones: a single event, the master
/// of a recurring one, or an override of one instance (`RECURRENCE-ID`).
struct ICalendarEvent: Sendable {
    var summary: String
    var location: String?
    /// The `UID` that ties overrides to their master.
    var uid: String?
    /// The first instance's day, in ``zone``.
    var start: CivilDate
    /// The first instance's time of day in ``zone``; `nil` for an all-day event.
    var time: TimeOfDay?
    /// The zone whose wall clock the instances repeat on: the `TZID`'s, UTC, or the display's
    /// for floating times and all-day events.
    var zone: TimeZone
    var length: EventLength
    var rule: RecurrenceRule?
    /// `EXDATE`s: instances left out.
    var exceptions = InstanceSet()
    /// For an override: the instance of the master it replaces.
    var recurrenceID: InstanceSet?
    /// `STATUS:CANCELLED`.
    var isCancelled = false
    /// The line of its `BEGIN:VEVENT`.
    var line: Int

    var isAllDay: Bool { time == nil }

    /// A calendar in the event's zone.
    var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }

    /// The instances that overlap `window`, leaving out its exceptions and the instances in
    /// `overridden`; and whether the rule's expansion stopped at its limit.
    func occurrences(in window: DateInterval, overridden: InstanceSet) -> (
        occurrences: [CalendarOccurrence], isTruncated: Bool
    ) {
        let calendar = calendar
        // Instances that start up to the event's length before the window may reach into it;
        // a day more on each side covers the window's ends in another zone.
        let first = CivilDate(window.start, in: calendar).adding(days: -length.spanDays - 1)
        let last = CivilDate(window.end, in: calendar).adding(days: 1)
        let expansion: RecurrenceRule.Expansion
        if let rule {
            expansion = rule.days(
                start: start, time: time, until: localUntil(rule.until, in: calendar),
                in: first...last)
        } else {
            expansion = RecurrenceRule.Expansion(
                days: (first...last).contains(start) ? [start] : [])
        }
        var occurrences: [CalendarOccurrence] = []
        for day in expansion.days {
            guard let begin = day.instant(at: time ?? TimeOfDay(seconds: 0), in: calendar),
                !exceptions.contains(begin, on: day), !overridden.contains(begin, on: day)
            else { continue }
            let occurrence = CalendarOccurrence(
                title: summary, location: location, start: begin,
                end: length.end(from: begin, in: calendar), isAllDay: isAllDay)
            if occurrence.overlaps(window) { occurrences.append(occurrence) }
        }
        return (occurrences, expansion.isTruncated)
    }

    /// `UNTIL` as a wall-clock day and time in the event's zone (a day: through its end).
    private func localUntil(_ until: RecurrenceRule.Until?, in calendar: Calendar) -> (
        CivilDate, TimeOfDay
    )? {
        switch until {
        case nil: return nil
        case .day(let day): return (day, TimeOfDay(seconds: 86_399))
        case .local(let day, let time): return (day, time)
        case .instant(let instant):
            let parts = calendar.dateComponents([.hour, .minute, .second], from: instant)
            return (
                CivilDate(instant, in: calendar),
                TimeOfDay(
                    hour: parts.hour ?? 0, minute: parts.minute ?? 0, second: parts.second ?? 0)
            )
        }
    }
}

/// Instances of a recurring event, named by their start: an instant for timed events, a day
/// for all-day ones (or when an `EXDATE` is written as a date).
struct InstanceSet: Sendable {
    var instants: Set<Date> = []
    var days: Set<CivilDate> = []

    /// Whether the instance starting at `instant` on `day` is in the set.
    func contains(_ instant: Date, on day: CivilDate) -> Bool {
        instants.contains(instant) || days.contains(day)
    }

    /// Adds the instances of `other`.
    mutating func formUnion(_ other: InstanceSet) {
        instants.formUnion(other.instants)
        days.formUnion(other.days)
    }
}
