// swift-format-ignore-file: NeverForceUnwrap

// The next departures at a stop, in the style of transit apps: colored line badges, times
// relative to now, a struck-through cancelled trip, and each row a link to its trip.
import Foundation
import NightstandKit

struct Departure: Identifiable, Hashable {
    var id: String { "\(line)-\(time.timeIntervalSince1970)" }
    let line: String
    let destination: String
    let time: Date
    let color: Color
    var isCancelled = false
}

struct TransitEntry: TimelineEntry {
    let date: Date
    let stop: String
    let departures: [Departure]
}

struct TransitProvider: TimelineProvider {
    func placeholder(in context: Context) -> TransitEntry {
        TransitEntry.sample(at: context.isPreview ? Date() : Date())
    }

    func getSnapshot(in context: Context, completion: @escaping (TransitEntry) -> Void) {
        completion(.sample(at: Date()))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<TransitEntry>) -> Void) {
        let now = Date()
        // One entry a minute, so that "in 4 min" stays right.
        let entries = (0..<10).map { minute in
            TransitEntry.sample(at: now.addingTimeInterval(Double(minute) * 60))
        }
        completion(Timeline(entries: entries, policy: .atEnd))
    }
}

extension TransitEntry {
    static func sample(at date: Date) -> TransitEntry {
        TransitEntry(
            date: date, stop: "Main St",
            departures: [
                Departure(
                    line: "12", destination: "Downtown", time: date.addingTimeInterval(4 * 60),
                    color: Color(red: 0.0, green: 0.45, blue: 0.85)),
                Departure(
                    line: "N", destination: "Airport", time: date.addingTimeInterval(9 * 60),
                    color: Color(red: 0.95, green: 0.75, blue: 0.1), isCancelled: true),
                Departure(
                    line: "7", destination: "University", time: date.addingTimeInterval(16 * 60),
                    color: Color(red: 0.2, green: 0.65, blue: 0.3)),
            ])
    }
}

struct LineBadge: View {
    let line: String
    let color: Color

    var body: some View {
        Text(line)
            .font(.caption.weight(.heavy))
            .foregroundColor(.white)
            .frame(minWidth: 22, minHeight: 22)
            .padding(.horizontal, 2)
            .background(color, in: Capsule())
    }
}

struct DepartureRow: View {
    let departure: Departure
    let now: Date

    var minutes: Int { Int(departure.time.timeIntervalSince(now) / 60) }

    var body: some View {
        HStack(spacing: 6) {
            LineBadge(line: departure.line, color: departure.color)
            Text(departure.destination)
                .font(.subheadline)
                .lineLimit(1)
                .strikethrough(departure.isCancelled)
                .frame(maxWidth: .infinity, alignment: .leading)
            if departure.isCancelled {
                Text("Cancelled")
                    .font(.caption2.bold())
                    .foregroundStyle(.red)
                    .layoutPriority(1)
            } else {
                Text("\(minutes) min")
                    .font(.subheadline.monospacedDigit())
                    .layoutPriority(1)
            }
        }
    }
}

struct TransitWidgetView: View {
    let entry: TransitEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            HStack {
                Image(systemName: "bus.fill")
                Text(entry.stop)
                    .font(.headline)
            }
            .foregroundStyle(.tint)
            ForEach(entry.departures) { departure in
                Link(destination: URL(string: "transit://trip/\(departure.id)")!) {
                    DepartureRow(departure: departure, now: entry.date)
                        .padding(.vertical, 2)
                        .padding(.horizontal, 4)
                        .background(.fill.secondary, in: RoundedRectangle(cornerRadius: 6))
                }
            }
            Spacer(minLength: 0)
        }
        .privacySensitive()
    }
}

struct TransitWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Transit", provider: TransitProvider()) { entry in
            TransitWidgetView(entry: entry)
                .tint(.cyan)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Departures")
        .description("The next departures from your stop.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}
