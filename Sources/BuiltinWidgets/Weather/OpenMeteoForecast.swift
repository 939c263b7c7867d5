import FoundationEssentials
import SystemSupport

/// A forecast as Open-Meteo's `/v1/forecast` answers it, read from its JSON.
///
/// The fields read (others are ignored):
///
/// ```json
/// {
///   "utc_offset_seconds": 3600, "timezone": "Europe/Berlin",
///   "current_units": { "temperature_2m": "°C" },
///   "current": { "time": "2026-01-15T14:00", "temperature_2m": 3.4, "weather_code": 2, "is_day": 1 },
///   "hourly": { "time": ["2026-01-15T00:00", …], "temperature_2m": [1.2, …],
///               "weather_code": [3, …], "is_day": [0, …] },
///   "daily": { "time": ["2026-01-15", …], "weather_code": [3, …],
///              "temperature_2m_max": [4.1, …], "temperature_2m_min": [-0.5, …] }
/// }
/// ```
///
/// `current` is required; `hourly`, `daily`, `is_day`, the units (default °C) and the zone
/// (default UTC) are optional. Times are wall-clock times in the forecast's zone (Open-Meteo's
/// default `timeformat=iso8601`). Hours and days whose values are `null` are left out.
///
/// Every value is checked where it enters: temperatures lie within ±150 (in °C or °F; Earth's
/// records are −89 °C and 57 °C) and weather codes within WMO's 0…99, so that nothing out of
/// range reaches the arithmetic of the views, nor the cache.
struct OpenMeteoForecast: Equatable, Sendable {
    /// The conditions at one instant.
    struct Conditions: Equatable, Sendable {
        /// The instant, for `current` the time of the observation.
        var time: Date
        /// The air temperature 2 m above ground, in ``OpenMeteoForecast/unit``.
        var temperature: Double
        /// The WMO weather code.
        var code: Int
        /// Whether the sun is up.
        var isDay: Bool
    }

    /// The forecast for one day.
    struct Day: Equatable, Sendable {
        /// The day's midnight in the forecast's zone.
        var start: Date
        /// The day's WMO weather code.
        var code: Int
        /// The highest temperature.
        var high: Double
        /// The lowest temperature.
        var low: Double
    }

    /// The current conditions.
    var current: Conditions
    /// Hourly conditions, in time order.
    var hours: [Conditions]
    /// Daily forecasts, in time order.
    var days: [Day]
    /// The temperatures' unit.
    var unit: TemperatureUnit
    /// The zone the forecast's wall-clock times are in.
    var timeZone: TimeZone

    /// Reads a forecast; throws ``ForecastFormatError`` naming the field and what was
    /// expected.
    init(json data: Data) throws(ForecastFormatError) {
        let raw: Raw
        do {
            raw = try JSONDecoder().decode(Raw.self, from: data)
        } catch let error as DecodingError {
            throw ForecastFormatError(error)
        } catch {
            throw ForecastFormatError(field: nil, problem: "\(error)")
        }
        timeZone =
            raw.timezone.flatMap(TimeZone.init(identifier:))
            ?? TimeZone(secondsFromGMT: raw.utc_offset_seconds ?? 0) ?? .gmt
        let symbol = raw.current_units?["temperature_2m"] ?? "°C"
        guard let unit = TemperatureUnit(symbol: symbol) else {
            throw ForecastFormatError(
                field: "current_units.temperature_2m",
                problem: "expected \"°C\" or \"°F\", "
                    + "found \"\(symbol)\"")
        }
        self.unit = unit
        current = Conditions(
            time: try Self.time(raw.current.time, field: "current.time", in: timeZone),
            temperature: try Self.temperature(
                raw.current.temperature_2m, field: "current.temperature_2m"),
            code: try Self.code(raw.current.weather_code, field: "current.weather_code"),
            isDay: (raw.current.is_day ?? 1) != 0)
        hours = []
        if let hourly = raw.hourly { hours = try Self.hours(hourly, in: timeZone) }
        days = []
        if let daily = raw.daily { days = try Self.days(daily, in: timeZone) }
    }

