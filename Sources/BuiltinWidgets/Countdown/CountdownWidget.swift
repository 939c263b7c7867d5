import FoundationEssentials
import WidgetUI
import Widgets

/// The built-in `countdown`: the time left until a date and time, in days while a day or
/// more remains, then as a live timer to the second; after it, "Now" or the time since.
///
/// Options: `target` (required: `"2026-12-24T18:00"` in the local zone, or with an offset
/// such as `"2026-12-24T18:00:00+01:00"`), `title` (default none), `after` (`"now"` or
/// `"elapsed"`, default now), `time_zone` (an IANA name, for a target without an offset and
/// for showing its date; default the system's).
///
/// The timer is live text (`Text(_:style: .timer)`): it updates every second without a
/// provider reload; with luminance reduced it shows the time left in hours and minutes
/// (`.relative`) instead.
struct CountdownWidget: View {
    let entry: CountdownEntry
    let options: CountdownOptions

    @Environment(\.widgetFamily) private var family
    @Environment(\.isLuminanceReduced) private var isLuminanceReduced

    private var phase: CountdownPhase {
        CountdownPhase(at: entry.date, target: options.target, after: options.after)
    }

    var body: some View {
        content
            .environment(\.timeZone, options.timeZone)
            .containerBackground(for: .widget) {
                if !family.isAccessory { Color(white: 0.11) }
            }
    }

