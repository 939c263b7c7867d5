import CSystemSupport
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The one wait of a run loop: the file descriptors it watches and the mailboxes other threads
/// post to, in a single `poll(2)` with a timeout.
///
/// Everything a loop reacts to comes through here: a descriptor that becomes readable (a
/// netlink socket, libinput's fd, a page-flip event), a message posted from any thread
/// (``Mailbox``: a provider's answer, a control request, a network command), or the timeout
/// the loop's owner computes from its own deadlines. Between them the thread sleeps in the
/// kernel; no timer thread, no polling.
///
/// ```swift
/// let loop = EventLoop()
/// let inbox = try Mailbox<String>()
/// let receiving = loop.receive(from: inbox) { messages in print(messages) }
/// let watching = loop.watch(monitor.fileDescriptor) { monitor.read() }
/// inbox.post("hello")           // from any thread
/// loop.wait(timeout: 60)        // runs the handlers of what arrived, or returns after 60 s
/// ```
///
/// A loop belongs to one thread: watching, cancelling and waiting happen there, and so do the
/// handlers. A handler must not block and must read what made its descriptor readable (the
/// wait is level-triggered: an unread descriptor wakes it again at once).
public final class EventLoop {
    /// A registered descriptor and what to run when it is readable.
    fileprivate final class Entry {
        let fd: Int32
        let handler: () -> Void
        var isActive = true

        init(fd: Int32, handler: @escaping () -> Void) {
            self.fd = fd
            self.handler = handler
        }
    }

    private var entries: [Entry] = []

    /// A loop watching nothing yet.
    public init() {}

    /// How many descriptors are watched (for tests and `status`).
    public var watchCount: Int { entries.count }

    /// Watches `fd` for input: `handler` runs on the loop's thread each time a wait finds it
    /// readable (or hung up, or in error), until the returned watch is cancelled or released.
    ///
    /// The caller keeps owning `fd`; cancel the watch before closing it.
    public func watch(_ fd: Int32, _ handler: @escaping () -> Void) -> FileWatch {
        let entry = Entry(fd: fd, handler: handler)
        entries.append(entry)
        return FileWatch { [weak self, weak entry] in
            guard let entry, entry.isActive else { return }
            entry.isActive = false
            self?.entries.removeAll { $0 === entry }
        }
    }

    /// Receives `mailbox`'s messages: `handler` runs on the loop's thread with every message
    /// posted since it last ran, in the order they were posted, until the returned watch is
    /// cancelled or released.
    public func receive<Message>(
        from mailbox: Mailbox<Message>, _ handler: @escaping ([Message]) -> Void
    ) -> FileWatch {
        watch(mailbox.fileDescriptor) {
            let messages = mailbox.take()
            if !messages.isEmpty { handler(messages) }
        }
    }

    /// Waits for a watched descriptor to become readable, then runs the handlers of those that
    /// are; returns how many ran (0: the time ran out).
    ///
    /// `timeout` is in seconds: nil waits for ever, 0 takes only what is ready now.
    ///
    /// A signal that interrupts the wait (EINTR) ends it early, as a timeout would.
    @discardableResult
    public func wait(timeout: TimeInterval?) -> Int {
        var fds = entries.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
        let ready = poll(&fds, nfds_t(fds.count), Self.milliseconds(timeout))
        guard ready > 0 else { return 0 }
        var ran = 0
        // The handlers of this round, taken before any runs: a handler may cancel watches.
        let polled = entries
        for (entry, fd) in zip(polled, fds) where fd.revents != 0 && entry.isActive {
            if fd.revents & Int16(POLLNVAL) != 0 {
                // Closed without cancelling its watch: forget it rather than spin on it.
                entry.isActive = false
                entries.removeAll { $0 === entry }
                continue
            }
            entry.handler()
            ran += 1
        }
        return ran
    }

    /// A timeout in whole milliseconds for `poll(2)`, rounded up so that the wait never ends
    /// before its deadline; -1 waits for ever.
    static func milliseconds(_ timeout: TimeInterval?) -> Int32 {
        guard let timeout else { return -1 }
        guard timeout > 0 else { return 0 }
        return Int32(min((timeout * 1000).rounded(.up), Double(Int32.max)))
    }
}

/// A registration with an ``EventLoop``: a watched descriptor or a mailbox.
///
/// Cancelling it (or releasing it) stops the handler; on the loop's thread only.
public final class FileWatch {
    private var cancelAction: (() -> Void)?

    init(cancel: @escaping () -> Void) {
        cancelAction = cancel
    }

    /// Stops watching (idempotent).
    public func cancel() {
        cancelAction?()
        cancelAction = nil
    }

    deinit { cancel() }
}
