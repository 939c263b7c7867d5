import FoundationEssentials

/// Checks of the `[ambient]` values, each naming its key and what was expected.
extension AmbientConfiguration {
    static func require(
        _ condition: Bool, _ key: String, _ expected: String, _ value: Double
    ) throws(AmbientConfigurationError) {
        guard condition, value.isFinite else {
            throw AmbientConfigurationError(key: key, expected: expected, got: "\(value)")
        }
    }

    static func check(_ sensor: LuxSource?) throws(AmbientConfigurationError) {
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

    static func check(_ smoothing: LuxSmoothing) throws(AmbientConfigurationError) {
        switch smoothing {
        case .none: break
        case .median(let seconds), .exponential(let seconds):
            try require(seconds > 0, "smoothing", "a window or time constant > 0 s", seconds)
        }
    }

    /// Each `…_below` ≥ 0, below its `…_above`; both lists strictly falling toward darker
    /// levels; `off_below` and `night_above` together.
    static func checkThresholds(
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

    static func schedule(
        windows texts: [Appearance: [String]], latitude: Double?, longitude: Double?,
        timeZone: TimeZone
    ) throws(AmbientConfigurationError) -> ClockSchedule {
        var windows: [Appearance: [ScheduleWindow]] = [:]
        for (appearance, list) in texts.sorted(by: { $0.key < $1.key }) {
            for text in list {
                do {
                    windows[appearance, default: []].append(try ScheduleWindow(parsing: text))
                } catch {
                    throw AmbientConfigurationError(
                        key: appearance.rawValue, message: error.description)
                }
            }
        }
        let coordinate = try coordinate(latitude: latitude, longitude: longitude)
        do {
            return try ClockSchedule(windows: windows, timeZone: timeZone, coordinate: coordinate)
        } catch {
            throw AmbientConfigurationError(key: "latitude", message: error.description)
        }
    }

    static func coordinate(latitude: Double?, longitude: Double?)
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
