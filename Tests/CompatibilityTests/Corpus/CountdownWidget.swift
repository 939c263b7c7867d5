// A countdown to an event: a live timer, relative dates inside sentences, and a progress bar
// of the time gone by; tapping it opens the event (widgetURL).
import NightstandKit

struct CountdownEntry: TimelineEntry {
    let date: Date
    let title: String
    let start: Date
    let eventDate: Date
    let tint: Color

    var relevance: TimelineEntryRelevance? {
        let hours = eventDate.timeIntervalSince(date) / 3600
        return TimelineEntryRelevance(score: hours < 24 ? 1 : 0.2)
    }
}

struct CountdownProvider: TimelineProvider {
    func placeholder(in context: Context) -> CountdownEntry {
        CountdownEntry(
            date: .now, title: "Launch", start: .now.addingTimeInterval(-86_400),
            eventDate: .now.addingTimeInterval(3 * 3600), tint: .orange)
    }

    func getSnapshot(in context: Context, completion: @escaping (CountdownEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<CountdownEntry>) -> Void)
    {
        let entry = placeholder(in: context)
        completion(Timeline(entries: [entry], policy: .after(entry.eventDate)))
    }
}

struct CountdownWidgetEntryView: View {
    var entry: CountdownProvider.Entry

    var progress: Double {
        let total = entry.eventDate.timeIntervalSince(entry.start)
        return max(0, min(1, entry.date.timeIntervalSince(entry.start) / total))
    }

    var body: some View {
        VStack(alignment: .leading) {
            Label(entry.title, systemImage: "airplane.departure")
                .font(.headline)
                .foregroundStyle(entry.tint)
            Spacer()
            Text(entry.eventDate, style: .timer)
                .font(.system(size: 34, weight: .semibold).monospacedDigit())
                .contentTransition(.numericText(countsDown: true))
            Text("Starts \(entry.eventDate, style: .relative)")
                .font(.caption)
                .foregroundStyle(.secondary)
            Text(
                "Boarding at \(entry.eventDate.addingTimeInterval(-1800), format: .dateTime.hour().minute())"
            )
            .font(.caption2)
            .foregroundStyle(.tertiary)
            ProgressView(value: progress)
                .tint(entry.tint)
        }
        .widgetURL(URL(string: "countdown://event/launch"))
    }
}

struct CountdownWidget: Widget {
    let kind: String = "Countdown"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: CountdownProvider()) { entry in
            CountdownWidgetEntryView(entry: entry)
                .containerBackground(.background, for: .widget)
        }
        .configurationDisplayName("Countdown")
        .description("Time left until your event.")
        .supportedFamilies([.systemSmall])
    }
}
