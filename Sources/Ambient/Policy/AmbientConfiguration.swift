import FoundationEssentials

/// Every setting of the ambient input, validated: sensor, smoothing, thresholds, schedule,
/// backlight levels.
///
/// The initializer takes plain values, as read from the `[ambient]` table of the
/// configuration file, and throws an ``AmbientConfigurationError`` naming the key and what it
/// expects. Each parameter's key is given in its description.
///
/// ```swift
/// let configuration = try AmbientConfiguration(
///     sensor: .iio(name: "bh1750"),
///     night: ["22:30-06:30"],
///     offBelow: 0.5, nightAbove: 1)
/// ```
///
/// Thresholds are hysteresis bands: the display goes darker when the smoothed light falls
/// *below* a level's `…_below` and comes back when it rises *above* the brighter level's
/// `…_above`, which must be higher, so light hovering at one value cannot flip it back and
/// forth.
///
/// | transition | key | default |
/// | --- | --- | --- |
/// | day → dim | `dim_below` | 40 lux |
/// | dim → day | `day_above` | 80 lux |
/// | dim → night | `night_below` | 3 lux |
/// | night → dim | `dim_above` | 8 lux |
/// | night → off | `off_below` | none (the sensor never turns the display off) |
/// | off → night | `night_above` | none (required with `off_below`) |
public struct AmbientConfiguration: Sendable, Equatable {
    /// Where lux readings come from; nil uses the clock schedule only.
    ///
    /// Key `sensor` (plus `sensor_command`, `sensor_timeout` for commands).
    /// Default: the first IIO light sensor.
    public let sensor: LuxSource?
    /// Seconds between sensor readings.
    ///
    /// Key `poll_interval`. Default: 2.
    public let pollInterval: Double
    /// How readings are smoothed.
    ///
    /// Key `smoothing`. Default: median over 10 s.
    public let smoothing: LuxSmoothing
    /// Seconds a new sensor appearance must hold before it is shown.
    ///
    /// Key `dwell`. Default: 30.
    public let dwell: Double
    /// Lux below which day turns dim.
    ///
    /// Key `dim_below`. Default: 40.
    public let dimBelow: Double
    /// Lux above which dim returns to day.
    ///
    /// Key `day_above`. Default: 80.
    public let dayAbove: Double
    /// Lux below which dim turns night.
    ///
    /// Key `night_below`. Default: 3.
    public let nightBelow: Double
    /// Lux above which night returns to dim.
    ///
    /// Key `dim_above`. Default: 8.
    public let dimAbove: Double
    /// Lux below which night turns the display off; nil never does.
    ///
    /// Key `off_below`. Default: nil.
    public let offBelow: Double?
    /// Lux above which an off display returns to night.
    ///
    /// Key `night_above`. Default: nil.
    public let nightAbove: Double?
    /// The clock schedule: the fallback while the sensor is missing or failing, and the `off`
    /// window, which applies even while the sensor works.
    ///
    /// Keys `dim`, `night`, `off` (each a window or a list of windows, which may name days),
    /// `latitude`, `longitude`. Default: dim 21:00-22:30, night 22:30-06:30.
    public let schedule: ClockSchedule
    /// The backlight's name under `/sys/class/backlight`; nil takes the preferred one present.
    ///
    /// Key `backlight`. Default: nil.
    public let backlight: String?
    /// Backlight percent in day.
    ///
    /// Key `day_brightness`. Default: 100.
    public private(set) var dayBrightness: Double
    /// Backlight percent in dim.
    ///
    /// Key `dim_brightness`. Default: 40.
    public private(set) var dimBrightness: Double
    /// Backlight percent in night.
    ///
    /// Key `night_brightness`. Default: 10.
    public private(set) var nightBrightness: Double

