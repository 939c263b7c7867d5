import Calendars
import FoundationEssentials
import Widgets

/// The calendar widget's state at an instant.
struct CalendarEntry: TimelineEntry, Equatable {
    /// What the widget shows besides the month.
    enum Content: Equatable, Sendable {
        /// The events.
        case agenda(CalendarAgenda)
        /// No calendar could be read: why, in words.
        case unavailable(reason: String)
        /// Nothing yet: the first load is under way.
        case loading
    }

    let date: Date
    let content: Content
}

/// The events of the days a timeline covers, as loaded.
struct CalendarAgenda: Equatable, Sendable {
    /// Every occurrence from the start of the day of the load on, sorted by start.
    var occurrences: [CalendarOccurrence]
    /// How many days ahead the events go, for "No events in the next 14 days".
    var days: Int
    /// When the data shown was saved, once it is old: the URL could not be downloaded.
    var updated: Date?
    /// Whether anything was wrong (logged): a line of a file, a source that failed.
    var hasProblems = false

    /// The occurrences not over at `date`, soonest first.
    func upcoming(at date: Date) -> [CalendarOccurrence] {
        occurrences.filter { $0.isUpcoming(at: date) }
    }

    /// The days, in `calendar`'s zone, on which some occurrence takes place.
    func eventDays(in calendar: Calendar) -> Set<CivilDate> {
        var marked = Set<CivilDate>()
        for occurrence in occurrences {
            let first = CivilDate(occurrence.start, in: calendar).dayNumber
            // The end is exclusive: an event until midnight doesn't mark the next day.
            let last = CivilDate(
                max(occurrence.start, occurrence.end.addingTimeInterval(-1)), in: calendar
            ).dayNumber
            // A year at most: an event that lasts for ages marks what any grid can show.
            for number in first...min(last, first + 366) {
                marked.insert(CivilDate(dayNumber: number))
            }
        }
        return marked
    }
}

/// The calendar's provider: a load now, then entries at each midnight and at each event's
/// start and end in the days shown, so the widget moves on even if loads keep failing.
struct CalendarProvider: AsyncTimelineProvider {
    let options: CalendarOptions
    let loader: CalendarLoader
    let log: ProblemLog

    /// How soon to try again after a source failed: at most 5 minutes.
    static let retryInterval: TimeInterval = 5 * 60
    /// How many problems the log names, at most; the rest are counted.
    static let loggedProblems = 5

    func placeholder(in context: Context) -> CalendarEntry {
        CalendarEntry(date: context.date, content: .loading)
    }

    func snapshot(in context: Context) async -> CalendarEntry {
        let timeline = await makeTimeline(now: context.date)
        return timeline.entries.first ?? placeholder(in: context)
    }

    func timeline(in context: Context) async throws -> Timeline<CalendarEntry> {
        await makeTimeline(now: context.date)
    }

    private func makeTimeline(now: Date) async -> Timeline<CalendarEntry> {
        let outcome = await loader.load()
        let (timeline, problems) = Self.timeline(outcome, now: now, options: options)
        log.update(Self.summary(problems))
        return timeline
    }

    /// The problems in one message: the first few, and how many more.
    static func summary(_ problems: [String]) -> String? {
        guard !problems.isEmpty else { return nil }
        var text = problems.prefix(loggedProblems).joined(separator: "; ")
        if problems.count > loggedProblems {
            text += " (and \(problems.count - loggedProblems) more)"
        }
        return text
    }

    /// The timeline of a load's outcome at `now`, and every problem (the load's and the
    /// expansion's).
    static func timeline(_ outcome: CalendarLoader.Outcome, now: Date, options: CalendarOptions)
        -> (Timeline<CalendarEntry>, problems: [String])
    {
        let reload = now.addingTimeInterval(
            outcome.hasFailedSource ? min(options.refresh, retryInterval) : options.refresh)
        if options.hasSources && outcome.calendars.isEmpty {
            let reason = outcome.problems.joined(separator: "; ")
            let entry = CalendarEntry(date: now, content: .unavailable(reason: reason))
            return (Timeline(entries: [entry], policy: .after(reload)), outcome.problems)
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = options.timeZone
        let end = now.addingTimeInterval(TimeInterval(options.days) * 86_400)
        let window = DateInterval(start: calendar.startOfDay(for: now), end: end)
        let expansion = CalendarOccurrence.occurrences(of: outcome.calendars, in: window)
        let problems = outcome.problems + expansion.problems.map(\.description)
        let staleAfter = max(2 * options.refresh, 3600)
        let agenda = CalendarAgenda(
            occurrences: expansion.occurrences, days: options.days,
            updated: outcome.cachedAt.flatMap { now.timeIntervalSince($0) > staleAfter ? $0 : nil },
            hasProblems: !problems.isEmpty)
        var dates: Set<Date> = [now]
        var midnight = window.start
        while let next = calendar.date(byAdding: .day, value: 1, to: midnight), next <= end {
            dates.insert(next)
            midnight = next
        }
        for occurrence in expansion.occurrences {
            for date in [occurrence.start, occurrence.end] where date > now && date <= end {
                dates.insert(date)
            }
        }
        let entries = dates.sorted().map { CalendarEntry(date: $0, content: .agenda(agenda)) }
        return (Timeline(entries: entries, policy: .after(reload)), problems)
    }
}
