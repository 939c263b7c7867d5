import FoundationEssentials
import WidgetUI
import Widgets

/// The built-in `clock`: the time in large rounded digits, in 24-hour or 12-hour form, or as
/// hands on a dial; in the display's time zone or another one.
///
/// Options: `style` (`"digital"` or `"analog"`, default digital), `seconds` (Boolean, default
/// false: a live seconds count by the digits, or a seconds hand), `24h` (Boolean, default
/// true; digital only), `time_zone` (an IANA name such as `"America/New_York"`, default the
/// system's), `label` (a caption such as a city name, default none; a world clock shows its
/// zone's city when `time_zone` is set).
///
/// Seconds hide while luminance is reduced. The digital seconds are live text
/// (`Text(.currentDate, format:)`), so the host redraws every second only when they show; the
/// seconds hand needs an entry per second, so with `style = "analog"` and `seconds = true` the
/// timeline has one (the hand is still hidden at night).
struct ClockWidget: View {
    let entry: ClockEntry
    let options: ClockOptions

    @Environment(\.widgetFamily) private var family
    @Environment(\.isLuminanceReduced) private var isLuminanceReduced
    @Environment(\.locale) private var locale

    var body: some View {
        Group {
            switch options.style {
            case .digital: digital
            case .analog: AnalogClockFace(date: entry.date, options: options)
            }
        }
        .containerBackground(for: .widget) {
            if !family.isAccessory { Color(white: 0.11) }
        }
    }

    private var digital: some View {
        VStack(spacing: 2) {
            if let label = options.label {
                Text(label.uppercased())
                    .font(.system(size: 13, weight: .semibold))
                    .foregroundStyle(.secondary)
                    .lineLimit(1)
            }
            timeText
                .font(.system(size: 52, weight: .semibold, design: .rounded))
                .lineLimit(1)
                .minimumScaleFactor(0.5)
                .widgetAccentable()
            if let meridiem = options.meridiemText(entry.date, locale: locale) {
                Text(meridiem)
                    .font(.system(size: 15, weight: .medium, design: .rounded))
                    .foregroundStyle(.secondary)
            }
        }
    }

    /// "21:41", and ":07" smaller after it while seconds show.
    private var timeText: Text {
        let time = Text(verbatim: options.timeText(entry.date, locale: locale))
        guard options.seconds, !isLuminanceReduced else { return time }
        return time
            + (Text(":") + Text(.currentDate, format: .dateTime.second(.twoDigits)))
            .font(.system(size: 26, weight: .semibold, design: .rounded))
            .foregroundStyle(.secondary)
    }

    /// The kind, made from its options.
    static var kind: ConfigurableWidget {
        ConfigurableWidget(kind: "clock") { options in
            let clock = try ClockOptions(options)
            return WidgetDescriptor(
                StaticConfiguration(kind: "clock", provider: ClockProvider(options: clock)) {
                    entry in
                    ClockWidget(entry: entry, options: clock)
                }
                .configurationDisplayName("Clock")
                .description("The time, large.")
                .supportedFamilies(
                    clock.style == .analog
                        ? [.systemSmall, .accessoryCircular] : [.systemSmall, .systemMedium]))
        }
    }
}

/// One minute (or, for a seconds hand, one second) of the clock.
struct ClockEntry: TimelineEntry, Equatable {
    let date: Date
}

/// A clock entry for every minute of the coming hour; for an analog clock with a seconds
/// hand, one for every second of the coming two minutes.
struct ClockProvider: TimelineProvider {
    let options: ClockOptions

    func placeholder(in context: Context) -> ClockEntry { ClockEntry(date: context.date) }

    func getSnapshot(in context: Context, completion: @escaping (ClockEntry) -> Void) {
        completion(ClockEntry(date: context.date))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<ClockEntry>) -> Void) {
        if options.style == .analog && options.seconds {
            let second = context.date.timeIntervalSince1970.rounded(.down)
            let entries = (0..<120).map {
                ClockEntry(date: Date(timeIntervalSince1970: second + Double($0)))
            }
            completion(Timeline(entries: entries, policy: .atEnd))
        } else {
            completion(minuteTimeline(from: context.date, make: ClockEntry.init))
        }
    }
}
