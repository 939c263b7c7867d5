import FoundationEssentials

/// One reading of the board: temperature, load, memory, uptime, host name and address.
///
/// Each value is nil when it could not be read; ``problems`` then says which file and what
/// was expected.
package struct SystemReadout: Equatable, Sendable {
    /// A thermal zone's temperature.
    package struct Temperature: Equatable, Sendable {
        /// Degrees Celsius.
        package var celsius: Double
        /// The zone's `type`, such as `cpu-thermal` or `x86_pkg_temp`.
        package var sensor: String

        /// The temperature `celsius` of the zone `sensor`.
        package init(celsius: Double, sensor: String) {
            self.celsius = celsius
            self.sensor = sensor
        }
    }

    /// Memory use, from `/proc/meminfo`.
    package struct Memory: Equatable, Sendable {
        /// `MemTotal`, in bytes.
        package var total: Double
        /// `MemAvailable`, in bytes.
        package var available: Double

        /// Memory of `total` bytes, `available` of them available.
        package init(total: Double, available: Double) {
            self.total = total
            self.available = available
        }

        /// The fraction in use, 0…1.
        package var usedFraction: Double { total > 0 ? min(max(1 - available / total, 0), 1) : 0 }
    }

    package var hostname: String?
    package var temperature: Temperature?
    /// The 1, 5 and 15 minute load averages.
    package var load: [Double]?
    package var memory: Memory?
    /// Seconds since boot.
    package var uptime: TimeInterval?
    /// The first non-loopback IPv4 address, such as `192.168.1.23`.
    package var address: String?
    /// What could not be read, each naming the file and what was expected.
    package var problems: [String] = []

    /// An empty readout.
    package init() {}
}

