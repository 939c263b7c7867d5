import FoundationEssentials
import SystemSupport

/// An ambient-light sensor driven by a Linux IIO driver, read through sysfs.
///
/// Found by its driver `name` (`bh1750`, `tsl2561`, `veml7700`, `tsl2591`, `apds9960`) or by
/// an explicit directory: the `iio:deviceN` number is handed out at probe time and changes
/// between boots, so configurations name the sensor, never the number.
///
/// ```swift
/// let sensor = try IIOLightSensor.find(named: "bh1750")
/// print(sensor.method)        // in_illuminance_raw × in_illuminance_scale
/// let lux = try sensor.readLux()
/// ```
///
/// Everything is read under a sysfs root (default `/sys`), so tests and `--sysfs-root` can use a
/// fake tree.
public struct IIOLightSensor: LightSensor, Equatable {
    /// The driver's device name from the `name` attribute (`bh1750`); empty when it has none.
    public let name: String
    /// The device directory, such as `/sys/bus/iio/devices/iio:device0`.
    public let path: String
    /// Which attributes give the illuminance.
    public let method: IIOReadMethod

    /// Every IIO device under `sysfsRoot` with a light channel, by device number.
    public static func discover(sysfsRoot: String = "/sys") -> [IIOLightSensor] {
        let devices = sysfsRoot + "/bus/iio/devices"
        return SysfsFile.entries(of: devices)
            .compactMap { entry -> (Int, String)? in
                guard entry.hasPrefix("iio:device"), let n = Int(entry.dropFirst(10)) else {
                    return nil
                }
                return (n, entry)
            }
            .sorted { $0.0 < $1.0 }
            .compactMap { try? IIOLightSensor(device: devices + "/" + $0.1) }
    }

    /// The sensor whose driver name is `name` (case-insensitive), or the first one when `name`
    /// is nil.
    ///
    /// - Throws: `LightSensorError.notFound`, listing the light sensors that do exist.
    public static func find(named name: String?, sysfsRoot: String = "/sys")
        throws(LightSensorError) -> IIOLightSensor
    {
        let all = discover(sysfsRoot: sysfsRoot)
        let match = all.first { sensor in
            name.map { sensor.name.lowercased() == $0.lowercased() } ?? true
        }
        guard let match else {
            throw .notFound(name: name, available: all.map(\.shortDescription))
        }
        return match
    }

    /// The sensor at an explicit directory: an `iio:deviceN` directory, or a parent with exactly
    /// one such child (a stable path like `/sys/bus/i2c/devices/1-0023`).
    ///
    /// - Throws: `unreadable` when `path` does not exist, `notALightSensor` when neither it nor
    ///   a single `iio:device*` child has a light channel.
    public init(path: String) throws(LightSensorError) {
        guard SysfsFile.exists(path) else {
            throw .unreadable(path: path, reason: "No such file or directory")
        }
        if let sensor = try? IIOLightSensor(device: path) {
            self = sensor
            return
        }
        let children = SysfsFile.entries(of: path).filter { $0.hasPrefix("iio:device") }
        guard children.count == 1,
            let sensor = try? IIOLightSensor(device: path + "/" + children[0])
        else { throw .notALightSensor(path: path) }
        self = sensor
    }

    /// The device at `device` if its directory holds a light channel.
    private init(device: String) throws(LightSensorError) {
        guard let method = IIOReadMethod.choose(among: Set(SysfsFile.entries(of: device))) else {
            throw .notALightSensor(path: device)
        }
        let name = (try? SysfsFile.read(device + "/name").get()) ?? ""
        self.name = name.trimmingWhitespace()
        self.path = device
        self.method = method
    }

    /// Reads the attributes of ``method`` and combines them: `(raw + offset) × scale`.
    public func readLux() throws(LightSensorError) -> Double {
        switch method {
        case .processed(let input):
            return try LuxText.lux(try value(input), source: "\(path)/\(input)")
        case .raw(let raw, let scale, let offset):
            let rawValue = try value(raw)
            var offsetValue = 0.0
            var scaleValue = 1.0
            if let offset { offsetValue = try value(offset) }
            if let scale { scaleValue = try value(scale) }
            return try LuxText.lux((rawValue + offsetValue) * scaleValue, source: "\(path)/\(raw)")
        }
    }

    /// The number in attribute `attribute`.
    private func value(_ attribute: String) throws(LightSensorError) -> Double {
        let file = path + "/" + attribute
        switch SysfsFile.read(file) {
        case .success(let text): return try LuxText.number(text, source: file)
        case .failure(let failure): throw failure.sensorError
        }
    }

    /// `bh1750 (iio:device0)`.
    var shortDescription: String {
        "\(name.isEmpty ? "unnamed" : name) (\(path.split(separator: "/").last ?? ""))"
    }

    /// `bh1750 at /sys/bus/iio/devices/iio:device0`.
    public var description: String {
        "\(name.isEmpty ? "unnamed IIO device" : name) at \(path)"
    }
}

extension SysfsFailure {
    /// The light-sensor error for this failure: permission denied, or unreadable with a reason.
    var sensorError: LightSensorError {
        isPermission ? .permissionDenied(path: path) : .unreadable(path: path, reason: reason)
    }
}
