import FoundationEssentials

/// One `VEVENT` of an iCalendar file, its times resolved to zones: a single event, the master
/// of a recurring one, or an override of one instance (`RECURRENCE-ID`).
///
/// Its instances are the set RFC 5545 (3.8.5) defines: `DTSTART`, the days of its `RRULE`s
/// and its `RDATE`s, less its `EXDATE`s, each instance once.
package struct ICalendarEvent: Sendable {
    /// An `RDATE`: an instance beyond the rules', with its own length when it is a period.
    package struct ExtraDate: Sendable {
        /// When it starts: an instant, or a day (an all-day event's; midnight in the event's
        /// zone for a timed one).
        package enum Start: Sendable {
            case instant(Date)
            case day(CivilDate)
        }

        package var start: Start
        /// A `PERIOD`'s length; nil: the event's.
        package var length: EventLength?
    }

    package var summary: String
    package var location: String?
    /// The `UID` that ties overrides to their master.
    package var uid: String?
    /// The first instance's day, in ``zone``.
    package var start: CivilDate
    /// The first instance's time of day in ``zone``; `nil` for an all-day event.
    package var time: TimeOfDay?
    /// The zone whose wall clock the instances repeat on: the `TZID`'s, UTC, or the display's
    /// for floating times and all-day events.
    package var zone: EventZone
    /// Whether `DTSTART` is a floating time (no zone, no `Z`).
    package var isFloating = false
    package var length: EventLength
    /// `RRULE`s (RFC 5545 advises one; several give the union of their instances).
    package var rules: [RecurrenceRule] = []
    /// `RDATE`s.
    package var dates: [ExtraDate] = []
    /// `EXDATE`s: instances left out.
    package var exceptions = InstanceSet()
    /// For an override: the instance of the master it replaces.
    package var recurrenceID: InstanceSet?
    /// For an override with `RANGE=THISANDFUTURE`: the start of the instance it replaces,
    /// from which on it changes every later instance too.
    package var changesFrom: Date?
    /// `STATUS:CANCELLED`.
    package var isCancelled = false
    /// `SEQUENCE`: which version of the event this is (-1 without).
    package var sequence = -1
    /// The line of its `BEGIN:VEVENT`.
    package var line: Int

    package var isAllDay: Bool { time == nil }

    /// For an override with `RANGE=THISANDFUTURE`: how far it moves the instances it changes.
    package var shift: TimeInterval {
        guard let changesFrom else { return 0 }
        return zone.instant(start, at: time ?? TimeOfDay(seconds: 0)).timeIntervalSince(changesFrom)
    }

    /// The instances that overlap `window`, leaving out its exceptions and the instances in
    /// `overridden`, each changed by the last of `changes` (overrides with
    /// `RANGE=THISANDFUTURE`, by ``changesFrom``) that comes before it; and whether a rule's
    /// expansion stopped at its limit of periods (``RecurrenceRule/periodLimit``) or of
    /// instances (``RecurrenceRule/instanceLimit``).
    package func occurrences(
        in window: DateInterval, overridden: InstanceSet, changes: [ICalendarEvent] = []
    ) -> (occurrences: [CalendarOccurrence], isTruncated: Bool, isCut: Bool) {
        // Instances that start up to the event's length before the window may reach into it;
        // a day more on each side covers the window's ends in another zone. Changes may move
        // instances by their shift, and lengthen them.
        let shifts = changes.map(\.shift)
        let reach = ([length] + changes.map(\.length)).map(\.spanDays).max() ?? 0
        let first = zone.day(window.start).adding(
            days: -reach - 1 - Self.days(covering: shifts.max() ?? 0))
        let last = zone.day(window.end).adding(days: 1 + Self.days(covering: -(shifts.min() ?? 0)))
        let (windowDay, windowTime) = zone.wallClock(window.start)
        let windowStart = WallTime(day: windowDay, time: windowTime)
        var instances = Set<WallTime>()
        var (isTruncated, isCut) = (false, false)
        if rules.isEmpty, (first...last).contains(start) {
            instances.insert(WallTime(day: start, time: time ?? TimeOfDay(seconds: 0)))
        }
        for rule in rules {
            let expansion = rule.days(
                start: start, time: time, until: localUntil(rule.until), in: first...last,
                limitFrom: windowStart)
            instances.formUnion(expansion.instances)
            isTruncated = isTruncated || expansion.isTruncated
            isCut = isCut || expansion.isCut
        }
        var begins = Set<Date>()
        var occurrences: [CalendarOccurrence] = []
        let add = { (begin: Date, day: CivilDate, length: EventLength) in
            guard !begins.contains(begin),
                !self.exceptions.contains(begin, on: day, isAllDay: self.isAllDay),
                !overridden.contains(begin, on: day, isAllDay: self.isAllDay)
            else { return }
            begins.insert(begin)
            let occurrence = self.occurrence(at: begin, length: length, changes: changes)
            if occurrence.overlaps(window) { occurrences.append(occurrence) }
        }
        for instance in instances.sorted() {
            add(
                zone.instant(instance.day, at: isAllDay ? TimeOfDay(seconds: 0) : instance.time),
                instance.day, length)
        }
        for date in dates {
            switch date.start {
            case .instant(let begin): add(begin, zone.day(begin), date.length ?? length)
            case .day(let day):
                add(zone.instant(day, at: TimeOfDay(seconds: 0)), day, date.length ?? length)
            }
        }
        return (occurrences, isTruncated, isCut)
    }

    /// The occurrence starting at `begin`, or as the last of `changes` before it changes it.
    private func occurrence(at begin: Date, length: EventLength, changes: [ICalendarEvent])
        -> CalendarOccurrence
    {
        guard let change = changes.last(where: { ($0.changesFrom ?? .distantFuture) < begin })
        else {
            return CalendarOccurrence(
                title: summary, location: location, start: begin,
                end: length.end(from: begin, in: zone), isAllDay: isAllDay)
        }
        let start = begin.addingTimeInterval(change.shift)
        return CalendarOccurrence(
            title: change.summary, location: change.location, start: start,
            end: change.length.end(from: start, in: change.zone), isAllDay: change.isAllDay)
    }

    /// Whole days that cover `seconds` (none when negative), a year at most: a change that
    /// moves instances further is not followed past that, so a wild shift can't make the
    /// walk long.
    private static func days(covering seconds: TimeInterval) -> Int {
        Int((min(max(seconds, 0), 366 * 86_400) / 86_400).rounded(.up))
    }

    /// `UNTIL` as a wall-clock day and time in the event's zone.
    ///
    /// A date ends an all-day series through that day, and a timed one at the midnight that
    /// begins it (RFC 5545 wants a date-time there; python-dateutil, and with it the
    /// reference expansion, reads the date as that midnight).
    ///
    /// A UTC `UNTIL` is an instant for an event in a zone, but names its day and time as
    /// written for an all-day or floating event (RFC 5545 asks for a date or a floating time
    /// there; Google writes a UTC time for all-day series, meaning its date).
    private func localUntil(_ until: RecurrenceRule.Until?) -> (CivilDate, TimeOfDay)? {
        switch until {
        case nil: return nil
        case .day(let day): return (day, TimeOfDay(seconds: isAllDay ? 86_399 : 0))
        case .local(let day, let time): return (day, time)
        case .utc(let day, let time):
            if isAllDay { return (day, TimeOfDay(seconds: 86_399)) }
            if isFloating { return (day, time) }
            return zone.wallClock(EventZone.utc.instant(day, at: time))
        }
    }
}

