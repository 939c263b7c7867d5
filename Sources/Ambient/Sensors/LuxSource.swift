import FoundationEssentials
import SystemSupport

/// Where the lux readings come from, as configured: an IIO sensor, a file or a command.
///
/// A source is resolved into a ``LightSensor`` when readings start, and again after a failed
/// reading, so a sensor whose driver loads late, or that comes back under another
/// `iio:deviceN` number, is picked up without a restart.
///
/// ```swift
/// let source = LuxSource.iio(name: "bh1750")
/// let lux = try source.resolve(sysfsRoot: "/sys").readLux()
/// ```
public enum LuxSource: Sendable, Equatable, CustomStringConvertible {
    /// The IIO light sensor with this driver name; nil takes the first one found.
    case iio(name: String?)
    /// The IIO light sensor at this directory (`iio:deviceN`, or a parent with one such child).
    case iioDevice(path: String)
    /// A file whose first word is the lux value.
    case file(path: String)
    /// A command (argument vector, no shell) that prints the lux value within `timeout` seconds.
    case command(arguments: [String], timeout: Double)

    /// The illuminances a reading may have: 0 to 1,000,000 lux.
    ///
    /// Direct sunlight is about 120,000 lux. A sensor reporting more is refused, so that no
    /// value from outside overflows the arithmetic that shows it.
    public static let readings = 0.0...1_000_000

    /// The sensor this source names right now.
    ///
    /// - Throws: ``LightSensorError`` when an IIO sensor is not (yet) present.
    public func resolve(sysfsRoot: String = "/sys") throws(LightSensorError) -> any LightSensor {
        switch self {
        case .iio(let name): try IIOLightSensor.find(named: name, sysfsRoot: sysfsRoot)
        case .iioDevice(let path): try IIOLightSensor(path: path)
        case .file(let path): FileLightSensor(path: path)
        case .command(let arguments, let timeout):
            CommandLightSensor(arguments: arguments, timeout: timeout)
        }
    }

    /// A phrase such as `IIO sensor 'bh1750'` or `file /run/lux`.
    public var description: String {
        switch self {
        case .iio(let name): name.map { "IIO sensor '\($0)'" } ?? "the first IIO light sensor"
        case .iioDevice(let path): "IIO sensor at \(path)"
        case .file(let path): "file \(path)"
        case .command(let arguments, _): CommandLightSensor(arguments: arguments).description
        }
    }

    /// A short name for people, as the `light` widget shows it: `bh1750`, `iio:device0`,
    /// `file lux`, `command read-lux`; `IIO sensor` for the first one found.
    public var shortName: String {
        switch self {
        case .iio(let name): name ?? "IIO sensor"
        case .iioDevice(let path): Paths.name(of: path)
        case .file(let path): "file \(Paths.name(of: path))"
        case .command(let arguments, _):
            "command \(Paths.name(of: arguments.first ?? ""))"
        }
    }
}
