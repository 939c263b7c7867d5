/// A WMO weather interpretation code (WMO 4677, as Open-Meteo's `weather_code` uses it) as a
/// symbol and words.
///
/// | code | condition | symbol (day / night) |
/// | --- | --- | --- |
/// | 0 | Clear | `sun.max.fill` / `moon.stars.fill` |
/// | 1 | Mostly Clear | `sun.max.fill` / `moon.fill` |
/// | 2 | Partly Cloudy | `cloud.sun.fill` / `cloud.moon.fill` |
/// | 3 | Cloudy | `cloud.fill` |
/// | 45, 48 | Fog, Rime Fog | `cloud.fog.fill` |
/// | 51, 53, 55 | Light Drizzle, Drizzle, Heavy Drizzle | `cloud.drizzle.fill` |
/// | 56, 57 | Freezing Drizzle | `cloud.drizzle.fill` |
/// | 61, 63 | Light Rain, Rain | `cloud.rain.fill` |
/// | 65 | Heavy Rain | `cloud.heavyrain.fill` |
/// | 66, 67 | Freezing Rain | `cloud.rain.fill` |
/// | 71, 73, 75 | Light Snow, Snow, Heavy Snow | `cloud.snow.fill` |
/// | 77 | Snow Grains | `cloud.snow.fill` |
/// | 80, 81 | Showers | `cloud.rain.fill` |
/// | 82 | Heavy Showers | `cloud.heavyrain.fill` |
/// | 85, 86 | Snow Showers | `cloud.snow.fill` |
/// | 95 | Thunderstorm | `cloud.bolt.rain.fill` |
/// | 96, 99 | Thunderstorm with Hail | `cloud.bolt.rain.fill` |
///
/// Any other code reads "Unknown" with `thermometer.medium`.
struct WeatherCondition: Equatable, Sendable {
    /// The condition in words, title case: "Partly Cloudy".
    let text: String
    /// The SF Symbols name by day.
    let daySymbol: String
    /// The SF Symbols name by night.
    let nightSymbol: String

    /// The symbol for day or night.
    func symbol(isDay: Bool) -> String { isDay ? daySymbol : nightSymbol }

    private init(_ text: String, _ day: String, night: String? = nil) {
        self.text = text
        self.daySymbol = day
        self.nightSymbol = night ?? day
    }

    /// The condition of a WMO code.
    init(code: Int) {
        self =
            switch code {
            case 0: Self("Clear", "sun.max.fill", night: "moon.stars.fill")
            case 1: Self("Mostly Clear", "sun.max.fill", night: "moon.fill")
            case 2: Self("Partly Cloudy", "cloud.sun.fill", night: "cloud.moon.fill")
            case 3: Self("Cloudy", "cloud.fill")
            case 45: Self("Fog", "cloud.fog.fill")
            case 48: Self("Rime Fog", "cloud.fog.fill")
            case 51: Self("Light Drizzle", "cloud.drizzle.fill")
            case 53: Self("Drizzle", "cloud.drizzle.fill")
            case 55: Self("Heavy Drizzle", "cloud.drizzle.fill")
            case 56, 57: Self("Freezing Drizzle", "cloud.drizzle.fill")
            case 61: Self("Light Rain", "cloud.rain.fill")
            case 63: Self("Rain", "cloud.rain.fill")
            case 65: Self("Heavy Rain", "cloud.heavyrain.fill")
            case 66, 67: Self("Freezing Rain", "cloud.rain.fill")
            case 71: Self("Light Snow", "cloud.snow.fill")
            case 73: Self("Snow", "cloud.snow.fill")
            case 75: Self("Heavy Snow", "cloud.snow.fill")
            case 77: Self("Snow Grains", "cloud.snow.fill")
            case 80, 81: Self("Showers", "cloud.rain.fill")
            case 82: Self("Heavy Showers", "cloud.heavyrain.fill")
            case 85, 86: Self("Snow Showers", "cloud.snow.fill")
            case 95: Self("Thunderstorm", "cloud.bolt.rain.fill")
            case 96, 99: Self("Thunderstorm with Hail", "cloud.bolt.rain.fill")
            default: Self("Unknown", "thermometer.medium")
            }
    }
}
