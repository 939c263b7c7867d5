import Dispatch
import FoundationEssentials
import Synchronization
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The HTTP API and the web page, served by one thread of its own that sleeps in `poll` until
/// a client sends something, a change is to be pushed, or a client's time runs out: with no
/// event stream open it never wakes, and with one it wakes for a heartbeat every 15 s.
///
/// Limits keep any client from costing the display more than a little: 16 connections at
/// once (more get 503), 8 KiB of request head, 1 KiB of body, 10 s to send a request (then
/// 408), 30 s to take a response, 256 KiB waiting for an event stream's reader (then it is
/// dropped). A request that breaks a rule gets its 4xx answer with a JSON error and is
/// closed; nothing of it reaches the host. Every response closes its connection.
///
/// ```swift
/// let server = try HTTPServer(settings: settings, host: host)
/// // when a frame was presented / the status changed:
/// server.frameChanged()
/// server.stateChanged()
/// server.stop()
/// ```
public final class HTTPServer: Sendable {
    /// Where it listens (with the port the kernel chose, when asked for port 0).
    public let address: ListenAddress
    private let signals: ServerSignals
    private let finished = DispatchSemaphore(value: 0)
    /// The kernel's id of the server's thread once it runs (for measuring its wake-ups).
    var thread: Int32? { signals.thread.withLock { $0 } }

    /// The event streams open, as the server's thread last counted them.
    var streamsOpen: Int { signals.state.withLock { $0.streams } }

    /// The most connections at once.
    static let connectionLimit = 16
    /// How many of them one client address may hold (a fifth from it is answered 503), so that
    /// a few idle or trickling connections from one machine lock no one else out.
    static let connectionsPerClient = 4
    /// How long the listener rests when `accept` finds no descriptor free (`EMFILE`,
    /// `ENFILE`): the waiting connection stays readable, and taking it at once again would
    /// spin.
    static let acceptPause: Duration = .seconds(1)
    /// How long a client has to send its request.
    static let requestTimeout: Duration = .seconds(10)
    /// How long a client has to take a response.
    static let responseTimeout: Duration = .seconds(30)
    /// The most bytes waiting for an event stream's reader.
    static let streamBacklog = 256 * 1024
    /// The shortest time between two `frame` events: a fade's frames come as one.
    static let frameEventInterval: Duration = .milliseconds(250)
    /// How long an event stream may go without a byte before it gets a comment: the page
    /// reconnects after three heartbeats of silence (a stream that stalled anywhere on the way
    /// heals), and a proxy or NAT between them sees traffic.
    static let heartbeatInterval: Duration = .seconds(15)

    /// Reads the token, binds the address and starts serving `host`.
    ///
    /// Throws ``HTTPServerError``: the token file can't be used, or the address can't be
    /// bound (in use, not this machine's).
    public convenience init(
        settings: HTTPSettings, host: any NetworkHost,
        log: Logger = Logger(label: "nightstand.http")
    ) throws(HTTPServerError) {
        try self.init(settings: settings, host: host, log: log, heartbeat: Self.heartbeatInterval)
    }

