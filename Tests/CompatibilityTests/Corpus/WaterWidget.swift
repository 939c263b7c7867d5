// A water tracker drawn edge to edge: content margins disabled and read back from the
// environment, glasses as clipped circles with badges, and colors copied from UIKit-era code.
import NightstandKit

struct WaterEntry: TimelineEntry {
    let date: Date
    let glasses: Int
    let goal: Int
}

struct WaterProvider: TimelineProvider {
    func placeholder(in context: Context) -> WaterEntry {
        WaterEntry(date: Date(), glasses: 5, goal: 8)
    }

    func getSnapshot(in context: Context, completion: @escaping (WaterEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<WaterEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .atEnd))
    }
}

struct GlassView: View {
    let filled: Bool

    var body: some View {
        Image(systemName: filled ? "drop.fill" : "drop")
            .imageScale(.small)
            .foregroundColor(filled ? .white : Color(.systemGray))
            .frame(width: 26, height: 26)
            .background(filled ? Color.blue : Color(uiColor: .systemGray5))
            .clipShape(Circle())
    }
}

struct WaterWidgetView: View {
    let entry: WaterEntry
    @Environment(\.widgetContentMargins) var margins

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            HStack {
                Text("Water")
                    .font(.headline)
                    .layoutPriority(1)
                Spacer()
                Text("\(entry.glasses)/\(entry.goal)")
                    .font(.subheadline.bold())
                    .foregroundStyle(Color.accentColor)
            }
            .padding(.bottom, 8)
            LazyVGrid(
                columns: Array(repeating: GridItem(.flexible(), spacing: 6), count: 4), spacing: 6
            ) {
                ForEach(0..<entry.goal, id: \.self) { index in
                    GlassView(filled: index < entry.glasses)
                }
            }
            Spacer(minLength: 0)
            Text(
                entry.glasses >= entry.goal
                    ? "Goal reached!" : "\(entry.goal - entry.glasses) to go"
            )
            .font(.caption)
            .foregroundStyle(.secondary)
        }
        .padding(margins)
        .background(alignment: .bottom) {
            Color(red: 0.1, green: 0.4, blue: 0.9)
                .opacity(0.35)
                .frame(height: 40)
        }
    }
}

struct WaterWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Water", provider: WaterProvider()) { entry in
            WaterWidgetView(entry: entry)
                .containerBackground(Color(.secondarySystemBackground), for: .widget)
        }
        .contentMarginsDisabled()
        .configurationDisplayName("Water")
        .description("Glasses of water today.")
        .supportedFamilies([.systemSmall])
    }
}
