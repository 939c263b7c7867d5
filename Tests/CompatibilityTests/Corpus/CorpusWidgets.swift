// The widget extension's entry point, as an iOS project declares it: one bundle, several
// widgets. Here `@main` runs Nightstand's program with these widgets available by kind.
import NightstandKit

@main
struct CorpusWidgets: WidgetBundle {
    var body: some Widget {
        TemplateWidget()
        ActivityRingsWidget()
        StepsChartWidget()
        WeatherWidget()
        CountdownWidget()
        TransitWidget()
        DeviceBatteriesWidget()
        QuoteWidget()
        StocksWidget()
        CalendarWidget()
        WaterWidget()
        HeroWidget()
        SunWidget()
        HomeWidget()
    }
}
