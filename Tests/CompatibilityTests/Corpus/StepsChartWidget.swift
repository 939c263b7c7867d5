// A week of step counts: a line chart drawn with Path in a GeometryReader, the area under it
// filled with a gradient, and a bar chart for the medium size.
import Foundation
import NightstandKit

struct StepsEntry: TimelineEntry {
    let date: Date
    let steps: [Int]
    let goal: Int

    var today: Int { steps.last ?? 0 }
    var progress: Double { Double(today) / Double(goal) }
}

struct StepsProvider: TimelineProvider {
    static let week = [6_200, 8_450, 10_120, 7_300, 12_040, 9_870, 7_654]

    func placeholder(in context: Context) -> StepsEntry {
        StepsEntry(date: Date(), steps: Self.week, goal: 10_000)
    }

    func getSnapshot(in context: Context, completion: @escaping (StepsEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<StepsEntry>) -> Void) {
        let entry = StepsEntry(date: Date(), steps: Self.week, goal: 10_000)
        let refresh = Date().addingTimeInterval(30 * 60)
        completion(Timeline(entries: [entry], policy: .after(refresh)))
    }
}

/// A polyline through the values, scaled to the rect.
struct LineChartShape: Shape {
    var values: [Int]
    var closed = false

    func path(in rect: CGRect) -> Path {
        guard values.count > 1, let maxValue = values.max(), maxValue > 0 else {
            return Path()
        }
        let step = rect.width / CGFloat(values.count - 1)
        let points = values.enumerated().map { index, value in
            CGPoint(
                x: rect.minX + CGFloat(index) * step,
                y: rect.maxY - rect.height * CGFloat(value) / CGFloat(maxValue))
        }
        var path = Path()
        path.move(to: points[0])
        for point in points.dropFirst() {
            path.addLine(to: point)
        }
        if closed {
            path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
            path.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
            path.closeSubpath()
        }
        return path
    }
}

struct StepsChartView: View {
    var entry: StepsEntry
    @Environment(\.widgetFamily) private var family

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            HStack(alignment: .firstTextBaseline) {
                Image(systemName: "figure.walk")
                    .foregroundStyle(.orange)
                Text("Steps")
                    .font(.headline)
                    .layoutPriority(1)
                Spacer()
                Text(entry.progress, format: .percent.precision(.fractionLength(0)))
                    .font(.caption)
                    .foregroundStyle(.secondary)
                    .layoutPriority(1)
            }
            Text(entry.today, format: .number)
                .font(.system(size: 28, weight: .bold, design: .rounded))
                .minimumScaleFactor(0.6)
            if family == .systemMedium {
                bars
            } else {
                chart
            }
        }
    }

    private var chart: some View {
        ZStack {
            LineChartShape(values: entry.steps, closed: true)
                .fill(
                    LinearGradient(
                        colors: [.orange.opacity(0.5), .orange.opacity(0.05)],
                        startPoint: .top, endPoint: .bottom))
            LineChartShape(values: entry.steps)
                .stroke(
                    .orange, style: StrokeStyle(lineWidth: 2, lineCap: .round, lineJoin: .round))
        }
    }

    private var bars: some View {
        GeometryReader { geometry in
            let maxValue = CGFloat(entry.steps.max() ?? 1)
            let barWidth = geometry.size.width / CGFloat(entry.steps.count) - 6
            HStack(alignment: .bottom, spacing: 6) {
                ForEach(Array(entry.steps.enumerated()), id: \.offset) { index, value in
                    RoundedRectangle(cornerRadius: 3, style: .continuous)
                        .fill(
                            index == entry.steps.count - 1
                                ? Color.orange : Color.orange.opacity(0.4)
                        )
                        .frame(
                            width: max(barWidth, 2),
                            height: geometry.size.height * CGFloat(value) / maxValue)
                }
            }
            .frame(maxHeight: .infinity, alignment: .bottom)
        }
    }
}

struct StepsChartWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "StepsChart", provider: StepsProvider()) { entry in
            StepsChartView(entry: entry)
                .containerBackground(for: .widget) {
                    Color(red: 0.11, green: 0.11, blue: 0.12)
                }
        }
        .configurationDisplayName("Steps")
        .description("Your steps this week.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}
