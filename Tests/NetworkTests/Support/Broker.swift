import Foundation
import SystemSupport
import Testing

/// A real Mosquitto broker on loopback, for one test: its own configuration, port and
/// directory, stopped when the test releases it.
///
/// Mosquitto comes from Debian's `mosquitto` package (`scripts/deps --test` installs it); the
/// test fails with that hint where it is missing. Peers are Mosquitto's own command-line
/// clients (`mosquitto-clients`), so what the tests check is what another MQTT client, such as
/// Home Assistant's, sees.
final class Broker: @unchecked Sendable {
    /// The port it listens on, on 127.0.0.1.
    let port: Int
    /// Its folder: configuration, password file, certificates.
    let directory: URL
    private let configuration: String
    private var process: Child?

    /// Starts a broker; `settings` are more lines for its listener (TLS, passwords).
    init(settings: [String] = ["allow_anonymous true"], directory: URL? = nil) throws {
        let folder =
            directory
            ?? FileManager.default.temporaryDirectory.appendingPathComponent(
                "nightstand-broker-" + UUID().uuidString)
        // Owner-only: it holds password files, and a display's control socket (which refuses
        // a directory others can reach).
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        self.directory = folder
        port = try Self.freePort()
        var lines = ["listener \(port) 127.0.0.1", "persistence false"]
        if getuid() == 0 { lines.append("user root") }  // no switch to the mosquitto user
        lines += settings
        configuration = folder.appendingPathComponent("mosquitto.conf").path
        try lines.joined(separator: "\n").appending("\n")
            .write(toFile: configuration, atomically: true, encoding: .utf8)
        try start()
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// The broker's URL for `[mqtt] url`.
    var url: String { "mqtt://127.0.0.1:\(port)" }

    /// Starts the broker and waits until it accepts connections.
    func start() throws {
        guard let path = Self.executable("mosquitto") else {
            throw BrokerError("no mosquitto on this machine: run scripts/deps --test")
        }
        let process = try Child([path, "-c", configuration])
        self.process = process
        let deadline = Date().addingTimeInterval(10)
        while !Self.accepts(port: port) {
            guard Date() < deadline, process.isRunning else {
                throw BrokerError("mosquitto -c \(configuration) did not start listening")
            }
            usleep(20_000)
        }
    }

    /// Stops the broker (SIGTERM) and waits for it to exit.
    func stop() {
        guard let process else { return }
        process.kill(SIGTERM)
        process.wait()
        self.process = nil
    }

    // MARK: Peers

    /// Publishes a message as another client would.
    func publish(_ topic: String, _ message: String, retain: Bool = false) throws {
        var arguments = ["-h", "127.0.0.1", "-p", "\(port)", "-t", topic, "-m", message, "-q", "1"]
        if retain { arguments.append("-r") }
        let result = try Self.run("mosquitto_pub", arguments + peerLogin)
        guard result.status == 0 else {
            throw BrokerError("mosquitto_pub failed: \(result.errors)")
        }
    }

    /// The retained messages under `filter` (such as `nightstand/#`), topic to payload, as a
    /// client subscribing now gets them.
    func retained(_ filter: String) throws -> [String: String] {
        let lines = try subscribe(filter, extra: ["--retained-only", "-W", "2"])
        var messages: [String: String] = [:]
        for line in lines {
            let parts = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
            messages[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        return messages
    }

    /// Collects messages under `filter` (`topic payload` lines) until `count` arrived or
    /// `seconds` passed.
    func collect(_ filter: String, count: Int, seconds: Int) throws -> [String] {
        try subscribe(filter, extra: ["-C", "\(count)", "-W", "\(seconds)"])
    }

    /// A subscriber to `filter` running in the background, returned once it is subscribed
    /// (a probe message published under `probe` came through).
    func subscriber(_ filter: String, probe: String) throws -> Subscriber {
        let subscriber = try Subscriber(
            arguments: ["-h", "127.0.0.1", "-p", "\(port)", "-t", filter, "-v"] + peerLogin,
            output: directory.appendingPathComponent("subscriber-\(UUID().uuidString)").path)
        let deadline = Date().addingTimeInterval(10)
        while !subscriber.lines().contains(where: { $0.hasPrefix(probe + " ") }) {
            guard Date() < deadline else { throw BrokerError("the subscriber never got \(probe)") }
            try publish(probe, "probe")
            usleep(100_000)
        }
        return subscriber
    }

    /// The login of the peer clients, on a broker that wants one.
    var peerLogin: [String] = []

    private func subscribe(_ filter: String, extra: [String]) throws -> [String] {
        let result = try Self.run(
            "mosquitto_sub",
            ["-h", "127.0.0.1", "-p", "\(port)", "-t", filter, "-v"] + extra + peerLogin)
        // -W ends with status 27 (timed out), which is how --retained-only ends too.
        return result.output.split(separator: "\n").map(String.init)
    }

    // MARK: Helpers

    /// A port nothing listens on now, from the kernel.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        return try bindLoopback(fd)
    }

    /// Binds the socket `fd` to a port of the kernel's choice on 127.0.0.1; the port.
    static func bindLoopback(_ fd: Int32) throws -> Int {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else { throw BrokerError("no free port: \(String(cString: strerror(errno)))") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether something accepts TCP connections on 127.0.0.1:`port`.
    static func accepts(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    /// The program `name` (a path, or looked up in the system's folders).
    static func executable(_ name: String) -> String? {
        let candidates =
            name.hasPrefix("/")
            ? [name]
            : ["/usr/sbin", "/usr/bin", "/usr/local/sbin", "/usr/local/bin"].map { "\($0)/\(name)" }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs a program to its end (at most 60 s): its status, standard output and standard
    /// error.
    static func run(_ name: String, _ arguments: [String]) throws -> (
        status: Int32, output: String, errors: String
    ) {
        guard let path = executable(name) else {
            throw BrokerError("no \(name) on this machine: run scripts/deps --test")
        }
        switch Program.run([path] + arguments, timeout: 60) {
        case .success(let result):
            let status: Int32
            switch result.ending {
            case .exited(let code): status = code
            case .signalled(let signal): status = 128 + signal
            }
            return (
                status, String(decoding: result.standardOutput, as: UTF8.self),
                String(decoding: result.standardError, as: UTF8.self)
            )
        case .failure(let failure):
            throw BrokerError("\(name) \(failure)")
        }
    }
}

/// A `mosquitto_sub` running in the background, its lines collected in a file.
final class Subscriber: Sendable {
    private let child: Child
    private let output: String

    init(arguments: [String], output: String) throws {
        guard let path = Broker.executable("mosquitto_sub") else {
            throw BrokerError("no mosquitto_sub on this machine: run scripts/deps --test")
        }
        self.output = output
        child = try Child([path] + arguments, output: output)
    }

    deinit {
        child.kill(SIGTERM)
        child.wait()
    }

    /// The complete `topic payload` lines received so far.
    func lines() -> [String] {
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            .map(String.init)
    }
}

/// A broker that could not be set up.
struct BrokerError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
