// Sunrise and sunset: the sun's path as an arc drawn with Path, the part of the day gone by
// trimmed from a dashed track, and the sun placed on the arc with trigonometry.
import Foundation
import NightstandKit

struct SunEntry: TimelineEntry {
    let date: Date
    let sunrise: Date
    let sunset: Date

    var dayProgress: Double {
        let day = sunset.timeIntervalSince(sunrise)
        return min(max(date.timeIntervalSince(sunrise) / day, 0), 1)
    }
}

struct SunProvider: TimelineProvider {
    func placeholder(in context: Context) -> SunEntry {
        let today = Calendar.current.startOfDay(for: Date())
        return SunEntry(
            date: Date(), sunrise: today.addingTimeInterval(6.8 * 3600),
            sunset: today.addingTimeInterval(19.4 * 3600))
    }

    func getSnapshot(in context: Context, completion: @escaping (SunEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<SunEntry>) -> Void) {
        let first = placeholder(in: context)
        let entries = stride(from: 0.0, to: 12 * 3600, by: 15 * 60).map { offset in
            SunEntry(
                date: first.date.addingTimeInterval(offset), sunrise: first.sunrise,
                sunset: first.sunset)
        }
        completion(Timeline(entries: entries, policy: .atEnd))
    }
}

struct SunArc: Shape {
    func path(in rect: CGRect) -> Path {
        var path = Path()
        let radius = min(rect.width / 2, rect.height)
        path.addArc(
            center: CGPoint(x: rect.midX, y: rect.maxY), radius: radius,
            startAngle: .degrees(180), endAngle: .degrees(0), clockwise: false)
        return path
    }
}

struct HorizonLine: Shape {
    func path(in rect: CGRect) -> Path {
        Path { path in
            path.move(to: CGPoint(x: rect.minX, y: rect.maxY))
            path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
        }
    }
}

struct SunWidgetView: View {
    let entry: SunEntry

    var body: some View {
        VStack(spacing: 6) {
            GeometryReader { geometry in
                let radius = min(geometry.size.width / 2, geometry.size.height)
                let angle = Double.pi * (1 - entry.dayProgress)
                let sun = CGPoint(
                    x: geometry.size.width / 2 + radius * CGFloat(cos(angle)),
                    y: geometry.size.height - radius * CGFloat(sin(angle)))
                ZStack {
                    SunArc()
                        .stroke(.secondary, style: StrokeStyle(lineWidth: 2, dash: [4, 4]))
                    SunArc()
                        .trim(from: 0, to: entry.dayProgress)
                        .stroke(Color.yellow, style: StrokeStyle(lineWidth: 3, lineCap: .round))
                    HorizonLine()
                        .stroke(.tertiary, lineWidth: 1)
                    Circle()
                        .fill(
                            RadialGradient(
                                colors: [.yellow, .orange], center: .center, startRadius: 0,
                                endRadius: 9)
                        )
                        .frame(width: 18, height: 18)
                        .shadow(color: .orange, radius: 6)
                        .position(sun)
                }
            }
            VStack(alignment: .leading, spacing: 2) {
                Label {
                    Text(entry.sunrise, style: .time)
                } icon: {
                    Image(systemName: "sunrise.fill")
                }
                Label {
                    Text(entry.sunset, style: .time)
                } icon: {
                    Image(systemName: "sunset.fill")
                }
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            .font(.caption2)
            .symbolRenderingMode(.multicolor)
        }
    }
}

struct SunWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Sun", provider: SunProvider()) { entry in
            SunWidgetView(entry: entry)
                .containerBackground(
                    LinearGradient(
                        gradient: Gradient(colors: [
                            Color(red: 0.05, green: 0.1, blue: 0.3), .black,
                        ]),
                        startPoint: .top, endPoint: .bottom),
                    for: .widget)
        }
        .configurationDisplayName("Sun")
        .description("Sunrise, sunset and where the sun is now.")
        .supportedFamilies([.systemSmall])
    }
}
