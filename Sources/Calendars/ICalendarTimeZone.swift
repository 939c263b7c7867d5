import FoundationEssentials

/// A time zone an iCalendar file defines itself (RFC 5545, 3.6.5): a `VTIMEZONE` whose
/// `STANDARD` and `DAYLIGHT` observances each say when they begin (`DTSTART`, repeated by an
/// `RRULE` and `RDATE`s) and the UTC offset they change from and to.
///
/// Outlook and Exchange write such zones under Windows names (`W. Europe Standard Time`) or
/// their own (`(UTC-03:00) Brasília`), which no zone database knows.
///
/// The onsets are worked out once, from each observance's start (``firstYear`` at the earliest)
/// through ``lastYear``, as instants with the offset in force after each. Before the first onset the zone keeps the
/// first standard observance's offset (the first observance's if it has none), as
/// python-dateutil's `tzical` does: RFC 5545 says nothing about that time.
package struct ICalendarTimeZone: Sendable {
    /// One `STANDARD` or `DAYLIGHT` sub-component.
    package struct Observance: Sendable {
        package var isDaylight: Bool
        /// The first onset, on the wall clock of the offset before it (`TZOFFSETFROM`).
        package var start: CivilDate
        package var time: TimeOfDay
        /// `TZOFFSETFROM` and `TZOFFSETTO`, in seconds east of UTC.
        package var offsetFrom: Int
        package var offsetTo: Int
        package var rule: RecurrenceRule?
        /// `RDATE`s: more onsets, on the same wall clock as `start`.
        package var dates: [(day: CivilDate, time: TimeOfDay)] = []
    }

    /// A change of offset: at `instant` (seconds since 1970, UTC) from `from` to `to`.
    private struct Transition {
        var instant: Int
        var from: Int
        var to: Int
    }

    /// The `TZID`.
    package let tzid: String
    /// The onsets, in order.
    private let transitions: [Transition]
    /// The offset before the first onset.
    private let initialOffset: Int
    /// Whether an observance gave more than ``transitionLimit`` onsets, and was cut short.
    package let isTruncated: Bool

    /// The last year onsets are worked out for; later times keep that year's last offset.
    package static let lastYear = 2200
    /// The first year a rule's onsets are listed from (an earlier `DTSTART` counts from here,
    /// unless the rule counts its instances).
    package static let firstYear = 1800
    /// How many onsets the zone keeps, at most: two a year for four centuries, with room.
    package static let transitionLimit = 4000

    /// The zone of observances; nil without any.
    package init?(tzid: String, observances: [Observance]) {
        guard !observances.isEmpty else { return nil }
        self.tzid = tzid
        var transitions: [Transition] = []
        var isTruncated = false
        for observance in observances {
            for (day, time) in Self.onsets(of: observance) {
                guard transitions.count < Self.transitionLimit else {
                    isTruncated = true
                    break
                }
                transitions.append(
                    Transition(
                        instant: day.dayNumber * 86_400 + time.seconds - observance.offsetFrom,
                        from: observance.offsetFrom, to: observance.offsetTo))
            }
        }
        self.transitions = transitions.sorted { $0.instant < $1.instant }
        self.isTruncated = isTruncated
        let first = observances.first { !$0.isDaylight } ?? observances[0]
        initialOffset = first.offsetTo
    }

    /// The onsets of one observance as wall-clock times: its start, its rule's, its dates.
    private static func onsets(of observance: Observance) -> [(CivilDate, TimeOfDay)] {
        var onsets = [(observance.start, observance.time)] + observance.dates
        guard let rule = observance.rule else { return onsets }
        var until: (CivilDate, TimeOfDay)?
        switch rule.until {
        case nil: break
        case .day(let day): until = (day, TimeOfDay(seconds: 86_399))
        case .local(let day, let time): until = (day, time)
        case .utc(let day, let time):
            // UNTIL in UTC; the onsets are on the wall clock before them.
            until = EventZone.wallClock(
                seconds: day.dayNumber * 86_400 + time.seconds + observance.offsetFrom)
        }
        let first = max(observance.start, CivilDate(year: firstYear, month: 1, day: 1))
        let last = CivilDate(year: lastYear, month: 12, day: 31)
        guard first <= last else { return onsets }
        let expansion = rule.days(
            start: observance.start, time: observance.time, until: until, in: first...last)
        onsets += expansion.days.prefix(transitionLimit).map { ($0, observance.time) }
        return onsets
    }

    /// The UTC offset in force at `date`, in seconds east of UTC.
    package func offset(at date: Date) -> Int {
        offset(at: Int(date.timeIntervalSince1970.rounded(.down)))
    }

    private func offset(at instant: Int) -> Int {
        let index = transitionCount(through: instant)
        return index == 0 ? initialOffset : transitions[index - 1].to
    }

    /// How many transitions come at or before `instant` (by bisection).
    private func transitionCount(through instant: Int) -> Int {
        var low = 0
        var high = transitions.count
        while low < high {
            let middle = (low + high) / 2
            if transitions[middle].instant <= instant { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The instant of a wall-clock time, given as seconds since 1970-01-01 00:00 on that
    /// clock: the first of two when the clock shows it twice; moved forward by the gap when
    /// the clock skips it.
    package func instant(wallClock local: Int) -> Date {
        // The offsets in force around it: before, and those of nearby transitions.
        var offsets: Set<Int> = [offset(at: local - 2 * 86_400)]
        let nearby = transitions[
            transitionCount(
                through: local - 2 * 86_400 - 1)..<transitionCount(
                    through: local + 2 * 86_400)]
        for transition in nearby {
            offsets.insert(transition.from)
            offsets.insert(transition.to)
        }
        // The largest offset that holds gives the earliest instant.
        for offset in offsets.sorted(by: >) where self.offset(at: local - offset) == offset {
            return Date(timeIntervalSince1970: TimeInterval(local - offset))
        }
        // A gap: the offset before the change that skips this time.
        let gap = nearby.first { local >= $0.instant + $0.from && local < $0.instant + $0.to }
        let before = gap?.from ?? offset(at: local - 2 * 86_400)
        return Date(timeIntervalSince1970: TimeInterval(local - before))
    }
}
