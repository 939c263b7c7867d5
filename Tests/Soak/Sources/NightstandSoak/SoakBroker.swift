import FoundationEssentials
import Glibc

@testable import SystemSupport

/// The soak's Mosquitto: a broker on a free loopback port that the soak stops and starts
/// again, and a peer publishing on the `mqtt` widget's topic while it is up.
///
/// Started as a daemon (`mosquitto -c FILE -d`), so it is not a child of the soak and holds
/// none of its descriptors; it logs to `mosquitto.log` in its folder, where each connection of
/// the display shows as `New client connected … as nightstand-soak`.
final class SoakBroker {
    /// The topic the soak's `mqtt` widget shows.
    static let topic = "soak/value"
    /// The display's client id, as the broker's log names it.
    static let clientID = "nightstand-soak"

    let port: Int
    let directory: String
    private let mosquitto: String
    private let publisher: String
    private(set) var isUp = false

    /// Writes the broker's configuration in `directory` and starts it; fails with the way to
    /// install Mosquitto where it is missing.
    init(directory: String) throws {
        let programs = ["/usr/sbin/mosquitto", "/usr/bin/mosquitto_pub"]
        guard programs.allSatisfy({ access($0, X_OK) == 0 }) else {
            throw SoakFailure(
                "the soak needs Mosquitto (\(programs.joined(separator: ", "))): "
                    + "run scripts/deps --test")
        }
        (mosquitto, publisher) = (programs[0], programs[1])
        self.directory = directory
        guard mkdir(directory, 0o700) == 0 else { throw SoakFailure("cannot make \(directory)") }
        port = try Self.freePort()
        var lines = [
            "listener \(port) 127.0.0.1", "allow_anonymous true", "persistence false",
            "pid_file \(directory)/mosquitto.pid", "log_dest file \(directory)/mosquitto.log",
        ]
        if getuid() == 0 { lines.append("user root") }  // no switch to the mosquitto user
        try AtomicFile.replace(
            [Array((lines.joined(separator: "\n") + "\n").utf8)],
            at: directory + "/mosquitto.conf")
        try start()
    }

    deinit { stop() }

    /// The broker's URL for `[mqtt] url`.
    var url: String { "mqtt://127.0.0.1:\(port)" }

    /// Starts the broker and waits (at most 10 s) until it accepts connections.
    func start() throws {
        let arguments = [mosquitto, "-c", directory + "/mosquitto.conf", "-d"]
        let result = Program.run(arguments, timeout: 10)
        guard case .success(let output) = result, output.ending == .exited(0) else {
            throw SoakFailure("mosquitto did not start: \(result)")
        }
        let deadline = ContinuousClock.now + .seconds(10)
        while !Self.accepts(port: port) {
            guard ContinuousClock.now < deadline else {
                throw SoakFailure("mosquitto did not listen on port \(port) within 10 s")
            }
            usleep(10_000)
        }
        isUp = true
    }

    /// Stops the broker (SIGTERM) and waits (at most 10 s) until it removed its pid file.
    func stop() {
        isUp = false
        let pidFile = directory + "/mosquitto.pid"
        let text = String(decoding: ProcessSample.procFile(pidFile), as: UTF8.self)
        guard let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            return
        }
        kill(pid, SIGTERM)
        let deadline = ContinuousClock.now + .seconds(10)
        while access(pidFile, F_OK) == 0, ContinuousClock.now < deadline { usleep(10_000) }
    }

    /// Publishes `value` (retained, QoS 1) on the widget's topic as another client would;
    /// whether the broker took it.
    func publish(_ value: String) -> Bool {
        let arguments = [
            publisher, "-h", "127.0.0.1", "-p", "\(port)", "-t", Self.topic, "-m", value, "-r",
            "-q", "1",
        ]
        guard case .success(let output) = Program.run(arguments, timeout: 10) else { return false }
        return output.ending == .exited(0)
    }

    /// How often the broker's log shows the display connecting.
    func connectionsLogged() -> Int {
        let log = String(
            decoding: ProcessSample.procFile(directory + "/mosquitto.log"), as: UTF8.self)
        return log.split(separator: "\n").filter {
            $0.contains("New client connected") && $0.contains(" as \(Self.clientID) ")
        }.count
    }

    /// A port nothing listens on now, from the kernel.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else { throw SoakFailure("no free port: \(String(cString: strerror(errno)))") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether something accepts TCP connections on 127.0.0.1:`port`.
    static func accepts(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}

/// Why the soak could not run.
struct SoakFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
