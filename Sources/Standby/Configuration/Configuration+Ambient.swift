import Ambient
import FoundationEssentials
import Widgets

/// The `[ambient]` table, read into the night-mode settings.
///
/// Besides the keys of `AmbientConfiguration` (sensor, thresholds, schedule, backlight
/// levels), the host reads two of its own: `fade` (how long appearance changes take, default
/// `"1s"`) and `night_red` (the brightest red of night mode in percent, default 100; a dark
/// bedroom wants less, e.g. 40).
public struct AmbientSettings: Sendable {
    /// The sensor, thresholds, schedule and backlight levels.
    public var ambient: AmbientConfiguration
    /// Seconds an appearance change fades over; 0 switches at once.
    public var fade: TimeInterval
    /// Night mode's brightest red, 0…1.
    public var nightRed: Float
}

extension Configuration {
    /// The night-mode settings of the `[ambient]` table, checked.
    ///
    /// Throws ``ConfigurationError`` at the key's line for a value of the wrong type, an
    /// unknown key, or a setting `AmbientConfiguration` rejects.
    public func ambientSettings() throws -> AmbientSettings {
        let o = ambient
        let fail = { (key: String, message: String) in
            self.error(at: "ambient.\(key)", key: "[ambient] \(key)", message)
        }
        func read<T>(_ key: String, _ body: () throws -> T?) throws -> T? {
            do {
                return try body()
            } catch let error as WidgetOptionError {
                throw fail(key, "expected \(error.expected), found \(error.found)")
            }
        }
        let known: Set<String> = [
            "sensor", "sensor_command", "sensor_timeout", "sensor_file", "poll_interval",
            "smoothing", "dwell", "dim_below", "day_above", "night_below", "dim_above",
            "off_below", "night_above", "dim", "night", "off", "latitude", "longitude",
            "time_zone", "backlight", "day_brightness", "dim_brightness", "night_brightness",
            "fade", "night_red",
        ]
        if let key = o.values.keys.sorted().first(where: { !known.contains($0) }) {
            throw fail(
                key, "unknown key; expected one of \(known.sorted().joined(separator: ", "))")
        }
        func duration(_ key: String) throws -> TimeInterval? {
            if let seconds = try? o.double(key) { return seconds }
            guard let text = try read(key, { try o.string(key) }) else { return nil }
            guard let seconds = WidgetOptions.seconds(inDuration: text) else {
                throw fail(key, "expected a duration such as \"30s\" or \"2m\", found \"\(text)\"")
            }
            return seconds
        }
        // The sensor: auto (the first IIO light sensor), none, an IIO name, a sysfs path, a
        // file, or a command.
        var sensor: LuxSource? = .iio(name: nil)
        if let command = try read("sensor_command", { try o.strings("sensor_command") }) {
            sensor = .command(arguments: command, timeout: try duration("sensor_timeout") ?? 5)
        } else if let file = try read("sensor_file", { try o.string("sensor_file") }) {
            sensor = .file(path: file)
        } else if let name = try read("sensor", { try o.string("sensor") }) {
            switch name {
            case "auto": sensor = .iio(name: nil)
            case "none": sensor = nil
            default: sensor = name.hasPrefix("/") ? .iioDevice(path: name) : .iio(name: name)
            }
        }
        var smoothing = LuxSmoothing.median(window: 10)
        if let text = try read("smoothing", { try o.string("smoothing") }) {
            let parts = text.split(separator: " ").map(String.init)
            let seconds = parts.count == 2 ? WidgetOptions.seconds(inDuration: parts[1]) : nil
            switch (parts.first, seconds) {
            case ("none", _) where parts.count == 1: smoothing = .none
            case ("median", let s?): smoothing = .median(window: s)
            case ("exponential", let s?): smoothing = .exponential(timeConstant: s)
            default:
                throw fail(
                    "smoothing",
                    "expected \"none\", \"median 10s\" or \"exponential 20s\", found \"\(text)\"")
            }
        }
        let timeZone = try read("time_zone") { try o.timeZone("time_zone") } ?? .current
        let number = { (key: String) throws -> Double? in try read(key) { try o.double(key) } }
        let window = { (key: String, fallback: String?) throws -> String? in
            guard o.values[key] != nil else { return fallback }
            let text = try read(key) { try o.string(key) }
            return text == "" || text == "none" ? nil : text
        }
        let pollInterval = try duration("poll_interval") ?? 2
        let dwell = try duration("dwell") ?? 30
        let levels = (
            dimBelow: try number("dim_below") ?? 40, dayAbove: try number("day_above") ?? 80,
            nightBelow: try number("night_below") ?? 3, dimAbove: try number("dim_above") ?? 8,
            offBelow: try number("off_below"), nightAbove: try number("night_above")
        )
        let windows = (
            dim: try window("dim", "21:00-22:30"), night: try window("night", "22:30-06:30"),
            off: try window("off", nil)
        )
        let place = (latitude: try number("latitude"), longitude: try number("longitude"))
        let backlight = try read("backlight") { try o.string("backlight") }
        let brightness = (
            day: try number("day_brightness") ?? 100, dim: try number("dim_brightness") ?? 40,
            night: try number("night_brightness") ?? 10
        )
        let configuration: AmbientConfiguration
        do {
            configuration = try AmbientConfiguration(
                sensor: sensor, pollInterval: pollInterval, smoothing: smoothing, dwell: dwell,
                dimBelow: levels.dimBelow, dayAbove: levels.dayAbove,
                nightBelow: levels.nightBelow, dimAbove: levels.dimAbove,
                offBelow: levels.offBelow, nightAbove: levels.nightAbove,
                dim: windows.dim, night: windows.night, off: windows.off,
                latitude: place.latitude, longitude: place.longitude, timeZone: timeZone,
                backlight: backlight, dayBrightness: brightness.day,
                dimBrightness: brightness.dim, nightBrightness: brightness.night)
        } catch {
            throw fail(error.key, error.message)
        }
        let fade = try duration("fade") ?? 1
        guard fade >= 0, fade <= 60 else {
            throw fail("fade", "expected 0 to 60 seconds, found \(fade)")
        }
        let red = try number("night_red") ?? 100
        guard (1...100).contains(red) else {
            throw fail("night_red", "expected a percentage from 1 to 100, found \(red)")
        }
        return AmbientSettings(ambient: configuration, fade: fade, nightRed: Float(red / 100))
    }
}