/// Reads a ``SystemReadout`` from `/proc`, `/sys` and the network interfaces.
///
/// Every path is under ``root`` (`/` on the board; a fake tree in tests), and the interfaces
/// come from ``interfaces`` (`getifaddrs(3)` on the board).
package struct SystemReader: Sendable {
    /// The directory `/proc` and `/sys` are read under.
    package var root: String
    /// The thermal zone to read, by its `type` (`cpu-thermal`) or directory name
    /// (`thermal_zone2`); nil picks the first whose type names the CPU or SoC, else the first.
    package var sensor: String?
    /// The network interfaces' IPv4 addresses.
    package var interfaces: @Sendable () -> [NetworkInterface]

    package init(
        root: String = "/", sensor: String? = nil,
        interfaces: @escaping @Sendable () -> [NetworkInterface] = NetworkInterface.all
    ) {
        self.root = root
        self.sensor = sensor
        self.interfaces = interfaces
    }

    /// Reads everything now.
    package func read() -> SystemReadout {
        var readout = SystemReadout()
        func attempt<T>(_ read: () throws(SystemReadError) -> T) -> T? {
            do {
                return try read()
            } catch {
                readout.problems.append(error.description)
                return nil
            }
        }
        readout.hostname = attempt(hostname)
        readout.temperature = attempt(temperature)
        readout.load = attempt(load)
        readout.memory = attempt(memory)
        readout.uptime = attempt(uptime)
        readout.address = attempt(address)
        return readout
    }

    private func path(_ relative: String) -> String {
        Paths.join(root, relative)
    }

    /// A file's text, trimmed: a regular file of at most 64 KiB (`/proc/meminfo` is a few),
    /// read without blocking (``SystemSupport/BoundedFile``).
    private func text(_ relative: String) throws(SystemReadError) -> String {
        let file = path(relative)
        switch BoundedFile.read(file, limit: 64 << 10) {
        case .success(let bytes): return String(decoding: bytes, as: UTF8.self).trimmingWhitespace()
        case .failure(let error):
            throw SystemReadError(
                path: file,
                problem: error.isMissing ? "no such file" : "unreadable (\(error.reason))")
        }
    }

    /// `/proc/sys/kernel/hostname`.
    private func hostname() throws(SystemReadError) -> String {
        let name = try text("proc/sys/kernel/hostname")
        guard !name.isEmpty else {
            throw SystemReadError(path: path("proc/sys/kernel/hostname"), problem: "empty")
        }
        return name
    }

    /// The chosen thermal zone's `temp`, in millidegrees Celsius (Linux sysfs thermal ABI).
    private func temperature() throws(SystemReadError) -> SystemReadout.Temperature {
        let directory = path("sys/class/thermal")
        let zones = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasPrefix("thermal_zone") }
            .sorted { (Int($0.dropFirst(12)) ?? .max) < (Int($1.dropFirst(12)) ?? .max) }
        let types = zones.map { (try? text("sys/class/thermal/\($0)/type")) ?? "" }
        let chosen: Int?
        if let sensor {
            chosen = zones.indices.first { zones[$0] == sensor || types[$0] == sensor }
            guard chosen != nil else {
                let known = zip(zones, types).map { "\($0) (\($1))" }.joined(separator: ", ")
                throw SystemReadError(
                    path: directory,
                    problem: "no thermal zone \"\(sensor)\"; expected one of: "
                        + (known.isEmpty ? "none found" : known))
            }
        } else {
            let cpu = ["cpu", "soc", "x86_pkg_temp", "package"]
            chosen =
                types.firstIndex { type in cpu.contains { type.lowercased().contains($0) } }
                ?? zones.indices.first
        }
        guard let chosen else {
            throw SystemReadError(path: directory, problem: "no thermal_zone* directories")
        }
        let file = "sys/class/thermal/\(zones[chosen])/temp"
        let reading = try text(file)
        guard let millidegrees = Double(reading), (-273_150...300_000).contains(millidegrees)
        else {
            throw SystemReadError(
                path: path(file),
                problem: "expected millidegrees Celsius such as 48312, found \"\(reading)\"")
        }
        return SystemReadout.Temperature(celsius: millidegrees / 1000, sensor: types[chosen])
    }

    /// `/proc/loadavg`: "0.42 0.35 0.30 1/123 4567".
    private func load() throws(SystemReadError) -> [Double] {
        let reading = try text("proc/loadavg")
        let values = reading.split(separator: " ").prefix(3).compactMap { Double($0) }
        guard values.count == 3, values.allSatisfy({ $0 >= 0 }) else {
            throw SystemReadError(
                path: path("proc/loadavg"),
                problem: "expected three load averages such as \"0.42 0.35 0.30 …\", "
                    + "found \"\(reading)\"")
        }
        return values
    }

    /// `MemTotal` and `MemAvailable` of `/proc/meminfo`, in kB.
    private func memory() throws(SystemReadError) -> SystemReadout.Memory {
        let reading = try text("proc/meminfo")
        var fields: [String: Double] = [:]
        for line in reading.split(separator: "\n") {
            let parts = line.split(whereSeparator: { $0 == ":" || $0 == " " })
            if parts.count >= 2, let kilobytes = Double(parts[1]) {
                fields[String(parts[0])] = kilobytes * 1024
            }
        }
        guard let total = fields["MemTotal"], total > 0, let available = fields["MemAvailable"]
        else {
            throw SystemReadError(
                path: path("proc/meminfo"),
                problem: "expected the lines \"MemTotal: … kB\" and \"MemAvailable: … kB\"")
        }
        return SystemReadout.Memory(total: total, available: available)
    }

    /// The first number of `/proc/uptime`: seconds since boot.
    private func uptime() throws(SystemReadError) -> TimeInterval {
        let reading = try text("proc/uptime")
        guard let first = reading.split(separator: " ").first, let seconds = Double(first),
            seconds >= 0
        else {
            throw SystemReadError(
                path: path("proc/uptime"),
                problem: "expected seconds since boot such as \"12345.67 …\", found \"\(reading)\"")
        }
        return seconds
    }

    /// The first interface's address that is up and not a loopback.
    private func address() throws(SystemReadError) -> String {
        guard let interface = interfaces().first(where: { $0.isUp && !$0.isLoopback }) else {
            throw SystemReadError(
                path: "getifaddrs", problem: "no network interface is up with an IPv4 address")
        }
        return interface.address
    }
}

/// A reading that failed: the file and what was expected.
package struct SystemReadError: Error, Equatable, CustomStringConvertible {
    package let path: String
    package let problem: String

    package var description: String { "\(path): \(problem)" }
}
