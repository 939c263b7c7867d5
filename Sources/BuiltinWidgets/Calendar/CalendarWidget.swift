import Calendars
import FoundationEssentials
import WidgetUI
import Widgets

/// The built-in `calendar`: the month as a grid with today marked, and the next events from
/// iCalendar (`.ics`) files and a subscription URL.
///
/// Options: `files` (an array of `.ics` paths), `url` (an http, https or webcal URL), `cache`
/// (a file for the last download, default `$XDG_CACHE_HOME/nightstand/calendar-<hash>.ics`),
/// `days` (how many days ahead, default 14), `refresh` (a duration, default `"15m"`),
/// `timeout` (a duration, default `"8s"`), `style` (`"month"` or `"events"`, for the small
/// family; default month), `first_weekday` (`"monday"` …, default the locale's),
/// `time_zone` (an IANA name, default the system's), `locale` (such as `"en_GB"`, default
/// `LC_ALL`, `LC_TIME` or `LANG`, else the display's). Without files or a URL it shows the
/// month alone.
///
/// Families: small (the month, or "Up next" with `style = "events"`), medium (the month and
/// the next events side by side), large (the month above the next events), circular (the
/// day), rectangular (the next event), inline (the next event in a line).
///
/// A file that can't be read or a download that fails is logged once per change under
/// `nightstand.widgets`, naming the file (and line) or the URL's host; a line it can't read
/// doesn't hide the events that are whole. Offline it shows the cached download, with
/// "Updated … ago" once that is older than twice the refresh interval (an hour at least).
struct CalendarWidget: View {
    let entry: CalendarEntry
    let options: CalendarOptions

    @Environment(\.widgetFamily) private var family
    @Environment(\.locale) private var locale

    var body: some View {
        content
            .containerBackground(for: .widget) {
                if !family.isAccessory { Color(white: 0.11) }
            }
    }

    private var text: CalendarText { Self.text(options: options, environment: locale) }

    /// The display's calendar: the options' zone, locale and first weekday (the locale's
    /// without one); the view environment's locale when the options name none.
    static func text(options: CalendarOptions, environment locale: Locale) -> CalendarText {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = options.locale ?? locale
        calendar.timeZone = options.timeZone
        if let firstWeekday = options.firstWeekday { calendar.firstWeekday = firstWeekday }
        return CalendarText(calendar: calendar)
    }

    private var agenda: CalendarAgenda? {
        if case .agenda(let agenda) = entry.content { agenda } else { nil }
    }

    /// Whether the agenda had problems, for the warning sign of one header.
    private var hasProblems: Bool { agenda?.hasProblems ?? false }

    private func month(showsYear: Bool = false, showsProblems: Bool = false) -> some View {
        CalendarMonthView(
            date: entry.date, eventDays: agenda?.eventDays(in: text.calendar) ?? [], text: text,
            showsYear: showsYear, hasProblems: showsProblems && hasProblems)
    }

    @ViewBuilder private var content: some View {
        switch family {
        case .systemSmall where options.style == .month:
            month(showsProblems: true)
        case .systemSmall:
            VStack(alignment: .leading, spacing: 4) {
                VStack(alignment: .leading, spacing: -2) {
                    CalendarHeader(
                        title: text.weekday(entry.date), isAccent: true, hasProblems: hasProblems)
                    Text(String(CivilDate(entry.date, in: text.calendar).day))
                        .font(.system(size: 26, weight: .regular))
                        .lineLimit(1)
                }
                events(limit: 2)
            }
        case .systemMedium:
            HStack(alignment: .top, spacing: 16) {
                month().frame(width: 146)
                VStack(alignment: .leading, spacing: 6) {
                    CalendarHeader(title: text.upNext, hasProblems: hasProblems)
                    events(limit: 3)
                }
            }
        case .systemLarge, .systemExtraLarge:
            VStack(alignment: .leading, spacing: 10) {
                month(showsYear: true).frame(height: 170)
                Divider()
                CalendarHeader(title: text.upNext, hasProblems: hasProblems)
                events(limit: 3)
            }
        case .accessoryCircular:
            ZStack {
                AccessoryWidgetBackground()
                VStack(spacing: -3) {
                    Text(text.weekday(entry.date).prefix(3))
                        .font(.system(size: 11, weight: .semibold))
                        .widgetAccentable()
                    Text(String(CivilDate(entry.date, in: text.calendar).day))
                        .font(.system(size: 26, weight: .semibold, design: .rounded))
                }
            }
        case .accessoryRectangular:
            rectangular
        case .accessoryInline:
            if let agenda, let next = agenda.upcoming(at: entry.date).first {
                Label(
                    "\(text.short(next, now: entry.date)) \(next.title)", systemImage: "calendar")
            } else {
                status ?? AnyView(Label("No events", systemImage: "calendar"))
            }
        }
    }

    /// The next events, or the state that stands for them.
    private func events(limit: Int) -> some View {
        Group {
            if let agenda {
                CalendarEventsView(agenda: agenda, now: entry.date, text: text, limit: limit)
            } else {
                status
            }
        }
    }

    /// The rectangular accessory: the next event's title, when and where.
    @ViewBuilder private var rectangular: some View {
        if let agenda {
            VStack(alignment: .leading, spacing: 0) {
                if let next = agenda.upcoming(at: entry.date).first {
                    Text(next.title)
                        .font(.system(size: 15, weight: .semibold))
                        .widgetAccentable()
                    Text(text.when(next, now: entry.date))
                    if let location = next.location {
                        Text(location).foregroundStyle(.secondary)
                    }
                } else {
                    Label("No events", systemImage: "calendar")
                        .font(.system(size: 15, weight: .semibold))
                        .widgetAccentable()
                    CalendarEventsView.nothingAhead(days: agenda.days)
                }
            }
            .font(.system(size: 13, weight: .medium))
            .lineLimit(1)
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .leading)
        } else {
            status
        }
    }

    /// Loading, or why there is no calendar; nil with an agenda.
    private var status: AnyView? {
        switch entry.content {
        case .agenda: nil
        case .unavailable(let reason):
            AnyView(
                StatusView(
                    title: "No Calendar Data", symbol: "exclamationmark.triangle.fill",
                    detail: reason))
        case .loading:
            AnyView(StatusView(title: "Loading…", symbol: "calendar", detail: nil))
        }
    }

    /// The kind, made from its options.
    static var kind: ConfigurableWidget {
        ConfigurableWidget(kind: "calendar") { options in
            let calendar = try CalendarOptions(
                options, environment: ProcessInfo.processInfo.environment)
            return descriptor(options: calendar, loader: CalendarLoader(options: calendar.sources))
        }
    }

    /// The widget for checked options, loading through `loader`.
    static func descriptor(
        options: CalendarOptions, loader: CalendarLoader, log: ProblemLog? = nil
    ) -> WidgetDescriptor {
        let sources = options.files + (options.url.map { [CalendarSources.name($0)] } ?? [])
        let subject =
            "calendar widget" + (sources.isEmpty ? "" : " (\(sources.joined(separator: ", ")))")
        let provider = CalendarProvider(
            options: options, loader: loader, log: log ?? ProblemLog(subject: subject))
        return WidgetDescriptor(
            StaticConfiguration(kind: "calendar", provider: provider) { entry in
                CalendarWidget(entry: entry, options: options)
            }
            .configurationDisplayName("Calendar")
            .description("The month, and the next events from iCalendar files or a URL.")
            // The six families of a phone: not the iPad's systemExtraLarge.
            .supportedFamilies(WidgetFamily.allCases.filter { $0 != .systemExtraLarge }))
    }
}