    private static func hours(_ raw: Raw.Hourly, in zone: TimeZone) throws(ForecastFormatError)
        -> [Conditions]
    {
        let count = raw.time.count
        let temperatures = try column(raw.temperature_2m, "hourly.temperature_2m", count: count)
        let codes = try column(raw.weather_code, "hourly.weather_code", count: count)
        let isDay = try column(raw.is_day, "hourly.is_day", count: count)
        var hours: [Conditions] = []
        for index in 0..<count {
            let time = try time(raw.time[index], field: "hourly.time[\(index)]", in: zone)
            guard let temperature = temperatures[index], let code = codes[index] else { continue }
            hours.append(
                Conditions(
                    time: time,
                    temperature: try Self.temperature(
                        temperature, field: "hourly.temperature_2m[\(index)]"),
                    code: try Self.code(code, field: "hourly.weather_code[\(index)]"),
                    isDay: (isDay[index] ?? 1) != 0))
        }
        return hours
    }

    private static func days(_ raw: Raw.Daily, in zone: TimeZone) throws(ForecastFormatError)
        -> [Day]
    {
        let count = raw.time.count
        let codes = try column(raw.weather_code, "daily.weather_code", count: count)
        let highs = try column(raw.temperature_2m_max, "daily.temperature_2m_max", count: count)
        let lows = try column(raw.temperature_2m_min, "daily.temperature_2m_min", count: count)
        var days: [Day] = []
        for index in 0..<count {
            let start = try time(raw.time[index], field: "daily.time[\(index)]", in: zone)
            guard let code = codes[index], let high = highs[index], let low = lows[index] else {
                continue
            }
            days.append(
                Day(
                    start: start, code: try Self.code(code, field: "daily.weather_code[\(index)]"),
                    high: try Self.temperature(high, field: "daily.temperature_2m_max[\(index)]"),
                    low: try Self.temperature(low, field: "daily.temperature_2m_min[\(index)]")))
        }
        return days
    }

    /// A column of values, one per time; a missing column is all `null`.
    private static func column<T>(_ values: [T?]?, _ field: String, count: Int)
        throws(ForecastFormatError) -> [T?]
    {
        guard let values else { return Array(repeating: nil, count: count) }
        guard values.count == count else {
            throw ForecastFormatError(
                field: field,
                problem: "expected \(count) values, one per time, found \(values.count)")
        }
        return values
    }

    /// The temperatures a forecast may hold, in °C or °F.
    static let temperatures = -150.0...150.0
    /// The WMO weather codes (WMO 4677, as Open-Meteo uses them).
    static let codes = 0...99

    private static func temperature(_ value: Double, field: String) throws(ForecastFormatError)
        -> Double
    {
        guard temperatures.contains(value) else {
            throw ForecastFormatError(
                field: field,
                problem: "expected a temperature from -150 to 150, found \(Self.words(value))")
        }
        return value
    }

    private static func code(_ value: Int, field: String) throws(ForecastFormatError) -> Int {
        guard codes.contains(value) else {
            throw ForecastFormatError(
                field: field, problem: "expected a WMO weather code from 0 to 99, found \(value)")
        }
        return value
    }

    /// A number as a message quotes it: `-400`, `21.5`, `1e+300`.
    private static func words(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }

    private static func time(_ text: String, field: String, in zone: TimeZone)
        throws(ForecastFormatError) -> Date
    {
        guard let date = LocalDateTime.parse(text, timeZone: zone) else {
            throw ForecastFormatError(
                field: field,
                problem: "expected a local time such as \"2026-01-15T14:00\", found \"\(text)\"")
        }
        return date
    }

    /// The JSON as decoded, field names as Open-Meteo spells them.
    private struct Raw: Decodable {
        var utc_offset_seconds: Int?
        var timezone: String?
        var current_units: [String: String]?
        var current: Current
        var hourly: Hourly?
        var daily: Daily?

        struct Current: Decodable {
            var time: String
            var temperature_2m: Double
            var weather_code: Int
            var is_day: Int?
        }

        struct Hourly: Decodable {
            var time: [String]
            var temperature_2m: [Double?]?
            var weather_code: [Int?]?
            var is_day: [Int?]?
        }

        struct Daily: Decodable {
            var time: [String]
            var weather_code: [Int?]?
            var temperature_2m_max: [Double?]?
            var temperature_2m_min: [Double?]?
        }
    }
}
