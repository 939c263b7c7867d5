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
/// A message from outside the process (a network command) is posted with a key
/// (``post(_:coalescing:)``): it replaces a message with the same key that still waits, so
/// however fast a sender repeats itself, at most one message per key waits for the loop, and
/// the loop acts on the latest. ``coalesced`` counts the messages replaced.
///
/// ```swift
/// let inbox = try Mailbox<Command>()
/// Thread { inbox.post(.reload) }             // any thread
/// Thread { inbox.post(.mode(mode), coalescing: "network mode") }
/// let watch = loop.receive(from: inbox) { commands in commands.forEach(apply) }
/// ```
public final class Mailbox<Message: Sendable>: Sendable {
    private let queue = Mutex(Queue())
    /// The eventfd the loop watches.
    let fileDescriptor: Int32

    /// An empty mailbox; throws when the system has no descriptor left.
    public init() throws(EventCoreError) {
        let fd = nightstand_eventfd()
        guard fd >= 0 else { throw .system(call: "eventfd", errno: errno) }
        fileDescriptor = fd
    }

    /// The messages waiting, and where the keyed ones are.
    private struct Queue {
        var messages: [Message] = []
        var keyed: [String: Int] = [:]
        var coalesced = 0
    }

    deinit {
        close(fileDescriptor)
    }

    /// Adds `message` and wakes the loop; from any thread, never blocking.
    ///
    /// For the process's own messages, which their senders bound (a provider's answer, a
    /// signal); a message from outside goes through ``post(_:coalescing:)``.
    public func post(_ message: Message) {
        let wasEmpty = queue.withLock { queue in
            queue.messages.append(message)
            return queue.messages.count == 1
        }
        if wasEmpty { _ = nightstand_eventfd_signal(fileDescriptor) }
    }

    /// Adds `message`, or puts it in the place of the waiting one posted with the same `key`.
    ///
    /// From any thread, never blocking. Returns false when it replaced one (counted in
    /// ``coalesced``).
    @discardableResult
    public func post(_ message: Message, coalescing key: String) -> Bool {
        let (added, wasEmpty) = queue.withLock { queue in
            if let index = queue.keyed[key] {
                queue.messages[index] = message
                queue.coalesced += 1
                return (false, false)
            }
            queue.keyed[key] = queue.messages.count
            queue.messages.append(message)
            return (true, queue.messages.count == 1)
        }
        if wasEmpty { _ = nightstand_eventfd_signal(fileDescriptor) }
        return added
    }

    /// Whether messages wait (for tests and for a loop deciding whether to sleep).
    public var isEmpty: Bool { queue.withLock { $0.messages.isEmpty } }

    /// How many keyed messages were replaced by later ones before the loop took them.
    public var coalesced: Int { queue.withLock { $0.coalesced } }

    /// Every message posted so far, oldest first, leaving the box empty.
    public func take() -> [Message] {
        _ = nightstand_eventfd_drain(fileDescriptor)
        return queue.withLock { queue in
            defer {
                queue.messages = []
                queue.keyed = [:]
            }
            return queue.messages
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
