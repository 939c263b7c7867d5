import FoundationEssentials
import Widgets

/// What the weather widget shows at one instant, worked out from a forecast.
struct WeatherReport: Equatable, Sendable {
    /// One hour of the hourly forecast.
    struct Hour: Equatable, Sendable {
        var time: Date
        var temperature: Double
        var symbol: String
    }

    /// One day of the daily forecast.
    struct Day: Equatable, Sendable {
        var start: Date
        var symbol: String
        var high: Double
        var low: Double
    }

    /// The temperature now, in ``unit``.
    var temperature: Double
    /// The condition now.
    var condition: WeatherCondition
    /// Whether the sun is up.
    var isDay: Bool
    /// Today's highest temperature, when the forecast has today.
    var high: Double?
    /// Today's lowest temperature, when the forecast has today.
    var low: Double?
    /// The next hours, from the first after the instant.
    var hours: [Hour]
    /// The days from today on.
    var days: [Day]
    /// The unit temperatures are shown in.
    var unit: TemperatureUnit
    /// When the data was observed (the forecast's `current.time`).
    var observed: Date
    /// Whether the data is old enough that the widget says how old.
    var isStale: Bool
    /// The forecast's zone, for its hours and days.
    var timeZone: TimeZone

    /// The symbol for the conditions now.
    var symbol: String { condition.symbol(isDay: isDay) }

    /// How many hours and days a report keeps: what the largest family shows.
    static let hourCount = 5
    static let dayCount = 5

    /// The report of `forecast` at `date`: the current conditions while they are less than an
    /// hour old, then the hourly forecast's hour that contains `date`.
    ///
    /// Data observed more than `staleAfter` before `date` is stale.
    init(
        forecast: OpenMeteoForecast, at date: Date, unit: TemperatureUnit, staleAfter: TimeInterval
    ) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = forecast.timeZone
        let now: OpenMeteoForecast.Conditions
        if date.timeIntervalSince(forecast.current.time) < 3600 {
            now = forecast.current
        } else if let hour = forecast.hours.last(where: { $0.time <= date }),
            date.timeIntervalSince(hour.time) < 3600
        {
            now = hour
        } else {
            now = forecast.current
        }
        let convert = { unit.convert($0, from: forecast.unit) }
        temperature = convert(now.temperature)
        condition = WeatherCondition(code: now.code)
        isDay = now.isDay
        let today = calendar.startOfDay(for: date)
        let day = forecast.days.first { calendar.isDate($0.start, inSameDayAs: date) }
        high = day.map { convert($0.high) }
        low = day.map { convert($0.low) }
        hours = forecast.hours.filter { $0.time > date }.prefix(Self.hourCount).map {
            Hour(
                time: $0.time, temperature: convert($0.temperature),
                symbol: WeatherCondition(code: $0.code).symbol(isDay: $0.isDay))
        }
        days = forecast.days.filter { $0.start >= today }.prefix(Self.dayCount).map {
            Day(
                start: $0.start, symbol: WeatherCondition(code: $0.code).daySymbol,
                high: convert($0.high), low: convert($0.low))
        }
        self.unit = unit
        observed = forecast.current.time
        isStale = date.timeIntervalSince(forecast.current.time) > staleAfter
        timeZone = forecast.timeZone
    }
}

/// The weather widget's state at an instant: a report, or why there is none.
struct WeatherEntry: TimelineEntry {
    /// What the widget shows.
    enum Content: Equatable, Sendable {
        /// The weather.
        case report(WeatherReport)
        /// No data at all: the reason in words; nil while the first load is under way.
        case unavailable(reason: String?)
    }

    let date: Date
    /// The place's name, if the configuration gave one.
    let location: String?
    let content: Content
}
