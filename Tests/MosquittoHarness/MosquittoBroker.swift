import FoundationEssentials
import Glibc
import Synchronization

/// The brokers this process started and has not stopped, killed when it exits: a daemon
/// outlives the process that started it otherwise (a test that keeps its broker to the end).
private let running = Mutex<Set<pid_t>>([])
private let cleanup: Void = {
    atexit {
        for pid in running.withLock({ $0 }) { kill(pid, SIGKILL) }
    }
}()

/// A real Mosquitto broker on loopback for tests and the soak: its own configuration, port,
/// log and folder.
///
/// It runs as a daemon (`mosquitto -c FILE -d`, with a pid file): not a child of the process
/// that started it, it holds none of its descriptors (the soak counts them) and outlives no
/// test, since ``stop()`` (or the last reference going) ends it. Mosquitto comes from Debian's
/// `mosquitto` package and the peers are its own clients (`mosquitto-clients`); where they are
/// missing the broker fails with the hint `run scripts/deps --test`.
///
/// The same file is the target `MosquittoHarness` of the package (for NetworkTests) and, by a
/// symbolic link, of the soak's package (Tests/Soak).
public final class MosquittoBroker: @unchecked Sendable {
    /// The port it listens on, on 127.0.0.1.
    public let port: Int
    /// Its folder: configuration, pid file, log, and whatever a test puts there.
    public let directory: String
    /// The login of the peer clients (`["-u", USER, "-P", PASSWORD]`) on a broker that wants
    /// one.
    public var peerLogin: [String] = []
    /// Whether it was started and not stopped since.
    public private(set) var isUp = false
    private let ownsDirectory: Bool
    /// The daemon's process id while it runs.
    private var pid: pid_t?

    /// Starts a broker with more configuration lines `settings` (logins, TLS, ACLs, bridges).
    ///
    /// In `directory` when given (made owner-only if missing, kept), else in a new
    /// temporary folder removed when the broker goes.
    public init(settings: [String] = ["allow_anonymous true"], directory: String? = nil) throws {
        ownsDirectory = directory == nil
        let folder = directory ?? "/tmp/nightstand-broker-\(UUID().uuidString)"
        // Owner-only: it holds password files, and a display's control socket (which refuses
        // a directory others can reach).
        guard mkdir(folder, 0o700) == 0 || errno == EEXIST else {
            throw MosquittoError("cannot make \(folder): \(String(cString: strerror(errno)))")
        }
        self.directory = folder
        port = try Self.freePort()
        var lines = [
            "listener \(port) 127.0.0.1", "persistence false", "pid_file \(folder)/mosquitto.pid",
            "log_dest file \(folder)/mosquitto.log",
        ]
        if getuid() == 0 { lines.append("user root") }  // no switch to the mosquitto user
        lines += settings
        try Self.write(lines.joined(separator: "\n") + "\n", to: configuration)
        try start()
    }

    deinit {
        stop()
        if ownsDirectory { _ = Self.run(["/bin/rm", "-rf", directory]) }
    }

    /// The broker's URL for `[mqtt] url`.
    public var url: String { "mqtt://127.0.0.1:\(port)" }

    private var configuration: String { directory + "/mosquitto.conf" }
    private var pidFile: String { directory + "/mosquitto.pid" }

    /// Starts the broker and waits (at most 10 s) until it accepts connections.
    public func start() throws {
        guard let mosquitto = Self.executable("mosquitto") else {
            throw MosquittoError("no mosquitto on this machine: run scripts/deps --test")
        }
        let started = Self.run([mosquitto, "-c", configuration, "-d"])
        guard started.status == 0 else {
            throw MosquittoError("mosquitto -c \(configuration) -d failed: \(started.errors)")
        }
        let deadline = ContinuousClock.now + .seconds(10)
        while !Self.accepts(port: port) || pid == nil {
            guard ContinuousClock.now < deadline else {
                throw MosquittoError("mosquitto -c \(configuration) did not start listening")
            }
            pid = ((try? Self.read(pidFile)) ?? "").split(separator: "\n").first.flatMap {
                pid_t($0)
            }
            usleep(10_000)
        }
        _ = cleanup
        if let pid { running.withLock { _ = $0.insert(pid) } }
        isUp = true
    }

