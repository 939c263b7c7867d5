// A game character's status in the style of Apple's "Emoji Rangers" sample: the family and
// rendering mode read from the environment, accented groups, a health bar, and a background
// the system may remove.
import NightstandKit

struct Hero {
    let name: String
    let avatar: String
    let level: Int
    let healthLevel: Double
    let fullHealthDate: Date
}

struct HeroEntry: TimelineEntry {
    let date: Date
    let hero: Hero
}

struct HeroProvider: TimelineProvider {
    static let spouty = Hero(
        name: "Spouty", avatar: "🐳", level: 12, healthLevel: 0.6,
        fullHealthDate: Date().addingTimeInterval(60 * 60 * 2))

    func placeholder(in context: Context) -> HeroEntry {
        HeroEntry(date: Date(), hero: Self.spouty)
    }

    func getSnapshot(in context: Context, completion: @escaping (HeroEntry) -> Void) {
        completion(HeroEntry(date: Date(), hero: Self.spouty))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<HeroEntry>) -> Void) {
        let entry = HeroEntry(date: Date(), hero: Self.spouty)
        completion(Timeline(entries: [entry], policy: .after(entry.hero.fullHealthDate)))
    }
}

extension Color {
    static let gameBackground = Color(red: 0.17, green: 0.12, blue: 0.33)
}

struct AvatarView: View {
    let hero: Hero

    var body: some View {
        Text(hero.avatar)
            .font(.system(size: 40))
            .frame(width: 64, height: 64)
            .background(Circle().fill(Color.white.opacity(0.15)))
    }
}

struct HealthBar: View {
    let level: Double

    var body: some View {
        GeometryReader { proxy in
            ZStack(alignment: .leading) {
                Capsule()
                    .fill(.quaternary)
                Capsule()
                    .fill(
                        LinearGradient(
                            colors: [.red, .orange, .green], startPoint: .leading,
                            endPoint: .trailing)
                    )
                    .frame(width: proxy.size.width * level)
            }
        }
        .frame(height: 8)
    }
}

struct HeroWidgetEntryView: View {
    var entry: HeroProvider.Entry

    @Environment(\.widgetFamily) var family
    @Environment(\.widgetRenderingMode) var renderingMode

    var body: some View {
        switch family {
        case .accessoryRectangular:
            HStack(alignment: .center, spacing: 0) {
                VStack(alignment: .leading) {
                    Text(entry.hero.name)
                        .font(.headline)
                        .widgetAccentable()
                    Text("Level \(entry.hero.level)")
                    Text(entry.hero.fullHealthDate, style: .timer)
                }
                .frame(maxWidth: .infinity, alignment: .leading)
                AvatarView(hero: entry.hero)
                    .scaleEffect(0.6)
            }
        default:
            VStack(alignment: .leading, spacing: 8) {
                HStack {
                    AvatarView(hero: entry.hero)
                    Spacer()
                    if renderingMode == .fullColor {
                        Image(systemName: "star.fill")
                            .foregroundStyle(.yellow)
                    }
                }
                Text(entry.hero.name)
                    .font(.title2.bold())
                    .widgetAccentable()
                Text("Level \(entry.hero.level)")
                    .font(.subheadline)
                    .foregroundStyle(.secondary)
                HealthBar(level: entry.hero.healthLevel)
                Text("Healed \(entry.hero.fullHealthDate, style: .relative)")
                    .font(.caption2)
            }
        }
    }
}

struct HeroWidget: Widget {
    let kind: String = "EmojiRanger"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: HeroProvider()) { entry in
            HeroWidgetEntryView(entry: entry)
                .containerBackground(for: .widget) {
                    Color.gameBackground
                }
        }
        .configurationDisplayName("Ranger Detail")
        .description("See your favorite ranger.")
        #if os(watchOS)
            .supportedFamilies([.accessoryCircular, .accessoryRectangular, .accessoryInline])
        #else
            .supportedFamilies([.accessoryRectangular, .systemSmall, .systemMedium])
        #endif
    }
}
