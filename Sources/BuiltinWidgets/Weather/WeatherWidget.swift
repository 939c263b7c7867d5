import FoundationEssentials
import WidgetUI
import Widgets

/// The built-in `weather`: the temperature and conditions now, today's high and low, and the
/// coming hours and days, from Open-Meteo or a local file.
///
/// Options: `latitude` and `longitude` (degrees, required unless `file` is set), `units`
/// (`"celsius"` or `"fahrenheit"`, default celsius), `location` (the place's name to show,
/// default none), `refresh` (a duration, default `"30m"`), `timeout` (a duration, default
/// `"8s"`), `cache` (a file, default `$XDG_CACHE_HOME/nightstand/weather-<lat>,<lon>.json`),
/// `file` (a local Open-Meteo JSON file to show instead of downloading).
///
/// Offline it shows the cached forecast, moving on through its hours, with "Updated … ago"
/// once the data is older than twice the refresh interval (an hour at least); with no data at
/// all it says so and why.
struct WeatherWidget: View {
    let entry: WeatherEntry

    @Environment(\.widgetFamily) private var family

    var body: some View {
        Group {
            switch entry.content {
            case .report(let report):
                reportView(report)
            case .unavailable(let reason):
                StatusView(
                    title: reason == nil ? "Loading…" : "No Weather Data",
                    symbol: reason == nil ? "cloud" : "exclamationmark.triangle.fill",
                    detail: reason, heading: entry.location)
            }
        }
        .containerBackground(for: .widget) {
            if !family.isAccessory { WeatherBackground(content: entry.content) }
        }
    }

    @ViewBuilder private func reportView(_ report: WeatherReport) -> some View {
        switch family {
        case .systemMedium:
            HStack(alignment: .top, spacing: 12) {
                WeatherNowView(location: entry.location, report: report)
                WeatherHoursView(report: report)
            }
        case .systemLarge, .systemExtraLarge:
            VStack(alignment: .leading, spacing: 10) {
                HStack(alignment: .top, spacing: 12) {
                    WeatherNowView(location: entry.location, report: report)
                    WeatherHoursView(report: report)
                }
                .frame(height: 138)
                Divider()
                WeatherDaysView(report: report)
            }
        case .accessoryCircular:
            WeatherCircularView(report: report)
        case .accessoryRectangular:
            WeatherRectangularView(location: entry.location, report: report)
        case .accessoryInline:
            Label {
                Text(WeatherText.degrees(report.temperature) + " ")
                    + Text(LocalizedStringKey(report.condition.text))
            } icon: {
                Image(systemName: report.symbol)
            }
        case .systemSmall:
            WeatherNowView(location: entry.location, report: report)
        }
    }

    /// The kind, made from its options.
    static var kind: ConfigurableWidget {
        ConfigurableWidget(kind: "weather") { options in
            let weather = try WeatherOptions(
                options, environment: ProcessInfo.processInfo.environment)
            return descriptor(options: weather, loader: WeatherLoader(options: weather))
        }
    }

    /// The widget for checked options, loading through `loader`.
    static func descriptor(
        options: WeatherOptions, loader: WeatherLoader, log: ProblemLog? = nil
    ) -> WidgetDescriptor {
        let subject =
            switch options.source {
            case .file(let path): "weather widget (file \(path))"
            case .openMeteo(let latitude, let longitude, _):
                "weather widget (\(WeatherOptions.degrees(latitude)), "
                    + "\(WeatherOptions.degrees(longitude)))"
            }
        let provider = WeatherProvider(
            options: options, loader: loader, log: log ?? ProblemLog(subject: subject))
        return WidgetDescriptor(
            StaticConfiguration(kind: "weather", provider: provider) { entry in
                WeatherWidget(entry: entry)
            }
            .configurationDisplayName("Weather")
            .description("The weather now and the forecast for the coming hours and days.")
            // The six families of a phone: not the iPad's systemExtraLarge.
            .supportedFamilies(WidgetFamily.allCases.filter { $0 != .systemExtraLarge }))
    }
}

/// Temperatures and times as the weather widget writes them.
enum WeatherText {
    /// "21°", rounded to whole degrees ("-0°" reads "0°").
    static func degrees(_ value: Double) -> String {
        "\(Int(value.rounded()))°"
    }

    /// "H:24° L:13°", or nil without today's forecast.
    static func highLow(_ report: WeatherReport) -> Text? {
        guard let high = report.high, let low = report.low else { return nil }
        return Text("H:\(degrees(high)) L:\(degrees(low))")
    }
}

/// The sky behind the widget: blue by day, night blue by night, gray without data.
struct WeatherBackground: View {
    let content: WeatherEntry.Content

    var body: some View {
        switch content {
        case .report(let report) where report.isDay:
            LinearGradient(
                colors: [
                    Color(red: 0.29, green: 0.55, blue: 0.87),
                    Color(red: 0.15, green: 0.36, blue: 0.70),
                ], startPoint: .top, endPoint: .bottom)
        case .report:
            LinearGradient(
                colors: [
                    Color(red: 0.10, green: 0.13, blue: 0.27),
                    Color(red: 0.03, green: 0.05, blue: 0.13),
                ], startPoint: .top, endPoint: .bottom)
        case .unavailable:
            Color(white: 0.11)
        }
    }
}
