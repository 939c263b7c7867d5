import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Speaks systemd's notify protocol (`sd_notify(3)`) without libsystemd: one datagram per
/// message to the socket in `$NOTIFY_SOCKET`.
///
/// The host sends `READY=1` after the first frame, `WATCHDOG=1` at half the service's
/// `WatchdogSec` (from `$WATCHDOG_USEC`), and `STOPPING=1` on shutdown. Outside systemd (no
/// `$NOTIFY_SOCKET`) it does nothing.
public final class SystemdNotifier {
    private let socketPath: String?
    /// How often to send `WATCHDOG=1`, or `nil` when no watchdog is set.
    public let watchdogInterval: TimeInterval?

    /// Reads `$NOTIFY_SOCKET` and `$WATCHDOG_USEC` (and `$WATCHDOG_PID`, which must be ours).
    public convenience init() {
        self.init(environment: ProcessInfo.processInfo.environment)
    }

    /// Reads the protocol's variables from `environment`.
    public init(environment: [String: String]) {
        socketPath = environment["NOTIFY_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
        var interval: TimeInterval?
        if let usec = environment["WATCHDOG_USEC"].flatMap(Double.init), usec > 0 {
            let forUs = environment["WATCHDOG_PID"].flatMap(Int32.init).map { $0 == getpid() }
            if forUs ?? true { interval = usec / 1_000_000 / 2 }
        }
        watchdogInterval = socketPath == nil ? nil : interval
    }

    /// Whether a service manager listens.
    public var isActive: Bool { socketPath != nil }

    /// Sends one message such as `READY=1`; failures are ignored, as `sd_notify` callers do.
    public func notify(_ message: String) {
        guard let path = socketPath else { return }
        // An abstract socket is written with a leading "@" and addressed with a leading NUL.
        let bytes: [UInt8] =
            path.hasPrefix("@") ? [0] + Array(path.utf8.dropFirst()) : Array(path.utf8)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count)
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return }
        defer { close(fd) }
        _ = message.withCString { text in
            withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(fd, text, strlen(text), Int32(MSG_NOSIGNAL), $0, length)
                }
            }
        }
    }
}