    /// Stops the broker and waits until it has gone: SIGTERM, and SIGKILL if it is still
    /// there after 3 s (a Mosquitto started with SIGTERM blocked never handles it).
    public func stop() {
        isUp = false
        guard let pid else { return }
        self.pid = nil
        kill(pid, SIGTERM)
        let deadline = ContinuousClock.now + .seconds(3)
        while kill(pid, 0) == 0 && Self.isRunning(pid) {
            if ContinuousClock.now > deadline {
                kill(pid, SIGKILL)
                unlink(pidFile)
            }
            usleep(10_000)
        }
        running.withLock { _ = $0.remove(pid) }
        while Self.accepts(port: port), ContinuousClock.now < deadline + .seconds(3) {
            usleep(10_000)
        }
    }

    /// Whether process `pid` runs (a zombie waiting for its parent does not).
    private static func isRunning(_ pid: pid_t) -> Bool {
        // Unreadable (no descriptor left): running, as far as anyone can tell.
        guard let stat = try? read("/proc/\(pid)/stat") else { return true }
        guard let close = stat.lastIndex(of: ")") else { return true }
        let state = stat[close...].dropFirst(2).first
        return state != nil && state != "Z" && state != "X"
    }

    /// The broker's log so far.
    public func log() -> String { (try? Self.read(directory + "/mosquitto.log")) ?? "" }

    // MARK: Peers

    /// Publishes a message at QoS 1 as another client would.
    public func publish(_ topic: String, _ message: String, retain: Bool = false) throws {
        var arguments = ["-h", "127.0.0.1", "-p", "\(port)", "-t", topic, "-m", message, "-q", "1"]
        if retain { arguments.append("-r") }
        let result = try Self.run("mosquitto_pub", arguments + peerLogin)
        guard result.status == 0 else {
            throw MosquittoError("mosquitto_pub failed: \(result.errors)")
        }
    }

    /// The retained messages under `filter` (such as `nightstand/#`), topic to payload, as a
    /// client subscribing now gets them.
    public func retained(_ filter: String) throws -> [String: String] {
        var messages: [String: String] = [:]
        for line in try subscribe(filter, extra: ["--retained-only", "-W", "2"]) {
            let parts = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
            messages[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        return messages
    }

    /// Collects messages under `filter` (`topic payload` lines) until `count` arrived or
    /// `seconds` passed.
    public func collect(_ filter: String, count: Int, seconds: Int) throws -> [String] {
        try subscribe(filter, extra: ["-C", "\(count)", "-W", "\(seconds)"])
    }

    private func subscribe(_ filter: String, extra: [String]) throws -> [String] {
        let result = try Self.run(
            "mosquitto_sub",
            ["-h", "127.0.0.1", "-p", "\(port)", "-t", filter, "-v"] + extra + peerLogin)
        // -W ends with status 27 (timed out), which is how --retained-only ends too.
        return result.output.split(separator: "\n").map(String.init)
    }

    // MARK: Helpers

    /// A port nothing listens on now, from the kernel.
    public static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        return try bindLoopback(fd)
    }

    /// Binds the socket `fd` to a port of the kernel's choice on 127.0.0.1; the port.
    public static func bindLoopback(_ fd: Int32) throws -> Int {
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else {
            throw MosquittoError("no free port: \(String(cString: strerror(errno)))")
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether something accepts TCP connections on 127.0.0.1:`port`.
    public static func accepts(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    /// The program `name` (a path, or looked up in the system's folders).
    public static func executable(_ name: String) -> String? {
        let candidates =
            name.hasPrefix("/")
            ? [name]
            : ["/usr/sbin", "/usr/bin", "/usr/local/sbin", "/usr/local/bin"].map { "\($0)/\(name)" }
        return candidates.first { access($0, X_OK) == 0 }
    }

    /// Runs the program `name` to its end (killed after 60 s): its status, standard output and
    /// standard error.
    public static func run(_ name: String, _ arguments: [String]) throws -> (
        status: Int32, output: String, errors: String
    ) {
        guard let path = executable(name) else {
            throw MosquittoError("no \(name) on this machine: run scripts/deps --test")
        }
        return run([path] + arguments)
    }
}

/// A broker that could not be set up, or a peer that failed.
public struct MosquittoError: Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String

    /// An error saying `description`.
    public init(_ description: String) {
        self.description = description
    }
}
