import FoundationEssentials
import SystemSupport

/// What light sensors and backlights this machine has, for `nightstand sensors`.
///
/// ```
/// $ nightstand sensors
/// light sensors (IIO):
///   bh1750 at /sys/bus/iio/devices/iio:device0
///     in_illuminance_raw × in_illuminance_scale: 41.67 lux
/// backlights:
///   10-0045 at /sys/class/backlight/10-0045
///     brightness 128/255, writable
/// ```
public struct AmbientHardwareReport: Sendable, CustomStringConvertible {
    /// An IIO light sensor and what reading it gave.
    public struct SensorEntry: Sendable {
        /// The sensor.
        public let sensor: IIOLightSensor
        /// Its reading in lux, or why there is none.
        public let reading: Result<Double, LightSensorError>
    }

    /// A backlight directory and its state.
    public struct BacklightEntry: Sendable {
        /// The device directory.
        public let path: String
        /// Brightness and maximum, or why they could not be read.
        public let level: Result<(brightness: Int, maximum: Int), BacklightError>
        /// Whether this process may write it.
        public let isWritable: Bool
    }

    /// Where sysfs was read.
    public let sysfsRoot: String
    /// Every IIO device with a light channel, by device number.
    public let sensors: [SensorEntry]
    /// Every backlight, in order of preference.
    public let backlights: [BacklightEntry]

    /// Looks at the sensors and backlights under `sysfsRoot`, taking one reading of each sensor.
    public static func scan(sysfsRoot: String = "/sys") -> AmbientHardwareReport {
        let sensors = IIOLightSensor.discover(sysfsRoot: sysfsRoot).map { sensor in
            SensorEntry(
                sensor: sensor,
                reading: Result { () throws(LightSensorError) in try sensor.readLux() })
        }
        let backlights = Backlight.directories(sysfsRoot: sysfsRoot).map { path in
            let backlight = Result { () throws(BacklightError) in try Backlight(path: path) }
            let level = backlight.flatMap { backlight in
                Result { () throws(BacklightError) in
                    (brightness: try backlight.brightness(), maximum: backlight.maxBrightness)
                }
            }
            let writable = (try? backlight.get())?.isWritable ?? false
            return BacklightEntry(path: path, level: level, isWritable: writable)
        }
        return AmbientHardwareReport(sysfsRoot: sysfsRoot, sensors: sensors, backlights: backlights)
    }

    /// The listing shown by `nightstand sensors`.
    public var description: String {
        var lines = ["light sensors (IIO):"]
        if sensors.isEmpty {
            lines.append(
                "  none under \(sysfsRoot)/bus/iio/devices (is the driver loaded? On a Pi: "
                    + "dtoverlay=i2c-sensor,bh1750 in config.txt)")
        }
        for entry in sensors {
            lines.append("  \(entry.sensor)")
            switch entry.reading {
            case .success(let lux):
                let unit = entry.sensor.method.isLux ? "lux" : "counts"
                lines.append("    \(entry.sensor.method): \(lux.fixed(2)) \(unit)")
            case .failure(let error):
                lines.append("    \(entry.sensor.method): \(error)")
            }
        }
        lines.append("backlights:")
        if backlights.isEmpty {
            lines.append(
                "  none under \(sysfsRoot)/class/backlight (the display dims pixels instead)")
        }
        for entry in backlights {
            let name = entry.path.split(separator: "/").last ?? ""
            lines.append("  \(name) at \(entry.path)")
            switch entry.level {
            case .success(let level):
                let access =
                    entry.isWritable
                    ? "writable"
                    : "not writable: install the udev rule \(Backlight.udevRule)"
                lines.append("    brightness \(level.brightness)/\(level.maximum), \(access)")
            case .failure(let error):
                lines.append("    \(error)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