/// Instances of a recurring event, named by their start: an instant for timed events, a day
/// for all-day ones (or when an `EXDATE` is written as a date).
package struct InstanceSet: Hashable, Sendable {
    package var instants: Set<Date> = []
    package var days: Set<CivilDate> = []
    /// The days date-times are written on, which name an all-day event's instances (Google
    /// writes `RECURRENCE-ID:20200921T000000Z` for the instance of 21 September).
    package var writtenDays: Set<CivilDate> = []

    /// Whether the instance starting at `instant` on `day` is in the set.
    package func contains(_ instant: Date, on day: CivilDate, isAllDay: Bool) -> Bool {
        instants.contains(instant) || days.contains(day)
            || (isAllDay && writtenDays.contains(day))
    }

    /// Whether it has an instance of `other` (by instant, or by day for all-day events).
    package func intersects(_ other: InstanceSet) -> Bool {
        !instants.isDisjoint(with: other.instants) || !days.isDisjoint(with: other.days)
            || !writtenDays.isDisjoint(with: other.days)
            || !days.isDisjoint(with: other.writtenDays)
    }

    /// Adds the instances of `other`.
    package mutating func formUnion(_ other: InstanceSet) {
        instants.formUnion(other.instants)
        days.formUnion(other.days)
        writtenDays.formUnion(other.writtenDays)
    }
}
