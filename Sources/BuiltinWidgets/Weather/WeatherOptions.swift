import FoundationEssentials
import SystemSupport
import Widgets

/// The weather widget's options, checked.
struct WeatherOptions: Sendable, Equatable {
    /// Where the forecast comes from.
    enum Source: Sendable, Equatable {
        /// Open-Meteo for a place, cached in a file.
        case openMeteo(latitude: Double, longitude: Double, cache: String)
        /// A local file in Open-Meteo's JSON shape, read as it is.
        case file(String)
    }

    static let keys: Set<String> = [
        "latitude", "longitude", "units", "location", "refresh", "timeout", "cache", "file",
        "follow_gps",
    ]

    var source: Source
    var units = TemperatureUnit.celsius
    var location: String?
    /// Whether the forecast is for where the `gps` widgets' receiver is, when it has a fix
    /// (`latitude` and `longitude` otherwise).
    ///
    /// Default: false.
    var followsGPS = false
    /// Seconds between loads.
    ///
    /// Default: 30 min.
    var refresh: TimeInterval = 30 * 60
    /// Seconds a download may take.
    ///
    /// Default: 8 s, below the host's 10 s provider timeout, so that a hanging network still
    /// leaves time to show the cache.
    var timeout: TimeInterval = 8

    /// Checks the options; `environment` gives `XDG_CACHE_HOME` and `HOME` for the default
    /// cache.
    init(_ options: WidgetOptions, environment: [String: String]) throws {
        try options.rejectUnknown(Self.keys)
        units =
            try options.choice("units", of: ["celsius", "fahrenheit"]).flatMap(
                TemperatureUnit.init(rawValue:)) ?? .celsius
        location = try options.string("location")
        followsGPS = try options.bool("follow_gps") ?? false
        refresh = try options.duration("refresh", in: OptionRanges.downloadRefresh) ?? refresh
        timeout = try options.duration("timeout", in: OptionRanges.timeout) ?? timeout
        if let file = try options.string("file") {
            for key in ["latitude", "longitude", "cache", "follow_gps"]
            where options.values[key] != nil {
                throw WidgetOptionError(
                    key: key, expected: "no \(key) with `file` (the file is read as it is)",
                    found: options.values[key]?.description ?? "")
            }
            source = .file(file)
            return
        }
        let latitude = try Self.coordinate(options, "latitude", limit: 90)
        let longitude = try Self.coordinate(options, "longitude", limit: 180)
        let cache =
            try options.string("cache")
            ?? Self.defaultCache(latitude: latitude, longitude: longitude, environment: environment)
        source = .openMeteo(latitude: latitude, longitude: longitude, cache: cache)
    }

    /// A required coordinate in degrees, within ±`limit`.
    private static func coordinate(_ options: WidgetOptions, _ key: String, limit: Double) throws
        -> Double
    {
        let expected = "a \(key) in degrees from -\(Int(limit)) to \(Int(limit)) (or a `file`)"
        guard let value = try options.double(key) else {
            throw WidgetOptionError(key: key, expected: expected, found: "nothing")
        }
        guard value.isFinite, abs(value) <= limit else {
            throw WidgetOptionError(key: key, expected: expected, found: "\(value)")
        }
        return value
    }

    /// `$XDG_CACHE_HOME/nightstand/weather-<lat>,<lon>.json`, or under `~/.cache` without it.
    static func defaultCache(
        latitude: Double, longitude: Double, environment: [String: String]
    ) -> String {
        CacheDirectory.path(environment: environment)
            + "/weather-\(Self.degrees(latitude)),\(Self.degrees(longitude)).json"
    }

    /// Degrees with at most four decimals, as the URL and the cache name write them.
    static func degrees(_ value: Double) -> String {
        var text = value.fixed(4)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// The Open-Meteo request for a place.
    static func url(latitude: Double, longitude: Double, units: TemperatureUnit) -> URL? {
        var components = URLComponents(string: "https://api.open-meteo.com/v1/forecast")
        components?.queryItems = [
            URLQueryItem(name: "latitude", value: degrees(latitude)),
            URLQueryItem(name: "longitude", value: degrees(longitude)),
            URLQueryItem(name: "current", value: "temperature_2m,weather_code,is_day"),
            URLQueryItem(name: "hourly", value: "temperature_2m,weather_code,is_day"),
            URLQueryItem(
                name: "daily", value: "weather_code,temperature_2m_max,temperature_2m_min"),
            URLQueryItem(name: "timezone", value: "auto"),
            URLQueryItem(name: "forecast_days", value: "7"),
            URLQueryItem(name: "temperature_unit", value: units.rawValue),
        ]
        return components?.url
    }
}
