import FoundationEssentials
import Settings

extension AmbientConfiguration: ConfigurationSection {
    /// `[ambient]` (which also holds the host's `fade` and `night_red`).
    public static let sectionName = "ambient"

    /// The keys of `[ambient]` this type reads.
    public static let keys = [
        "sensor", "sensor_command", "sensor_timeout", "sensor_file", "poll_interval",
        "smoothing", "dwell", "dim_below", "day_above", "night_below", "dim_above", "off_below",
        "night_above", "dim", "night", "off", "latitude", "longitude", "time_zone", "backlight",
        "day_brightness", "dim_brightness", "night_brightness",
    ]

    /// How often the sensor may be read: from every half second to every hour.
    ///
    /// A shorter interval would wake the board for readings no one can see.
    public static let pollIntervals = NumberRange.duration(0.5...3600)
    /// How long a command light sensor may take: from a tenth of a second to a minute.
    public static let sensorTimeouts = NumberRange.duration(0.1...60)
    /// A smoothing window or time constant: from a second to an hour.
    public static let smoothingWindows = NumberRange.duration(1...3600)
    /// How long a new sensor appearance must hold: up to an hour.
    public static let dwells = NumberRange.duration(0...3600)
    /// A light threshold: up to a million lux (direct sunlight is about 100,000).
    public static let luxLevels = NumberRange(0...1_000_000, "lux")
    /// A backlight level.
    public static let percentages = NumberRange(0...100, "a percentage")

    /// Reads the sensor, threshold, schedule and backlight keys of `[ambient]`, each checked
    /// where it is read, then the settings as a whole (``init(sensor:pollInterval:smoothing:dwell:dimBelow:dayAbove:nightBelow:dimAbove:offBelow:nightAbove:dim:night:off:latitude:longitude:timeZone:backlight:dayBrightness:dimBrightness:nightBrightness:)``).
    ///
    /// ```toml
    /// [ambient]
    /// sensor = "bh1750"
    /// night_below = 3
    /// night = "sunset+30m-sunrise"
    /// latitude = 52.5
    /// longitude = 13.4
    /// ```
    public init(section: SettingsTable) throws(ConfigurationError) {
        let o = section
        // The sensor: auto (the first IIO light sensor), none, an IIO name, a sysfs path, a
        // file, or a command.
        var sensor: LuxSource? = .iio(name: nil)
        if let command = try o.strings("sensor_command") {
            let timeout = try o.duration("sensor_timeout", in: Self.sensorTimeouts) ?? 5
            sensor = .command(arguments: command, timeout: timeout)
        } else if let file = try o.string("sensor_file") {
            sensor = .file(path: file)
        } else if let name = try o.string("sensor") {
            switch name {
            case "auto": sensor = .iio(name: nil)
            case "none": sensor = nil
            default: sensor = name.hasPrefix("/") ? .iioDevice(path: name) : .iio(name: name)
            }
        }
        let smoothing = try Self.smoothing(in: o)
        let timeZone =
            try o.parsed("time_zone", expected: "an IANA time zone such as \"Europe/Berlin\"") {
                TimeZone(identifier: $0)
            } ?? .current
        func lux(_ key: String) throws(ConfigurationError) -> Double? {
            try o.number(key, in: Self.luxLevels)
        }
        /// A window, or a list of windows: `"22:30-06:30"`, `["mon-thu,sun 22:30-06:30",
        /// "fri,sat 23:30-08:30"]`; `""`, `"none"` or `[]` for none.
        func window(_ key: String, _ fallback: [String]) throws(ConfigurationError) -> [String] {
            guard let value = o.values[key] else { return fallback }
            if case .array = value {
                return try o.strings(key) ?? []
            }
            guard let text = try o.string(key) else { return fallback }
            return text == "" || text == "none" ? [] : [text]
        }
        func percent(_ key: String, _ fallback: Double) throws(ConfigurationError) -> Double {
            try o.number(key, in: Self.percentages) ?? fallback
        }
        let pollInterval = try o.duration("poll_interval", in: Self.pollIntervals) ?? 2
        let dwell = try o.duration("dwell", in: Self.dwells) ?? 30
        let levels = (
            dimBelow: try lux("dim_below") ?? 40, dayAbove: try lux("day_above") ?? 80,
            nightBelow: try lux("night_below") ?? 3, dimAbove: try lux("dim_above") ?? 8,
            offBelow: try lux("off_below"), nightAbove: try lux("night_above")
        )
        let windows = (
            dim: try window("dim", ["21:00-22:30"]),
            night: try window("night", ["22:30-06:30"]), off: try window("off", [])
        )
        let place = (
            latitude: try o.number("latitude", in: NumberRange(-90...90, "degrees")),
            longitude: try o.number("longitude", in: NumberRange(-180...180, "degrees"))
        )
        let backlight = try o.string("backlight")
        let brightness = (
            day: try percent("day_brightness", 100), dim: try percent("dim_brightness", 40),
            night: try percent("night_brightness", 10)
        )
        do {
            try self.init(
                sensor: sensor, pollInterval: pollInterval, smoothing: smoothing, dwell: dwell,
                dimBelow: levels.dimBelow, dayAbove: levels.dayAbove,
                nightBelow: levels.nightBelow, dimAbove: levels.dimAbove,
                offBelow: levels.offBelow, nightAbove: levels.nightAbove,
                dim: windows.dim, night: windows.night, off: windows.off,
                latitude: place.latitude, longitude: place.longitude, timeZone: timeZone,
                backlight: backlight, dayBrightness: brightness.day,
                dimBrightness: brightness.dim, nightBrightness: brightness.night)
        } catch {
            throw o.error(error.key, error.message)
        }
    }

    /// `smoothing`: `"none"`, `"median 10s"` or `"exponential 20s"`.
    private static func smoothing(in o: SettingsTable) throws(ConfigurationError) -> LuxSmoothing {
        guard let text = try o.string("smoothing") else { return .median(window: 10) }
        let parts = text.split(separator: " ").map(String.init)
        let seconds = parts.count == 2 ? DurationText.seconds(parts[1]) : nil
        if let seconds, !smoothingWindows.contains(seconds) {
            throw o.error(
                "smoothing", expected: "a window or time constant from 1s to 1h",
                found: .string(text))
        }
        switch (parts.first, seconds) {
        case ("none", _) where parts.count == 1: return .none
        case ("median", let s?): return .median(window: s)
        case ("exponential", let s?): return .exponential(timeConstant: s)
        default:
            throw o.error(
                "smoothing", expected: "\"none\", \"median 10s\" or \"exponential 20s\"",
                found: .string(text))
        }
    }

    /// The settings of an empty `[ambient]` table: the first IIO sensor, the default bands,
    /// dim 21:00-22:30 and night 22:30-06:30 in the system's time zone.
    public static var defaults: AmbientConfiguration {
        AmbientConfiguration(
            defaultsIn: .current,
            dim: ScheduleWindow(
                start: .clock(hour: 21, minute: 0), end: .clock(hour: 22, minute: 30)),
            night: ScheduleWindow(
                start: .clock(hour: 22, minute: 30), end: .clock(hour: 6, minute: 30)))
    }
}
