// Today's date and the next events, like a calendar widget: the weekday and day from format
// styles, event rows with a colored bar, times relative to each other.
import NightstandKit

struct CalendarEvent: Identifiable {
    let id = UUID()
    let title: String
    let start: Date
    let end: Date
    let color: Color
}

struct CalendarEntry: TimelineEntry {
    let date: Date
    let events: [CalendarEvent]
}

struct CalendarProvider: TimelineProvider {
    func placeholder(in context: Context) -> CalendarEntry {
        CalendarEntry(date: Date(), events: CalendarEntry.events(on: Date()))
    }

    func getSnapshot(in context: Context, completion: @escaping (CalendarEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<CalendarEntry>) -> Void) {
        let now = Date()
        let midnight = Calendar.current.nextDate(
            after: now, matching: DateComponents(hour: 0, minute: 0), matchingPolicy: .nextTime)
        completion(
            Timeline(
                entries: [CalendarEntry(date: now, events: CalendarEntry.events(on: now))],
                policy: .after(midnight ?? now.addingTimeInterval(3600))))
    }
}

extension CalendarEntry {
    static func events(on day: Date) -> [CalendarEvent] {
        let calendar = Calendar.current
        func at(_ hour: Int, _ minute: Int = 0) -> Date {
            calendar.date(bySettingHour: hour, minute: minute, second: 0, of: day) ?? day
        }
        return [
            CalendarEvent(title: "Standup", start: at(10), end: at(10, 15), color: .blue),
            CalendarEvent(
                title: "Lunch with Sam", start: at(12, 30), end: at(13, 30), color: .orange),
            CalendarEvent(title: "Dentist", start: at(16), end: at(17), color: .purple),
        ]
    }
}

struct EventRow: View {
    let event: CalendarEvent

    var body: some View {
        HStack(spacing: 6) {
            RoundedRectangle(cornerRadius: 2)
                .fill(event.color)
                .frame(width: 4)
            VStack(alignment: .leading, spacing: 1) {
                Text(event.title)
                    .font(.caption.weight(.semibold))
                    .lineLimit(1)
                Text(event.start, style: .time) + Text(" – ") + Text(event.end, style: .time)
            }
            .font(.caption2)
            .foregroundStyle(.secondary)
        }
        .fixedSize(horizontal: false, vertical: true)
    }
}

struct CalendarWidgetView: View {
    let entry: CalendarEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(entry.date, format: .dateTime.weekday(.wide))
                .font(.caption.bold())
                .textCase(.uppercase)
                .foregroundStyle(.red)
            Text(entry.date, format: .dateTime.day())
                .font(.system(size: 36, weight: .regular, design: .default))
            ForEach(entry.events.prefix(2)) { event in
                EventRow(event: event)
            }
            Spacer(minLength: 0)
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .environment(\.colorScheme, .dark)
    }
}

struct CalendarWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Calendar", provider: CalendarProvider()) { entry in
            CalendarWidgetView(entry: entry)
                .containerBackground(.background, for: .widget)
        }
        .configurationDisplayName("Up Next")
        .description("Today's date and your next events.")
        .supportedFamilies([.systemSmall])
    }
}