    /// As ``init(settings:host:log:)``, with event streams' heartbeat every `heartbeat` (tests
    /// shorten it).
    ///
    /// `accept` takes a connection off the listener (tests stand in for the kernel's failures).
    init(
        settings: HTTPSettings, host: any NetworkHost, log: Logger, heartbeat: Duration,
        accept: @escaping @Sendable (Int32) -> OwnedDescriptor? = OwnedDescriptor.accept(from:)
    ) throws(HTTPServerError) {
        let token: String
        do {
            token = try settings.readToken()
        } catch {
            throw .token("\(error)")
        }
        guard
            let socketAddress = SocketAddress(
                host: settings.listen.host, port: settings.listen.port)
        else { throw .listen(address: settings.listen.description, reason: "not an IP address") }
        let listener: OwnedDescriptor
        switch socketAddress.listen(backlog: 16) {
        case .success(let socket): listener = socket
        case .failure(let failure):
            throw .listen(address: settings.listen.description, reason: "\(failure)")
        }
        var bound = settings.listen
        bound.port = Self.boundPort(listener.raw) ?? settings.listen.port
        address = bound
        guard let wakeup = Wakeup() else {
            throw .listen(address: bound.description, reason: "no descriptors left for a pipe")
        }
        let signals = ServerSignals(wakeup: wakeup)
        self.signals = signals
        let api = HTTPAPI(host: host, token: Array(token.utf8))
        let slot = LoopSlot(
            ServerLoop(
                listener: listener, signals: signals, api: api, host: host,
                heartbeat: heartbeat, log: log, accept: accept))
        let finished = finished
        let started = DetachedThread.start(name: "nightstand http") {
            signals.thread.withLock { $0 = DetachedThread.currentID }
            slot.loop?.run()
            // The listener and the connections close with the loop, before `stop()` returns:
            // a server started right after (a reload) can listen on the same port.
            slot.loop = nil
            finished.signal()
        }
        guard started else {
            throw .listen(address: bound.description, reason: "no thread could be started")
        }
        log.info(
            "http: listening on \(bound)\(bound.isLoopback ? "" : " (reachable from the network)")")
    }

    /// Tells the page's event streams that a new frame is on the panel (the server's thread
    /// wakes only while a stream is open).
    public func frameChanged() {
        let streaming = signals.state.withLock { state in
            state.frames += 1
            return state.streams > 0
        }
        if streaming { signals.wakeup.signal() }
    }

    /// Tells the page's event streams that the ``DisplayState`` changed (the server's thread
    /// wakes only while a stream is open).
    public func stateChanged() {
        let streaming = signals.state.withLock { state in
            state.stateChanged = true
            return state.streams > 0
        }
        if streaming { signals.wakeup.signal() }
    }

    /// Closes every connection and the listener; returns once the thread has ended
    /// (idempotent).
    public func stop() {
        let first = signals.state.withLock { state in
            defer { state.stopping = true }
            return !state.stopping
        }
        guard first else { return }
        signals.wakeup.signal()
        finished.wait()
    }

    private static func boundPort(_ fd: Int32) -> Int? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let got = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getsockname(fd, $0, &length) == 0
            }
        }
        guard got else { return nil }
        return withUnsafeBytes(of: storage) { bytes in
            // sin_port and sin6_port both sit right after the 2-byte family.
            Int(UInt16(bigEndian: bytes.loadUnaligned(fromByteOffset: 2, as: UInt16.self)))
        }
    }
}

/// What other threads ask the server's thread to do, and the pipe that wakes it.
final class ServerSignals: Sendable {
    /// The requests since the thread last looked.
    struct State {
        /// Frames presented so far.
        var frames = 0
        /// Whether the state may have changed.
        var stateChanged = false
        /// Whether the server is to stop.
        var stopping = false
        /// The event streams open (kept by the server's thread).
        var streams = 0
    }

    let state = Mutex(State())
    let wakeup: Wakeup
    /// The kernel's id of the server's thread, once it runs.
    let thread = Mutex<Int32?>(nil)

    init(wakeup: Wakeup) {
        self.wakeup = wakeup
    }
}

/// Why the HTTP server can't start.
public enum HTTPServerError: Error, Equatable, CustomStringConvertible {
    /// The token file can't be used.
    case token(String)
    /// The address can't be listened on.
    case listen(address: String, reason: String)

    /// The problem in words.
    public var description: String {
        switch self {
        case .token(let problem): problem
        case .listen(let address, let reason): "can't listen on \(address): \(reason)"
        }
    }
}

/// The server's loop while its thread runs; the thread lets it go as it ends.
private final class LoopSlot: @unchecked Sendable {
    // Sendable: set on the starting thread, then touched by the server's thread only.
    var loop: ServerLoop?

    init(_ loop: ServerLoop) {
        self.loop = loop
    }
}
