import Ambient
import ArgumentParser
import SystemSupport

/// `nightstand sensors`: the light sensors and backlights the ambient input can use.
///
/// Lists each IIO light sensor (driver name, sysfs path, how it is read, one reading in lux or
/// the error) and each backlight (brightness/maximum, whether this user may write it), so the
/// board config can name them.
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
struct SensorsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sensors",
        abstract: "List light sensors (IIO) with a reading, and backlights."
    )

    @Option(help: .hidden)
    var sysfsRoot: String = "/sys"

    func run() throws {
        printForTerminal(AmbientHardwareReport.scan(sysfsRoot: sysfsRoot).description)
    }
}
