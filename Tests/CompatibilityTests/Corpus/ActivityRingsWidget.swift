// Three concentric activity rings, written as fitness apps write them: trimmed circles with
// round caps, an angular gradient, and the totals as "420 of 600" text that counts up.
import NightstandKit

struct ActivityEntry: TimelineEntry {
    let date: Date
    let move: Double
    let moveGoal: Double
    let exercise: Int
    let exerciseGoal: Int
    let stand: Int
    let standGoal: Int

    var relevance: TimelineEntryRelevance? {
        TimelineEntryRelevance(score: Float(move / moveGoal), duration: 60 * 60)
    }

    static let sample = ActivityEntry(
        date: .now, move: 420, moveGoal: 600, exercise: 24, exerciseGoal: 30, stand: 9,
        standGoal: 12)
}

struct ActivityProvider: TimelineProvider {
    func placeholder(in context: Context) -> ActivityEntry { .sample }

    func getSnapshot(in context: Context, completion: @escaping (ActivityEntry) -> Void) {
        completion(.sample)
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<ActivityEntry>) -> Void) {
        let next = Calendar.current.date(byAdding: .minute, value: 15, to: .now) ?? .now
        completion(Timeline(entries: [.sample], policy: .after(next)))
    }
}

struct RingView: View {
    var progress: Double
    var colors: [Color]
    var lineWidth: CGFloat = 14

    var body: some View {
        ZStack {
            Circle()
                .stroke(colors[0].opacity(0.2), lineWidth: lineWidth)
            Circle()
                .trim(from: 0, to: min(progress, 1))
                .stroke(
                    AngularGradient(
                        gradient: Gradient(colors: colors), center: .center,
                        startAngle: .degrees(0), endAngle: .degrees(360 * min(progress, 1))),
                    style: StrokeStyle(lineWidth: lineWidth, lineCap: .round)
                )
                .rotationEffect(.degrees(-90))
        }
    }
}

struct ActivityRingsView: View {
    let entry: ActivityEntry
    @Environment(\.widgetFamily) var family

    var body: some View {
        switch family {
        case .systemMedium:
            HStack(spacing: 16) {
                rings
                VStack(alignment: .leading, spacing: 6) {
                    stat("Move", "\(Int(entry.move))/\(Int(entry.moveGoal)) CAL", .red)
                    stat("Exercise", "\(entry.exercise)/\(entry.exerciseGoal) MIN", .green)
                    stat("Stand", "\(entry.stand)/\(entry.standGoal) HRS", .cyan)
                }
                Spacer()
            }
        default:
            VStack(spacing: 8) {
                rings
                Text("\(Int(entry.move)) of \(Int(entry.moveGoal)) cal")
                    .font(.caption.bold())
                    .contentTransition(.numericText())
                    .foregroundStyle(.secondary)
            }
        }
    }

    private var rings: some View {
        ZStack {
            RingView(progress: entry.move / entry.moveGoal, colors: [.red, .pink])
            RingView(
                progress: Double(entry.exercise) / Double(entry.exerciseGoal),
                colors: [.green, .mint]
            )
            .padding(16)
            RingView(
                progress: Double(entry.stand) / Double(entry.standGoal), colors: [.cyan, .teal]
            )
            .padding(32)
        }
        .aspectRatio(1, contentMode: .fit)
    }

    private func stat(_ title: String, _ value: String, _ color: Color) -> some View {
        VStack(alignment: .leading, spacing: 0) {
            Text(title)
                .font(.caption2)
                .foregroundStyle(.secondary)
            Text(value)
                .font(.system(.subheadline, design: .rounded).weight(.semibold))
                .foregroundStyle(color)
        }
    }
}

struct ActivityRingsWidget: Widget {
    let kind: String = "ActivityRings"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: ActivityProvider()) { entry in
            ActivityRingsView(entry: entry)
                .containerBackground(.black, for: .widget)
        }
        .configurationDisplayName("Activity")
        .description("Your Move, Exercise and Stand rings.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}
