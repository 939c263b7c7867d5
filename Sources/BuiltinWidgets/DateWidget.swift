import FoundationEssentials
import WidgetUI
import Widgets

/// The built-in `date`: the weekday, the day of the month large, and the month, as the iOS
/// calendar widget shows today.
///
/// Options: `time_zone` (an IANA name, default the system's), `locale` (such as `"de_DE"`,
/// default the display's).
struct DateWidget: View {
    let entry: DateEntry
    let options: DateOptions

    @Environment(\.locale) private var locale

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text(
                options.format(locale: locale, Date.FormatStyle().weekday(.wide), entry.date)
                    .uppercased()
            )
            .font(.system(size: 15, weight: .semibold))
            .foregroundStyle(.red)
            .widgetAccentable()
            .lineLimit(1)
            Text(options.format(locale: locale, Date.FormatStyle().day(), entry.date))
                .font(.system(size: 72, weight: .regular, design: .rounded))
                .lineLimit(1)
                .minimumScaleFactor(0.5)  // "27日" in Japanese
                .layoutPriority(1)  // its full height first: it shrinks for its width alone
            Spacer(minLength: 0)
            Text(options.format(locale: locale, Date.FormatStyle().month(.wide).year(), entry.date))
                .font(.system(size: 15, weight: .medium))
                .foregroundStyle(.secondary)
                .lineLimit(1)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        .containerBackground(Color(white: 0.11), for: .widget)
    }

    /// The kind, made from its options.
    static var kind: ConfigurableWidget {
        ConfigurableWidget(kind: "date") { options in
            try options.rejectUnknown(["time_zone", "locale"])
            let date = try DateOptions(options)
            return WidgetDescriptor(
                StaticConfiguration(kind: "date", provider: DateProvider(options: date)) { entry in
                    DateWidget(entry: entry, options: date)
                }
                .configurationDisplayName("Date")
                .description("Today's weekday, day and month.")
                .supportedFamilies([.systemSmall]))
        }
    }
}

/// One day.
struct DateEntry: TimelineEntry, Equatable {
    let date: Date
}

/// An entry now and at each of the next seven midnights.
struct DateProvider: TimelineProvider {
    let options: DateOptions

    func placeholder(in context: Context) -> DateEntry { DateEntry(date: context.date) }

    func getSnapshot(in context: Context, completion: @escaping (DateEntry) -> Void) {
        completion(DateEntry(date: context.date))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<DateEntry>) -> Void) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = options.timeZone
        var entries = [DateEntry(date: context.date)]
        var day = calendar.startOfDay(for: context.date)
        for _ in 0..<7 {
            guard let next = calendar.date(byAdding: .day, value: 1, to: day) else { break }
            day = calendar.startOfDay(for: next)
            entries.append(DateEntry(date: day))
        }
        completion(Timeline(entries: entries, policy: .atEnd))
    }
}

/// The date's options, checked.
struct DateOptions: Sendable {
    var timeZone = TimeZone.current
    /// Nil for the display's language (the view environment's locale).
    var locale: Locale?

    init(_ options: WidgetOptions) throws {
        timeZone = try options.timeZone("time_zone") ?? timeZone
        locale = try options.string("locale").map(Locale.init(identifier:))
    }

    /// `date` with the fields of `style`, in the widget's locale (else `display`) and time zone.
    func format(locale display: Locale, _ style: Date.FormatStyle, _ date: Date) -> String {
        var style = style
        style.locale = locale ?? display
        style.timeZone = timeZone
        return date.formatted(style)
    }
}