    /// Validates and keeps the settings; the parameters are documented on the properties of
    /// the same name (`dim`, `night`, `off`, `latitude`, `longitude`, `timeZone` build
    /// ``schedule``).
    ///
    /// - Throws: ``AmbientConfigurationError`` for the first setting out of range, naming its
    ///   key.
    public init(
        sensor: LuxSource? = .iio(name: nil),
        pollInterval: Double = 2,
        smoothing: LuxSmoothing = .median(window: 10),
        dwell: Double = 30,
        dimBelow: Double = 40,
        dayAbove: Double = 80,
        nightBelow: Double = 3,
        dimAbove: Double = 8,
        offBelow: Double? = nil,
        nightAbove: Double? = nil,
        dim: [String] = ["21:00-22:30"],
        night: [String] = ["22:30-06:30"],
        off: [String] = [],
        latitude: Double? = nil,
        longitude: Double? = nil,
        timeZone: TimeZone = .current,
        backlight: String? = nil,
        dayBrightness: Double = 100,
        dimBrightness: Double = 40,
        nightBrightness: Double = 10
    ) throws(AmbientConfigurationError) {
        try Self.check(sensor)
        try Self.require(pollInterval > 0, "poll_interval", "seconds > 0", pollInterval)
        try Self.check(smoothing)
        try Self.require(dwell >= 0, "dwell", "seconds ≥ 0", dwell)
        try Self.checkThresholds(
            [("dim_below", dimBelow), ("night_below", nightBelow), ("off_below", offBelow)],
            [("day_above", dayAbove), ("dim_above", dimAbove), ("night_above", nightAbove)])
        for (key, value) in [
            ("day_brightness", dayBrightness), ("dim_brightness", dimBrightness),
            ("night_brightness", nightBrightness),
        ] {
            try Self.require((0...100).contains(value), key, "a percentage from 0 to 100", value)
        }
        if let backlight, backlight.isEmpty || backlight.contains("/") {
            throw AmbientConfigurationError(
                key: "backlight", expected: "a name under /sys/class/backlight, e.g. 10-0045",
                got: "\"\(backlight)\"")
        }
        self.schedule = try Self.schedule(
            windows: [.dim: dim, .night: night, .off: off], latitude: latitude,
            longitude: longitude, timeZone: timeZone)
        self.sensor = sensor
        self.pollInterval = pollInterval
        self.smoothing = smoothing
        self.dwell = dwell
        self.dimBelow = dimBelow
        self.dayAbove = dayAbove
        self.nightBelow = nightBelow
        self.dimAbove = dimAbove
        self.offBelow = offBelow
        self.nightAbove = nightAbove
        self.backlight = backlight
        self.dayBrightness = dayBrightness
        self.dimBrightness = dimBrightness
        self.nightBrightness = nightBrightness
    }

    /// The defaults of every setting, with the schedule's windows `dim` and `night` (valid by
    /// construction: clock times, no day window), for ``defaults``.
    init(defaultsIn timeZone: TimeZone, dim: ScheduleWindow, night: ScheduleWindow) {
        sensor = .iio(name: nil)
        pollInterval = 2
        smoothing = .median(window: 10)
        dwell = 30
        dimBelow = 40
        dayAbove = 80
        nightBelow = 3
        dimAbove = 8
        offBelow = nil
        nightAbove = nil
        schedule = ClockSchedule(clockWindows: [.dim: dim, .night: night], timeZone: timeZone)
        backlight = nil
        dayBrightness = 100
        dimBrightness = 40
        nightBrightness = 10
    }

    /// The backlight percentage for `appearance`; nil for `off` (power the backlight down).
    public func brightnessPercent(for appearance: Appearance) -> Double? {
        switch appearance {
        case .day: dayBrightness
        case .dim: dimBrightness
        case .night: nightBrightness
        case .off: nil
        }
    }

    /// These settings with the percentages of `brightness` (by appearance: `day`, `dim`,
    /// `night`, each 0 to 100) in place of theirs; other names are not brightness settings.
    public func with(brightness: [String: Double]) -> AmbientConfiguration {
        var copy = self
        for (name, percent) in brightness where (0...100).contains(percent) {
            switch Appearance(rawValue: name) {
            case .day?: copy.dayBrightness = percent
            case .dim?: copy.dimBrightness = percent
            case .night?: copy.nightBrightness = percent
            default: break
            }
        }
        return copy
    }

    /// The hysteresis bands between neighboring appearances, brightest first: day|dim,
    /// dim|night and, when configured, night|off.
    var bands: [LuxBand] {
        var bands = [
            LuxBand(darker: .dim, enterBelow: dimBelow, leaveAbove: dayAbove),
            LuxBand(darker: .night, enterBelow: nightBelow, leaveAbove: dimAbove),
        ]
        if let offBelow, let nightAbove {
            bands.append(LuxBand(darker: .off, enterBelow: offBelow, leaveAbove: nightAbove))
        }
        return bands
    }
}

/// One hysteresis band between an appearance and the next darker one.
struct LuxBand: Sendable, Equatable {
    /// The darker appearance of the two.
    let darker: Appearance
    /// Below this the display goes darker.
    let enterBelow: Double
    /// Above this it comes back to the brighter appearance.
    let leaveAbove: Double
}

/// A setting of the `[ambient]` table that is out of range: its key and what it expects.
public struct AmbientConfigurationError: Error, Equatable, CustomStringConvertible {
    /// The configuration key, such as `night_below`.
    public let key: String
    /// What is wrong and what is expected.
    public let message: String

    /// An error for `key`.
    public init(key: String, message: String) {
        self.key = key
        self.message = message
    }

    /// An error for `key` saying what was `expected` and what was `got`.
    init(key: String, expected: String, got: String) {
        self.init(key: key, message: "expected \(expected), got \(got)")
    }

    /// `[ambient] night_below: expected lux below dim_below (40.0), got 50.0`.
    public var description: String { "[ambient] \(key): \(message)" }
}
