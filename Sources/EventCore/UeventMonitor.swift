import CSystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The kernel's device events of some subsystems: light sensors (`iio`) and input devices
/// (`input`) that appear after the program started, noticed the moment they do.
///
/// It listens on a netlink socket (`NETLINK_KOBJECT_UEVENT`, the kernel's own broadcast,
/// which needs no privilege) and keeps the events of ``subsystems``; messages not sent by the
/// kernel are dropped. It never blocks: a loop watches its descriptor and reads what is there.
///
/// ```swift
/// let sensors = try UeventMonitor(subsystems: ["iio"])
/// let watch = sensors.watch(on: loop) { event in
///     if event.action == "add" { lookForTheSensorAgain() }
/// }
/// ```
public final class UeventMonitor {
    /// The subsystems whose events are kept.
    public let subsystems: Set<String>
    /// The socket, for a loop to watch.
    public let fileDescriptor: Int32

    /// The most events read in one go: a burst beyond it is read on the next wake-up, so one
    /// handler call stays short.
    public static let batchLimit = 64

    /// Opens the socket for `subsystems`.
    ///
    /// Throws when the system refuses a netlink socket (a sandbox without `AF_NETLINK`).
    public convenience init(subsystems: Set<String>) throws(EventCoreError) {
        // Room for a burst of events (a board's devices at start) while the loop is busy.
        let fd = nightstand_uevent_socket(256 * 1024)
        guard fd >= 0 else { throw .system(call: "socket(AF_NETLINK)", errno: errno) }
        self.init(descriptor: fd, subsystems: subsystems)
    }

    /// A monitor reading datagrams from `descriptor`, which it owns and which must be
    /// non-blocking: tests hand it one end of a socket pair and write kernel-format messages
    /// to the other.
    public init(descriptor: Int32, subsystems: Set<String>) {
        fileDescriptor = descriptor
        self.subsystems = subsystems
    }

    deinit {
        close(fileDescriptor)
    }

    /// The events of ``subsystems`` waiting now, at most ``batchLimit``, oldest first.
    public func receive() -> [Uevent] {
        var events: [Uevent] = []
        // A uevent is at most a page of text (the kernel's UEVENT_BUFFER_SIZE is 2048).
        var buffer = [UInt8](repeating: 0, count: 8192)
        for _ in 0..<Self.batchLimit {
            let length = buffer.withUnsafeMutableBytes {
                nightstand_uevent_receive(fileDescriptor, $0.baseAddress, UInt($0.count))
            }
            if length < 0 {
                if errno == EINTR { continue }
                break  // EAGAIN: nothing more (ENOBUFS: some were lost; the next read goes on)
            }
            guard length > 0, let event = Uevent(message: buffer[..<Int(length)]),
                subsystems.contains(event.subsystem)
            else { continue }
            events.append(event)
        }
        return events
    }

    /// Watches the socket on `loop`: `handler` runs on the loop's thread for each event of
    /// ``subsystems``.
    public func watch(on loop: EventLoop, _ handler: @escaping (Uevent) -> Void) -> FileWatch {
        loop.watch(fileDescriptor) { [unowned self] in
            for event in receive() { handler(event) }
        }
    }
}
