// A smart-home overview: rooms in a Grid, accessory symbols in hierarchical and palette
// rendering, a gradient tile per room and a thin material for the summary.
import NightstandKit

struct Room: Identifiable {
    let id: Int
    let name: String
    let symbol: String
    let temperature: Double
    let lightsOn: Bool
}

struct HomeEntry: TimelineEntry {
    let date: Date
    let rooms: [Room]
}

struct HomeProvider: TimelineProvider {
    func placeholder(in context: Context) -> HomeEntry {
        HomeEntry(
            date: Date(),
            rooms: [
                Room(id: 0, name: "Living", symbol: "sofa.fill", temperature: 21.5, lightsOn: true),
                Room(
                    id: 1, name: "Kitchen", symbol: "refrigerator.fill", temperature: 20,
                    lightsOn: false),
                Room(
                    id: 2, name: "Bedroom", symbol: "bed.double.fill", temperature: 18.5,
                    lightsOn: false),
                Room(
                    id: 3, name: "Office", symbol: "desktopcomputer", temperature: 22,
                    lightsOn: true),
            ])
    }

    func getSnapshot(in context: Context, completion: @escaping (HomeEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<HomeEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .after(.now + 600)))
    }
}

struct RoomTile: View {
    let room: Room

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            HStack {
                Image(systemName: room.symbol)
                    .symbolRenderingMode(.hierarchical)
                Spacer()
                Image(systemName: room.lightsOn ? "lightbulb.fill" : "lightbulb")
                    .symbolRenderingMode(.palette)
                    .foregroundStyle(room.lightsOn ? .yellow : .gray, .white)
            }
            Text(room.name)
                .font(.caption.weight(.semibold))
            Text("\(room.temperature, specifier: "%.1f")°")
                .font(.caption2)
                .foregroundStyle(.secondary)
        }
        .padding(6)
        .frame(maxWidth: .infinity, alignment: .leading)
        .background(
            (room.lightsOn ? Color.orange : Color.gray).gradient.opacity(0.35),
            in: RoundedRectangle(cornerRadius: 10, style: .continuous))
    }
}

struct HomeWidgetView: View {
    let entry: HomeEntry

    var lightsOn: Int { entry.rooms.filter(\.lightsOn).count }

    var body: some View {
        VStack(spacing: 6) {
            Grid(horizontalSpacing: 6, verticalSpacing: 6) {
                GridRow {
                    RoomTile(room: entry.rooms[0])
                    RoomTile(room: entry.rooms[1])
                }
                GridRow {
                    RoomTile(room: entry.rooms[2])
                    RoomTile(room: entry.rooms[3])
                }
            }
            Text("\(lightsOn) lights on")
                .font(.caption2)
                .frame(maxWidth: .infinity)
                .padding(.vertical, 2)
                .background(.thinMaterial, in: Capsule())
        }
    }
}

struct HomeWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Home", provider: HomeProvider()) { entry in
            HomeWidgetView(entry: entry)
                .containerBackground(.black.gradient, for: .widget)
        }
        .configurationDisplayName("Home")
        .description("Your rooms at a glance.")
        .supportedFamilies([.systemSmall])
    }
}
