import EventCore
import FoundationEssentials

/// Light sensors that appear after the display started: the kernel's device events of the
/// `iio` subsystem, so an IIO sensor that was not there (its driver loads late, a sensor on a
/// cable plugged in) is used the moment it binds, and the host does not look for it every
/// 30 s meanwhile.
///
/// It runs only where the configured sensor is an IIO device (`[ambient] sensor`, `auto` by
/// default); for a file or a command sensor it does nothing. Where the system refuses a
/// netlink socket it does not start, and the host looks for the sensor every 30 s as before.
///
/// ```swift
/// host.add(SensorHotplug())
/// ```
public final class SensorHotplug: EventSource {
    private let makeMonitor: () throws -> UeventMonitor
    private var monitor: UeventMonitor?
    private var watch: FileWatch?
    private weak var host: StandbyHost?

    /// Listens to the kernel.
    public convenience init() {
        self.init { try UeventMonitor(subsystems: ["iio"]) }
    }

    /// Listens to the monitor `make` opens (tests: one on a socket pair).
    init(monitor make: @escaping () throws -> UeventMonitor) {
        makeMonitor = make
    }

    /// Opens the monitor and watches it, when the host's sensor is an IIO device.
    public func start(_ context: SourceContext) throws {
        let host = context.host
        guard host.ambient.waitsForDevices else { return }
        let monitor = try makeMonitor()
        self.monitor = monitor
        self.host = host
        host.ambient.watchDevices(true)
        watch = context.watch(monitor.fileDescriptor) { [unowned self, unowned host] _ in
            guard let events = self.monitor?.receive(), !events.isEmpty else { return }
            let names = events.map {
                "\($0.action) \($0.devicePath.split(separator: "/").last ?? "")"
            }
            host.log.info(
                "light sensor devices changed (\(names.joined(separator: ", "))); looking for the sensor"
            )
            host.ambient.devicesChanged()
        }
    }

    /// Stops watching; the host looks for a missing sensor every 30 s again.
    public func stop() {
        watch?.cancel()
        watch = nil
        monitor = nil
        host?.ambient.watchDevices(false)
        host = nil
    }
}
