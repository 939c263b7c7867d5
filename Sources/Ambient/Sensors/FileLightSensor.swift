/// A light reading kept in a file by something else (a daemon, a cron job, an MQTT bridge).
///
/// The file's first word is the lux value: `12.5`, `12.5 lux` and `12.5\n` all read as 12.5.
///
/// ```swift
/// let sensor = FileLightSensor(path: "/run/lux")
/// let lux = try sensor.readLux()
/// ```
public struct FileLightSensor: LightSensor, Equatable {
    /// The file holding the reading.
    public let path: String

    /// A sensor reading `path`.
    public init(path: String) {
        self.path = path
    }

    /// Reads the file and parses its first word as lux (0…1,000,000).
    public func readLux() throws(LightSensorError) -> Double {
        switch SysfsFile.read(path) {
        case .success(let text): return try LuxText.firstLux(in: text, source: path)
        case .failure(let failure): throw failure.sensorError
        }
    }

    /// `file /run/lux`.
    public var description: String { "file \(path)" }
}
