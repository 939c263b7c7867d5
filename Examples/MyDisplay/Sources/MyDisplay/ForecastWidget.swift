import Foundation
import NightstandKit

/// The weather now and over the next hours, on a sky-colored gradient.
///
/// The forecast comes from a JSON file that another program refreshes (a cron job calling a
/// weather service): `$MYDISPLAY_FORECAST`, else `/var/lib/mydisplay/forecast.json`. Its shape is
/// ``Forecast``'s; `Examples/MyDisplay/forecast.json` is an example.
struct ForecastWidget: Widget {
    let kind = "forecast"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: ForecastProvider()) { entry in
            ForecastWidgetView(entry: entry)
        }
        .configurationDisplayName("Forecast")
        .description("Current conditions and the next hours.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

/// A forecast as the JSON file holds it.
///
/// ```json
/// { "location": "Cupertino", "high": 24, "low": 12,
///   "hours": [ { "time": "2026-11-21T09:00:00Z", "temperature": 18.4,
///                "symbol": "sun.max.fill", "condition": "Sunny" } ] }
/// ```
struct Forecast: Codable, Sendable {
    /// One hour of the forecast.
    struct Hour: Codable, Sendable, Hashable {
        let time: Date
        /// Degrees Celsius.
        let temperature: Double
        /// An SF Symbols name, such as `cloud.sun.fill`.
        let symbol: String
        let condition: String
    }

    let location: String
    /// Today's high and low, in degrees Celsius.
    let high: Double
    let low: Double
    /// The hours, in order.
    let hours: [Hour]
}

/// The weather as shown at one hour.
struct ForecastEntry: TimelineEntry {
    let date: Date
    let location: String
    let high: Double
    let low: Double
    /// The current hour, then the following ones.
    let hours: [Forecast.Hour]

    /// The current hour.
    var now: Forecast.Hour? { hours.first }

    /// A morning in Cupertino, from the hour before `date` on: for previews and tests.
    static func sample(at date: Date) -> ForecastEntry {
        let hour = (date.timeIntervalSince1970 / 3600).rounded(.down) * 3600
        return ForecastEntry(
            date: date, location: "Cupertino", high: 24, low: 12,
            hours: [
                ("sun.max.fill", 18.4, "Sunny"), ("sun.max.fill", 20.1, "Sunny"),
                ("cloud.sun.fill", 21.6, "Partly Cloudy"), ("cloud.fill", 22.8, "Cloudy"),
                ("cloud.rain.fill", 19.5, "Rain"), ("cloud.drizzle.fill", 17.2, "Drizzle"),
            ].enumerated().map { i, sample in
                Forecast.Hour(
                    time: Date(timeIntervalSince1970: hour + Double(i) * 3600),
                    temperature: sample.1, symbol: sample.0, condition: sample.2)
            })
    }
}

/// What the forecast file did wrong.
struct ForecastFileError: Error, CustomStringConvertible {
    let path: String
    let problem: String

    var description: String { "forecast file \(path): \(problem)" }
}

/// An entry for each hour of the forecast file, reloading after the last one.
struct ForecastProvider: AsyncTimelineProvider {
    /// The forecast file: `$MYDISPLAY_FORECAST`, else `/var/lib/mydisplay/forecast.json`.
    var path =
        ProcessInfo.processInfo.environment["MYDISPLAY_FORECAST"]
        ?? "/var/lib/mydisplay/forecast.json"

    func placeholder(in context: Context) -> ForecastEntry {
        let hour = Forecast.Hour(
            time: context.date, temperature: 21, symbol: "sun.max.fill", condition: "Sunny")
        return ForecastEntry(
            date: context.date, location: "Cupertino", high: 24, low: 12, hours: [hour])
    }

    func snapshot(in context: Context) async -> ForecastEntry {
        (try? await timeline(in: context).entries.first) ?? placeholder(in: context)
    }

    func timeline(in context: Context) async throws -> Timeline<ForecastEntry> {
        let forecast = try load()
        let hours = forecast.hours.sorted { $0.time < $1.time }
        guard let last = hours.last else {
            throw ForecastFileError(path: path, problem: "\"hours\" is empty")
        }
        // From the hour under way now; each entry shows its hour and the ones after it.
        let start = hours.lastIndex { $0.time <= context.date } ?? 0
        let entries = hours.indices.dropFirst(start).map { i in
            ForecastEntry(
                date: i == start ? context.date : hours[i].time, location: forecast.location,
                high: forecast.high, low: forecast.low, hours: Array(hours[i...]))
        }
        return Timeline(entries: entries, policy: .after(last.time))
    }

    /// The forecast file, decoded; throws naming the file and what is wrong with it.
    func load() throws -> Forecast {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ForecastFileError(
                path: path, problem: "cannot be read (\(error.localizedDescription))")
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            return try decoder.decode(Forecast.self, from: data)
        } catch DecodingError.keyNotFound(let key, _) {
            throw ForecastFileError(path: path, problem: "no \"\(key.stringValue)\"")
        } catch DecodingError.typeMismatch(_, let context),
            DecodingError.valueNotFound(_, let context),
            DecodingError.dataCorrupted(let context)
        {
            let key = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw ForecastFileError(
                path: path,
                problem: "\(key.isEmpty ? "" : "\"\(key)\": ")\(context.debugDescription)")
        }
    }
}

