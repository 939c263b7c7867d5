import Foundation
import NightstandKit

/// The next tram from the stop outside, counting down to the second.
///
/// Departures come from a fixed timetable (every 12 minutes from 05:04 until 00:28), so the
/// widget needs no network: the provider computes an entry per minute for the coming hour.
struct DeparturesWidget: Widget {
    let kind = "departures"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: DeparturesProvider()) { entry in
            DeparturesWidgetView(entry: entry)
        }
        .configurationDisplayName("Next Departure")
        .description("A countdown to the next tram.")
        .supportedFamilies([.systemSmall, .systemMedium, .accessoryRectangular])
    }
}

/// The departures as seen at one minute.
struct DeparturesEntry: TimelineEntry {
    let date: Date
    let line: String
    let destination: String
    /// The departure before the next one: where the progress bar starts.
    let previous: Date
    /// The next departure, then the ones after it.
    let upcoming: [Date]

    /// The next departure.
    var next: Date { upcoming.first ?? date }

    /// How far the wait between the previous and the next departure has come, 0…1.
    var progress: Double {
        let wait = next.timeIntervalSince(previous)
        return wait > 0 ? date.timeIntervalSince(previous) / wait : 1
    }
}

/// A timetable that repeats every day: departures at a fixed interval between a first and a
/// last one, as seconds after local midnight (the last may be past midnight).
struct Timetable: Sendable {
    var first: TimeInterval = 5 * 3600 + 4 * 60
    var last: TimeInterval = 24 * 3600 + 28 * 60
    var interval: TimeInterval = 12 * 60

    /// Every departure from the service day before `date`'s through the one after, in order.
    func departures(around date: Date, calendar: Calendar) -> [Date] {
        let midnight = calendar.startOfDay(for: date)
        return (-1...1).flatMap { day -> [Date] in
            guard let start = calendar.date(byAdding: .day, value: day, to: midnight) else {
                return []
            }
            return stride(from: first, through: last, by: interval).map {
                start.addingTimeInterval($0)
            }
        }
    }
}

/// An entry for each minute of the coming hour, from the timetable.
struct DeparturesProvider: TimelineProvider {
    var line = "12"
    var destination = "Central Station"
    var timetable = Timetable()
    var calendar = Calendar.current

    func placeholder(in context: Context) -> DeparturesEntry {
        entry(at: context.date)
    }

    func getSnapshot(in context: Context, completion: @escaping (DeparturesEntry) -> Void) {
        completion(entry(at: context.date))
    }

    func getTimeline(
        in context: Context, completion: @escaping (Timeline<DeparturesEntry>) -> Void
    ) {
        let minute = calendar.dateInterval(of: .minute, for: context.date)?.start ?? context.date
        let entries = (0..<60).map { entry(at: minute.addingTimeInterval(Double($0) * 60)) }
        completion(Timeline(entries: entries, policy: .atEnd))
    }

    /// The entry at `date`: the last departure before it and the next three from it.
    func entry(at date: Date) -> DeparturesEntry {
        let all = timetable.departures(around: date, calendar: calendar)
        let upcoming = Array(all.filter { $0 > date }.prefix(3))
        let previous = all.last { $0 <= date } ?? date
        return DeparturesEntry(
            date: date, line: line, destination: destination, previous: previous,
            upcoming: upcoming)
    }
}

/// The departures widget's view: one layout per family.
struct DeparturesWidgetView: View {
    let entry: DeparturesEntry

    @Environment(\.widgetFamily) private var family

    var body: some View {
        content
            .containerBackground(for: .widget) {
                Color(red: 0.12, green: 0.1, blue: 0.08)
            }
    }

    @ViewBuilder
    private var content: some View {
        switch family {
        case .accessoryRectangular:
            VStack(alignment: .leading, spacing: 2) {
                Label("Tram \(entry.line)", systemImage: "tram.fill")
                    .font(.headline)
                    .widgetAccentable()
                Countdown(date: entry.next)
                    .font(.system(size: 22, weight: .semibold, design: .rounded))
                ProgressView(value: entry.progress)
                    .tint(.orange)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        case .systemMedium:
            HStack(spacing: 16) {
                NextDeparture(entry: entry)
                Divider()
                LaterDepartures(entry: entry)
            }
        default:
            NextDeparture(entry: entry)
        }
    }
}

/// The line, its destination, and a countdown to the next departure over a progress bar.
struct NextDeparture: View {
    let entry: DeparturesEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            HStack(spacing: 6) {
                Image(systemName: "tram.fill")
                    .foregroundStyle(.orange)
                    .widgetAccentable()
                Text("Line \(entry.line)")
                    .font(.headline)
            }
            Text(entry.destination)
                .font(.caption)
                .foregroundStyle(.secondary)
                .lineLimit(1)
            Spacer(minLength: 0)
            Countdown(date: entry.next)
                .font(.system(size: 36, weight: .semibold, design: .rounded))
            ProgressView(value: entry.progress)
                .tint(.orange)
        }
        .frame(maxWidth: .infinity, alignment: .leading)
    }
}

/// A live countdown ("7:12"); the departure time instead while the display is dimmed, when
/// seconds should not tick.
struct Countdown: View {
    let date: Date

    @Environment(\.isLuminanceReduced) private var isLuminanceReduced

    var body: some View {
        if isLuminanceReduced {
            Text(date, style: .time)
        } else {
            Text(date, style: .timer)
                .monospacedDigit()
        }
    }
}

/// The departures after the next one, with the minutes until each.
struct LaterDepartures: View {
    let entry: DeparturesEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            Text("Later")
                .font(.caption)
                .foregroundStyle(.secondary)
            ForEach(entry.upcoming.dropFirst(), id: \.self) { departure in
                HStack(alignment: .firstTextBaseline) {
                    Text(departure, style: .time)
                        .font(.subheadline.weight(.semibold))
                        .fixedSize()
                    Spacer()
                    Text("in \(Int(departure.timeIntervalSince(entry.date) / 60)) min")
                        .font(.caption)
                        .foregroundStyle(.secondary)
                        .fixedSize()
                }
            }
            Spacer(minLength: 0)
        }
        .frame(width: 150)
    }
}
