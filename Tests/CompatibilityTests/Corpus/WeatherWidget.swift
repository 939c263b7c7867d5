// Current conditions and the next hours, as weather apps write them: temperatures kept as
// Measurement<UnitTemperature> and formatted by the locale, multicolor symbols, a sky gradient.
import Foundation
import NightstandKit

struct HourlyForecast: Identifiable {
    let id = UUID()
    let time: Date
    let symbol: String
    let temperature: Measurement<UnitTemperature>
}

struct WeatherEntry: TimelineEntry {
    let date: Date
    let city: String
    let condition: String
    let symbol: String
    let temperature: Measurement<UnitTemperature>
    let high: Measurement<UnitTemperature>
    let low: Measurement<UnitTemperature>
    let hourly: [HourlyForecast]
}

extension WeatherEntry {
    static func preview(at date: Date) -> WeatherEntry {
        let symbols = ["sun.max.fill", "cloud.sun.fill", "cloud.fill", "cloud.rain.fill"]
        return WeatherEntry(
            date: date, city: "Cupertino", condition: "Partly Cloudy", symbol: "cloud.sun.fill",
            temperature: Measurement(value: 21.4, unit: .celsius),
            high: Measurement(value: 24, unit: .celsius),
            low: Measurement(value: 12, unit: .celsius),
            hourly: symbols.enumerated().map { offset, symbol in
                HourlyForecast(
                    time: date.addingTimeInterval(TimeInterval(offset + 1) * 3600),
                    symbol: symbol,
                    temperature: Measurement(value: 22 - Double(offset) * 1.5, unit: .celsius))
            })
    }
}

struct WeatherProvider: TimelineProvider {
    func placeholder(in context: Context) -> WeatherEntry {
        .preview(at: Date())
    }

    func getSnapshot(in context: Context, completion: @escaping (WeatherEntry) -> Void) {
        completion(.preview(at: Date()))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<WeatherEntry>) -> Void) {
        let entry = WeatherEntry.preview(at: Date())
        let nextUpdate = Calendar.current.date(byAdding: .hour, value: 1, to: entry.date)
        completion(Timeline(entries: [entry], policy: .after(nextUpdate ?? entry.date)))
    }
}

struct WeatherWidgetView: View {
    let entry: WeatherEntry
    @Environment(\.widgetFamily) private var family

    var body: some View {
        if family == .systemMedium {
            HStack(alignment: .top, spacing: 12) {
                current
                hourly
            }
            .foregroundStyle(.white)
        } else {
            current
                .foregroundStyle(.white)
        }
    }

    private var current: some View {
        VStack(alignment: .leading, spacing: 2) {
            Text(entry.city)
                .font(.headline)
            Text(entry.temperature, format: .measurement(width: .narrow))
                .font(.system(size: 44, weight: .light))
            Spacer(minLength: 0)
            Image(systemName: entry.symbol)
                .symbolRenderingMode(.multicolor)
                .imageScale(.large)
            Text(entry.condition)
                .font(.caption.weight(.semibold))
            Text(
                "H:\(entry.high, format: .measurement(width: .narrow)) L:\(entry.low, format: .measurement(width: .narrow))"
            )
            .font(.caption)
        }
        .frame(maxWidth: .infinity, alignment: .leading)
    }

    private var hourly: some View {
        HStack {
            ForEach(entry.hourly) { hour in
                VStack(spacing: 6) {
                    Text(hour.time, format: .dateTime.hour())
                        .font(.caption2)
                    Image(systemName: hour.symbol)
                        .symbolRenderingMode(.multicolor)
                    Text(hour.temperature, format: .measurement(width: .narrow))
                        .font(.caption)
                }
                .frame(maxWidth: .infinity)
            }
        }
        .frame(maxHeight: .infinity)
        .background(.ultraThinMaterial, in: RoundedRectangle(cornerRadius: 12, style: .continuous))
    }
}

struct WeatherWidget: Widget {
    let kind = "Weather"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: WeatherProvider()) { entry in
            WeatherWidgetView(entry: entry)
                .containerBackground(Color.blue.gradient, for: .widget)
        }
        .configurationDisplayName("Weather")
        .description("Current conditions and the next hours.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}
