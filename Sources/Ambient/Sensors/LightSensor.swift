import FoundationEssentials
import SystemSupport

/// Something that measures ambient light in lux: an IIO sensor, a file, a command.
///
/// Each `readLux()` takes a fresh reading; smoothing and hysteresis are the policy's job.
///
/// ```swift
/// let sensor = try IIOLightSensor.find(named: "bh1750")
/// let lux = try sensor.readLux()
/// ```
public protocol LightSensor: Sendable, CustomStringConvertible {
    /// One reading in lux (0…1,000,000), or why there is none.
    func readLux() throws(LightSensorError) -> Double
}

/// Why a light sensor gave no reading: the device, file or command and what was expected.
public enum LightSensorError: Error, Equatable, CustomStringConvertible {
    /// No IIO device with an illuminance channel matches; `available` lists what exists
    /// (`"tsl2591 (iio:device1)"`).
    case notFound(name: String?, available: [String])
    /// An explicit device path has no illuminance attribute (or is not an IIO device).
    case notALightSensor(path: String)
    /// This user may not read the file.
    case permissionDenied(path: String)
    /// The file could not be read for another reason.
    case unreadable(path: String, reason: String)
    /// The contents are not what was expected (a number, a lux value from 0 to 1,000,000).
    case badValue(source: String, contents: String, expected: String)
    /// A command could not be started, exited with an error, or was killed.
    case commandFailed(command: String, reason: String)
    /// A command printed no result within its timeout and was killed.
    case timedOut(command: String, seconds: Double)

    /// A sentence for the log, naming the source and what was expected.
    public var description: String {
        switch self {
        case .notFound(let name, let available):
            let what = name.map { "no IIO light sensor named '\($0)'" } ?? "no IIO light sensor"
            let found =
                available.isEmpty ? "none found" : "found: \(available.joined(separator: ", "))"
            return "light sensor: \(what) (\(found))"
        case .notALightSensor(let path):
            return "light sensor: \(path) has no in_illuminance_input, in_illuminance_raw or "
                + "in_intensity_clear_raw attribute (is it an IIO light sensor directory?)"
        case .permissionDenied(let path):
            return "light sensor: not allowed to read \(path) (check its owner and mode)"
        case .unreadable(let path, let reason):
            return "light sensor: cannot read \(path): \(reason)"
        case .badValue(let source, let contents, let expected):
            return "light sensor: \(source) gave \(Self.quote(contents)); expected \(expected)"
        case .commandFailed(let command, let reason):
            return "light sensor: command \(command) \(reason)"
        case .timedOut(let command, let seconds):
            return "light sensor: command \(command) printed no result within "
                + "\(DurationWords.seconds(seconds)) and was killed"
        }
    }

    /// Contents shown in a message: quoted, one line, at most 60 characters.
    private static func quote(_ text: String) -> String {
        let flat = text.replacing("\n", with: "\\n")
        return "\"" + (flat.count > 60 ? flat.prefix(60) + "…" : flat) + "\""
    }
}

/// Parsing the numbers sensors print.
enum LuxText {
    /// The number `text` holds (surrounding white space allowed), finite; `source` names where
    /// it came from for the error.
    static func number(_ text: String, source: String) throws(LightSensorError) -> Double {
        let trimmed = text.trimmingWhitespace()
        guard let value = Double(trimmed), value.isFinite else {
            throw .badValue(source: source, contents: text, expected: "a number")
        }
        return value
    }

    /// The first white-space separated word of `text` as a lux value from 0 to 1,000,000 (`"12.5 lux"` is
    /// 12.5), for files and commands.
    static func firstLux(in text: String, source: String) throws(LightSensorError) -> Double {
        let word = text.split(whereSeparator: { $0.isWhitespace }).first.map(String.init) ?? ""
        guard let value = Double(word), value.isFinite else {
            throw .badValue(
                source: source, contents: text, expected: "a lux number such as 12.5")
        }
        return try lux(value, source: source)
    }

    /// `value` if it is a possible illuminance (within ``LuxSource/readings``).
    static func lux(_ value: Double, source: String) throws(LightSensorError) -> Double {
        guard LuxSource.readings.contains(value) else {
            throw .badValue(
                source: source, contents: String(value),
                expected: "a lux value from 0 to 1,000,000")
        }
        return value
    }
}
