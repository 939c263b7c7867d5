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
///     night: "22:30-06:30",
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
    /// Keys `dim`, `night`, `off`, `latitude`, `longitude`.
    /// Default: dim 21:00-22:30, night 22:30-06:30.
    public let schedule: ClockSchedule
    /// The backlight's name under `/sys/class/backlight`; nil takes the preferred one present.
    ///
    /// Key `backlight`. Default: nil.
    public let backlight: String?
    /// Backlight percent in day.
    ///
    /// Key `day_brightness`. Default: 100.
    public let dayBrightness: Double
    /// Backlight percent in dim.
    ///
    /// Key `dim_brightness`. Default: 40.
    public let dimBrightness: Double
    /// Backlight percent in night.
    ///
    /// Key `night_brightness`. Default: 10.
    public let nightBrightness: Double

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
        dim: String? = "21:00-22:30",
        night: String? = "22:30-06:30",
        off: String? = nil,
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

    // MARK: Validation

    private static func require(
        _ condition: Bool, _ key: String, _ expected: String, _ value: Double
    ) throws(AmbientConfigurationError) {
        guard condition, value.isFinite else {
            throw AmbientConfigurationError(key: key, expected: expected, got: "\(value)")
        }
    }

    private static func check(_ sensor: LuxSource?) throws(AmbientConfigurationError) {
        switch sensor {
        case .iio(""), .iioDevice(""), .file(""):
            throw AmbientConfigurationError(
                key: "sensor", expected: "a sensor name (bh1750) or a path", got: "\"\"")
        case .command(let arguments, let timeout):
            if arguments.first?.isEmpty ?? true {
                throw AmbientConfigurationError(
                    key: "sensor_command", expected: "a program and its arguments",
                    got: "\(arguments)")
            }
            try require(timeout > 0, "sensor_timeout", "seconds > 0", timeout)
        default:
            break
        }
    }

    private static func check(_ smoothing: LuxSmoothing) throws(AmbientConfigurationError) {
        switch smoothing {
        case .none: break
        case .median(let seconds), .exponential(let seconds):
            try require(seconds > 0, "smoothing", "a window or time constant > 0 s", seconds)
        }
    }

    /// Each `…_below` ≥ 0, below its `…_above`; both lists strictly falling toward darker
    /// levels; `off_below` and `night_above` together.
    private static func checkThresholds(
        _ enter: [(String, Double?)], _ leave: [(String, Double?)]
    ) throws(AmbientConfigurationError) {
        if (enter[2].1 == nil) != (leave[2].1 == nil) {
            let (missing, given) =
                enter[2].1 == nil ? (enter[2].0, leave[2].0) : (leave[2].0, enter[2].0)
            throw AmbientConfigurationError(
                key: missing, expected: "a lux value, since \(given) is set", got: "nothing")
        }
        for ((enterKey, enterValue), (leaveKey, leaveValue)) in zip(enter, leave) {
            guard let enterValue, let leaveValue else { continue }
            try require(enterValue >= 0, enterKey, "lux ≥ 0", enterValue)
            try require(
                leaveValue > enterValue, leaveKey, "lux above \(enterKey) (\(enterValue))",
                leaveValue)
        }
        for list in [enter, leave] {
            for (brighter, darker) in zip(list, list.dropFirst()) {
                guard let brighterValue = brighter.1, let darkerValue = darker.1 else { continue }
                try require(
                    darkerValue < brighterValue, darker.0,
                    "lux below \(brighter.0) (\(brighterValue))", darkerValue)
            }
        }
    }

    private static func schedule(
        windows texts: [Appearance: String?], latitude: Double?, longitude: Double?,
        timeZone: TimeZone
    ) throws(AmbientConfigurationError) -> ClockSchedule {
        var windows: [Appearance: ScheduleWindow] = [:]
        for (appearance, text) in texts.sorted(by: { $0.key < $1.key }) {
            guard let text else { continue }
            do {
                windows[appearance] = try ScheduleWindow(parsing: text)
            } catch {
                throw AmbientConfigurationError(
                    key: appearance.rawValue, message: error.description)
            }
        }
        let coordinate = try coordinate(latitude: latitude, longitude: longitude)
        do {
            return try ClockSchedule(windows: windows, timeZone: timeZone, coordinate: coordinate)
        } catch {
            throw AmbientConfigurationError(key: "latitude", message: error.description)
        }
    }

    private static func coordinate(latitude: Double?, longitude: Double?)
        throws(AmbientConfigurationError) -> GeoCoordinate?
    {
        switch (latitude, longitude) {
        case (nil, nil):
            return nil
        case (let latitude?, let longitude?):
            try require((-90...90).contains(latitude), "latitude", "degrees −90…90", latitude)
            try require(
                (-180...180).contains(longitude), "longitude", "degrees −180…180", longitude)
            return GeoCoordinate(latitude: latitude, longitude: longitude)
        case (nil, _):
            throw AmbientConfigurationError(
                key: "latitude", expected: "degrees, since longitude is set", got: "nothing")
        case (_, nil):
            throw AmbientConfigurationError(
                key: "longitude", expected: "degrees, since latitude is set", got: "nothing")
        }
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