    @ViewBuilder private var content: some View {
        switch family {
        case .accessoryInline:
            Label {
                Text(options.title.map { $0 + " " } ?? "") + inlineText
            } icon: {
                Image(systemName: "hourglass")
            }
        case .accessoryCircular:
            ZStack {
                AccessoryWidgetBackground()
                circularText.multilineTextAlignment(.center).padding(6)
            }
        case .accessoryRectangular:
            VStack(alignment: .leading, spacing: 0) {
                (options.title.map { Text($0) } ?? Text("Countdown"))
                    .font(.system(size: 15, weight: .semibold))
                    .lineLimit(1)
                    .widgetAccentable()
                large(size: 24)
                dateText.font(.system(size: 12)).lineLimit(1).minimumScaleFactor(0.8)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .leading)
        case .systemSmall, .systemMedium, .systemLarge, .systemExtraLarge:
            VStack(alignment: .leading, spacing: 4) {
                if let title = options.title {
                    Text(title.uppercased())
                        .font(.system(size: 13, weight: .semibold))
                        .foregroundStyle(.orange)
                        .lineLimit(2)
                        .widgetAccentable()
                }
                Spacer(minLength: 0)
                // Before the spacer: the number shrinks only when it must.
                VStack(alignment: .leading, spacing: 4) {
                    large(size: 56)
                    dateText
                        .font(.system(size: 13, weight: .medium))
                        .foregroundStyle(.secondary)
                        .lineLimit(1)
                        .minimumScaleFactor(0.8)
                }
                .layoutPriority(1)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
    }

    /// The live time to (or since) the target: a timer by day, hours and minutes when dim.
    private var timerText: Text {
        isLuminanceReduced
            ? Text(options.target, style: .relative) : Text(options.target, style: .timer)
    }

    /// The phase, large: days, the timer, or "Now".
    @ViewBuilder private func large(size: Double) -> some View {
        let number = Font.system(size: size, weight: .semibold, design: .rounded)
        let unit = Font.system(size: max(size * 0.3, 15), weight: .semibold, design: .rounded)
        switch phase {
        case .days(let days), .elapsedDays(let days):
            let count = Text("\(days)").font(number)
            let words = CountdownText.unit(days, since: phase != .days(days))
                .font(unit).foregroundStyle(.secondary)
            if size > 30 {
                VStack(alignment: .leading, spacing: 0) {
                    count.lineLimit(1).minimumScaleFactor(0.5).widgetAccentable()
                    words.lineLimit(1)
                }
            } else {
                (count + Text(" ") + words).lineLimit(1).widgetAccentable()
            }
        case .hours, .elapsedHours:
            ((phase == .elapsedHours ? Text("+") : Text("")) + timerText)
                .font(
                    isLuminanceReduced
                        ? .system(size: size / 2, weight: .semibold, design: .rounded)
                        : number.monospacedDigit()
                )
                .lineLimit(1)
                .minimumScaleFactor(0.4)
                .widgetAccentable()
        case .now:
            Text("Now").font(number).lineLimit(1).widgetAccentable()
        }
    }

    /// "Dec 24, 6:00 PM": the target's date and time.
    private var dateText: Text {
        Text(options.target, format: .dateTime.month(.abbreviated).day().hour().minute())
    }

    private var circularText: some View {
        Group {
            switch phase {
            case .days(let days), .elapsedDays(let days):
                VStack(spacing: 0) {
                    Text("\(days)").font(.system(size: 24, weight: .semibold, design: .rounded))
                    Text("\(days) DAYS (unit)").font(.system(size: 10, weight: .semibold))
                }
            case .hours, .elapsedHours:
                timerText.font(.system(size: 16, weight: .semibold, design: .rounded))
                    .monospacedDigit().minimumScaleFactor(0.5).lineLimit(2)
            case .now:
                Text("NOW").font(.system(size: 18, weight: .bold, design: .rounded))
            }
        }
        .widgetAccentable()
    }

    private var inlineText: Text {
        switch phase {
        case .days(let days): Text("in \(days) days")
        case .elapsedDays(let days): Text("\(days) days ago")
        case .hours: Text("in \(timerText)")
        case .elapsedHours: Text("+") + timerText
        case .now: Text("now")
        }
    }

    /// The kind, made from its options.
    static var kind: ConfigurableWidget {
        ConfigurableWidget(kind: "countdown") { options in
            let countdown = try CountdownOptions(options)
            return WidgetDescriptor(
                StaticConfiguration(
                    kind: "countdown", provider: CountdownProvider(options: countdown)
                ) { entry in
                    CountdownWidget(entry: entry, options: countdown)
                }
                .configurationDisplayName("Countdown")
                .description("The time left until a date.")
                .supportedFamilies([
                    .systemSmall, .accessoryCircular, .accessoryRectangular, .accessoryInline,
                ]))
        }
    }
}

/// The countdown's words.
enum CountdownText {
    /// "day", "days"; "days ago" since the target: the word after a count shown apart, in
    /// the count's plural form (the catalogs' "%lld days (unit)" has no number in its forms).
    static func unit(_ days: Int, since: Bool) -> Text {
        since ? Text("\(days) days ago (unit)") : Text("\(days) days (unit)")
    }
}

/// One phase of the countdown.
struct CountdownEntry: TimelineEntry, Equatable {
    let date: Date
}

/// An entry now and at each change of phase in the coming week (each whole day before the
/// target, the target, and for `elapsed` each whole day after it); the timer in between is
/// live text.
struct CountdownProvider: TimelineProvider {
    let options: CountdownOptions

    /// How far ahead a timeline reaches.
    static let window: TimeInterval = 7 * 86_400

    func placeholder(in context: Context) -> CountdownEntry { CountdownEntry(date: context.date) }

    func getSnapshot(in context: Context, completion: @escaping (CountdownEntry) -> Void) {
        completion(CountdownEntry(date: context.date))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<CountdownEntry>) -> Void)
    {
        completion(timeline(now: context.date))
    }

    /// The timeline from `now`: reloads at its last entry while later changes remain.
    func timeline(now: Date) -> Timeline<CountdownEntry> {
        let end = now.addingTimeInterval(Self.window)
        let changes = CountdownPhase.changes(
            target: options.target, after: options.after,
            in: now.addingTimeInterval(0.001)...end)
        let entries = [CountdownEntry(date: now)] + changes.map(CountdownEntry.init)
        let more = options.after == .elapsed || options.target > end
        return Timeline(entries: entries, policy: more ? .atEnd : .never)
    }
}
