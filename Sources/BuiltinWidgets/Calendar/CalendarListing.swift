import Calendars
import FoundationEssentials
import SystemSupport
import Widgets

/// The occurrences a calendar widget shows over some days, as `nightstand events` prints them:
/// what to look at when "my meeting doesn't show".
///
/// It reads the widget's files and URL as the widget does (with its cache and its problems)
/// and expands them with the same code, so what it lists is what the widget would show.
///
/// ```swift
/// let listing = try await CalendarListing.load(
///     options: WidgetOptions(["files": .array([.string("/home/pi/family.ics")])]),
///     from: Date(), days: 7)
/// for occurrence in listing.occurrences { print(listing.line(occurrence)) }
/// // 2026-01-15T09:00:00+01:00	2026-01-15T10:00:00+01:00	Standup
/// ```
public struct CalendarListing: Sendable {
    /// One occurrence: an instance of an event.
    public struct Occurrence: Sendable, Equatable {
        /// The `SUMMARY` ("Untitled" without one).
        public var title: String
        /// The `LOCATION`, if any.
        public var location: String?
        /// When it starts.
        public var start: Date
        /// When it ends: after `start`, or equal to it for an event with no length.
        public var end: Date
        /// An all-day event: `start` and `end` are midnights in the widget's zone.
        public var isAllDay: Bool
    }

    /// The widget's zone, whose wall clock the times are written on.
    public let timeZone: TimeZone
    /// The occurrences that overlap the days asked for, by start.
    public let occurrences: [Occurrence]
    /// What went wrong, each naming its file (and line) or URL.
    public let problems: [String]

    /// Loads the sources of a calendar widget with `options` (as in its `[[widget]]` table)
    /// and lists the occurrences from `start` for `days` days (default: the widget's `days`).
    ///
    /// Throws ``Widgets/WidgetOptionError`` for options the widget refuses.
    public static func load(options: WidgetOptions, from start: Date, days: Int? = nil)
        async throws -> CalendarListing
    {
        let options = try CalendarOptions(
            options, environment: ProcessInfo.processInfo.environment)
        let outcome = await CalendarLoader(options: options.sources).load(now: start)
        let window = DateInterval(
            start: start, duration: TimeInterval(days ?? options.days) * 86_400)
        let expansion = CalendarOccurrence.occurrences(of: outcome.calendars, in: window)
        return CalendarListing(
            timeZone: options.timeZone,
            occurrences: expansion.occurrences.map {
                Occurrence(
                    title: $0.title, location: $0.location, start: $0.start, end: $0.end,
                    isAllDay: $0.isAllDay)
            },
            problems: outcome.problems + expansion.problems.map(\.description))
    }

    /// An occurrence in a line, its columns split by tabs: start, end (ISO 8601 with the
    /// zone's offset; dates for an all-day event, the end exclusive as in iCalendar) and title,
    /// its line breaks and tabs made spaces and its other terminal controls (escape, bell, C1)
    /// escaped: `Party \u{1B}[2J`.
    public func line(_ occurrence: Occurrence) -> String {
        let title = occurrence.title.replacing("\n", with: " ").replacing("\t", with: " ")
            .escapedForTerminal()
        let times = [occurrence.start, occurrence.end].map {
            occurrence.isAllDay ? wallClock($0).day.description : iso8601($0)
        }
        return (times + [title]).joined(separator: "\t")
    }

    /// `date` in ISO 8601 on the widget's wall clock, with its offset:
    /// `2026-01-15T09:00:00+01:00`.
    public func iso8601(_ date: Date) -> String {
        let (day, time) = wallClock(date)
        let offset = timeZone.secondsFromGMT(for: date)
        return "\(day)T\(time.hour.padded(to: 2)):\(time.minute.padded(to: 2)):"
            + "\(time.second.padded(to: 2))\(offset < 0 ? "-" : "+")"
            + "\((abs(offset) / 3600).padded(to: 2)):\((abs(offset) / 60 % 60).padded(to: 2))"
    }

    private func wallClock(_ date: Date) -> (day: CivilDate, time: TimeOfDay) {
        EventZone(timeZone).wallClock(date)
    }
}
