// Not part of a ported widget: what the compatibility tests draw. Each widget of the corpus
// with an entry at a fixed instant (the widgets' own providers use `Date()`), and the families
// beyond StandBy's small one that its goldens show.
import NightstandKit

/// One widget of the corpus, the entry the tests draw, and its families besides systemSmall.
struct CorpusSample {
    let name: String
    let widget: WidgetDescriptor
    let entry: any TimelineEntry
    var moreFamilies: [WidgetFamily] = []
}

enum CorpusSamples {
    /// 09:45:23 UTC on Saturday, November 21, 2026.
    static let now = Date(timeIntervalSince1970: 1_795_254_323)
    /// Midnight UTC of that day.
    static let midnight = Date(timeIntervalSince1970: 1_795_219_200)

    static var all: [CorpusSample] {
        [
            CorpusSample(
                name: "template", widget: WidgetDescriptor(TemplateWidget()),
                entry: SimpleEntry(date: now, emoji: "😀")),
            CorpusSample(
                name: "activity", widget: WidgetDescriptor(ActivityRingsWidget()),
                entry: ActivityEntry(
                    date: now, move: 420, moveGoal: 600, exercise: 24, exerciseGoal: 30,
                    stand: 9, standGoal: 12),
                moreFamilies: [.systemMedium]),
            CorpusSample(
                name: "steps", widget: WidgetDescriptor(StepsChartWidget()),
                entry: StepsEntry(date: now, steps: StepsProvider.week, goal: 10_000),
                moreFamilies: [.systemMedium]),
            CorpusSample(
                name: "weather", widget: WidgetDescriptor(WeatherWidget()),
                entry: WeatherEntry.preview(at: now), moreFamilies: [.systemMedium]),
            CorpusSample(
                name: "countdown", widget: WidgetDescriptor(CountdownWidget()),
                entry: CountdownEntry(
                    date: now, title: "Launch", start: now.addingTimeInterval(-86_400),
                    eventDate: now.addingTimeInterval(3 * 3600 + 25 * 60 + 12), tint: .orange)),
            CorpusSample(
                name: "transit", widget: WidgetDescriptor(TransitWidget()),
                entry: TransitEntry.sample(at: now), moreFamilies: [.systemMedium]),
            CorpusSample(
                name: "batteries", widget: WidgetDescriptor(DeviceBatteriesWidget()),
                entry: BatteriesEntry(date: now, devices: BatteriesProvider.devices),
                moreFamilies: [.accessoryCircular, .accessoryRectangular, .accessoryInline]),
            CorpusSample(
                name: "quote", widget: WidgetDescriptor(QuoteWidget()),
                entry: QuoteEntry(
                    date: now,
                    quote: Quote(
                        text: "The best way to predict the future is to invent it.",
                        author: "Alan Kay", likes: 1_204),
                    dayNumber: 325),
                moreFamilies: [.systemMedium]),
            CorpusSample(
                name: "stocks", widget: WidgetDescriptor(StocksWidget()),
                entry: StocksEntry(date: now, stocks: StocksProvider.sample),
                moreFamilies: [.systemMedium]),
            CorpusSample(
                name: "calendar", widget: WidgetDescriptor(CalendarWidget()),
                entry: CalendarEntry(
                    date: now,
                    events: [
                        CalendarEvent(
                            title: "Standup", start: midnight.addingTimeInterval(10 * 3600),
                            end: midnight.addingTimeInterval(10.25 * 3600), color: .blue),
                        CalendarEvent(
                            title: "Lunch with Sam",
                            start: midnight.addingTimeInterval(12.5 * 3600),
                            end: midnight.addingTimeInterval(13.5 * 3600), color: .orange),
                    ])),
            CorpusSample(
                name: "water", widget: WidgetDescriptor(WaterWidget()),
                entry: WaterEntry(date: now, glasses: 5, goal: 8)),
            CorpusSample(
                name: "hero", widget: WidgetDescriptor(HeroWidget()),
                entry: HeroEntry(
                    date: now,
                    hero: Hero(
                        name: "Spouty", avatar: "🐳", level: 12, healthLevel: 0.6,
                        fullHealthDate: now.addingTimeInterval(2 * 3600))),
                moreFamilies: [.systemMedium, .accessoryRectangular]),
            CorpusSample(
                name: "sun", widget: WidgetDescriptor(SunWidget()),
                entry: SunEntry(
                    date: now, sunrise: midnight.addingTimeInterval(6.8 * 3600),
                    sunset: midnight.addingTimeInterval(19.4 * 3600))),
            CorpusSample(
                name: "home", widget: WidgetDescriptor(HomeWidget()),
                entry: HomeEntry(
                    date: now,
                    rooms: HomeProvider().placeholder(
                        in: TimelineProviderContext(family: .systemSmall)
                    )
                    .rooms)),
        ]
    }
}
