import FoundationEssentials

/// One instance of an event, as the calendar widget shows it.
package struct CalendarOccurrence: Equatable, Sendable {
    package var title: String
    package var location: String?
    package var start: Date
    /// The end: after `start`, or equal to it for an event with no length.
    package var end: Date
    /// An all-day event: `start` and `end` are midnights in the display's zone.
    package var isAllDay: Bool

    /// Whether any of it lies in `window` (an event with no length: whether it starts in it).
    package func overlaps(_ window: DateInterval) -> Bool {
        start < window.end && (end > window.start || (end == start && start >= window.start))
    }

    /// Whether it is not over at `date`.
    package func isUpcoming(at date: Date) -> Bool {
        end > date || (end == start && start >= date)
    }

    /// The occurrences of every event of `calendars` in `window`, sorted by start (all-day
    /// first on a day), at most ``limit``; and the problems met.
    ///
    /// An override (`RECURRENCE-ID`) replaces the instance of its master with the same `UID`
    /// in the same file, unless the master leaves that instance out (`EXDATE`); with
    /// `RANGE=THISANDFUTURE` it changes every later instance too: its title, place and
    /// length, and its start by as much as it moved its own (RFC 5545, 3.8.4.4). A cancelled
    /// event or override (`STATUS:CANCELLED`) shows nothing.
    package static func occurrences(of calendars: [ICalendar], in window: DateInterval) -> (
        occurrences: [CalendarOccurrence], problems: [ICalendarProblem]
    ) {
        var occurrences: [CalendarOccurrence] = []
        var problems: [ICalendarProblem] = []
        for calendar in calendars {
            var overridden: [String: InstanceSet] = [:]
            var excluded: [String: InstanceSet] = [:]
            var changes: [String: [ICalendarEvent]] = [:]
            for event in calendar.events {
                guard let uid = event.uid else { continue }
                if let instance = event.recurrenceID {
                    overridden[uid, default: InstanceSet()].formUnion(instance)
                    if event.changesFrom != nil { changes[uid, default: []].append(event) }
                } else {
                    excluded[uid, default: InstanceSet()].formUnion(event.exceptions)
                }
            }
            for event in calendar.events where !event.isCancelled {
                if let uid = event.uid, let instance = event.recurrenceID,
                    excluded[uid]?.intersects(instance) == true
                {
                    continue
                }
                let skip =
                    event.recurrenceID == nil
                    ? event.uid.flatMap { overridden[$0] } ?? InstanceSet() : InstanceSet()
                let expansion = event.occurrences(
                    in: window, overridden: skip,
                    changes: event.recurrenceID == nil
                        ? (event.uid.flatMap { changes[$0] } ?? []).sorted {
                            ($0.changesFrom ?? .distantPast) < ($1.changesFrom ?? .distantPast)
                        } : [])
                occurrences += expansion.occurrences
                let limits = [
                    expansion.isTruncated
                        ? "stopped after \(RecurrenceRule.periodLimit) repetitions before the days "
                            + "shown; its COUNT starts too long ago" : nil,
                    expansion.isCut
                        ? "more than \(RecurrenceRule.instanceLimit) instances in the days shown; "
                            + "keeping the first \(RecurrenceRule.instanceLimit)" : nil,
                ]
                for message in limits.compactMap({ $0 }) {
                    problems.append(
                        ICalendarProblem(
                            source: calendar.source, line: event.line, message: "RRULE: " + message)
                    )
                }
            }
        }
        occurrences.sort {
            ($0.start, $0.isAllDay ? 0 : 1, $0.title) < ($1.start, $1.isAllDay ? 0 : 1, $1.title)
        }
        if occurrences.count > limit {
            problems.append(
                ICalendarProblem(
                    source: calendars.map(\.source).joined(separator: ", "), line: nil,
                    message: "\(occurrences.count) events in the days shown; keeping the first "
                        + "\(limit)"))
            occurrences.removeLast(occurrences.count - limit)
        }
        return (occurrences, problems)
    }

    /// How many occurrences a window keeps, at most: enough for any month grid and list, few
    /// enough that a timeline's entries stay small.
    package static let limit = 1000
}
