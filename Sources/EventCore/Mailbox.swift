import CSystemSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Messages for a run loop, posted from any thread and taken on the loop's.
///
/// Posting appends the message and, when the box was empty, adds one to an `eventfd` the loop
/// watches (``EventLoop/receive(from:_:)``), so a message wakes a sleeping loop at once and a
/// burst of messages costs one wake-up.
///
/// ```swift
/// let inbox = try Mailbox<Command>()
/// Thread { inbox.post(.reload) }             // any thread
/// let watch = loop.receive(from: inbox) { commands in commands.forEach(apply) }
/// ```
public final class Mailbox<Message: Sendable>: Sendable {
    private let queue = Mutex<[Message]>([])
    /// The eventfd the loop watches.
    let fileDescriptor: Int32

    /// An empty mailbox; throws when the system has no descriptor left.
    public init() throws(EventCoreError) {
        let fd = nightstand_eventfd()
        guard fd >= 0 else { throw .system(call: "eventfd", errno: errno) }
        fileDescriptor = fd
    }

    deinit {
        close(fileDescriptor)
    }

    /// Adds `message` and wakes the loop; from any thread, never blocking.
    public func post(_ message: Message) {
        let wasEmpty = queue.withLock { queue in
            queue.append(message)
            return queue.count == 1
        }
        if wasEmpty { _ = nightstand_eventfd_signal(fileDescriptor) }
    }

    /// Whether messages wait (for tests and for a loop deciding whether to sleep).
    public var isEmpty: Bool { queue.withLock { $0.isEmpty } }

    /// Every message posted so far, oldest first, leaving the box empty.
    public func take() -> [Message] {
        _ = nightstand_eventfd_drain(fileDescriptor)
        return queue.withLock { queue in
            defer { queue = [] }
            return queue
        }
    }
}

/// A system call the event core needed failed.
public enum EventCoreError: Error, Equatable, CustomStringConvertible {
    /// `call` failed with `errno`.
    case system(call: String, errno: Int32)

    /// `eventfd failed: Too many open files (errno 24)`.
    public var description: String {
        switch self {
        case .system(let call, let code):
            "\(call) failed: \(String(cString: strerror(code))) (errno \(code))"
        }
    }
}