/// The weather widget's view: the current conditions, and in the medium family the next hours.
struct ForecastWidgetView: View {
    let entry: ForecastEntry

    @Environment(\.widgetFamily) private var family

    var body: some View {
        HStack(spacing: 12) {
            CurrentConditions(entry: entry)
            if family == .systemMedium {
                HourlyForecast(hours: Array(entry.hours.dropFirst().prefix(5)))
            }
        }
        .foregroundStyle(.white)
        .containerBackground(for: .widget) {
            LinearGradient(
                colors: [
                    Color(red: 0.16, green: 0.45, blue: 0.85),
                    Color(red: 0.42, green: 0.7, blue: 0.95),
                ],
                startPoint: .top, endPoint: .bottom)
        }
    }
}

/// Degrees, rounded: "18°".
func degrees(_ value: Double) -> Text {
    Text(value, format: .number.precision(.fractionLength(0))) + Text("°")
}

/// The place, the temperature large, the condition and today's high and low.
struct CurrentConditions: View {
    let entry: ForecastEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            HStack(spacing: 4) {
                Text(entry.location)
                    .font(.headline)
                    .lineLimit(1)
                Image(systemName: "location.fill")
                    .font(.caption2)
            }
            degrees(entry.now?.temperature ?? entry.high)
                .font(.system(size: 44, weight: .light))
            Spacer(minLength: 0)
            Image(systemName: entry.now?.symbol ?? "cloud")
                .symbolRenderingMode(.multicolor)
                .font(.title3)
                .widgetAccentable()
            Text(entry.now?.condition ?? "")
                .font(.caption.weight(.semibold))
                .lineLimit(1)
            Text("H:") + degrees(entry.high) + Text(" L:") + degrees(entry.low)
        }
        .font(.caption)
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}

/// Columns of hour, symbol and temperature.
struct HourlyForecast: View {
    let hours: [Forecast.Hour]

    var body: some View {
        HStack(spacing: 0) {
            ForEach(hours, id: \.self) { hour in
                VStack(spacing: 6) {
                    Text(hour.time, format: .dateTime.hour())
                        .font(.caption2.weight(.semibold))
                        .foregroundStyle(.secondary)
                    Image(systemName: hour.symbol)
                        .symbolRenderingMode(.multicolor)
                        .font(.title3)
                        .widgetAccentable()
                    degrees(hour.temperature)
                        .font(.callout.weight(.medium))
                }
                .frame(width: 40)
            }
        }
    }
}

#Preview("Cupertino", as: .systemMedium) {
    ForecastWidget()
} timeline: {
    ForecastEntry.sample(at: Date(timeIntervalSince1970: 1_795_254_323))
}

#Preview("Next hours") {
    HourlyForecast(
        hours: ForecastEntry.sample(at: Date(timeIntervalSince1970: 1_795_254_323)).hours
    )
    .foregroundStyle(.white)
}
