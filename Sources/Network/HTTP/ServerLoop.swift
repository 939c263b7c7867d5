import FoundationEssentials
import Synchronization
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The HTTP server's thread: one `poll` over the wake-up pipe, the listener and the
/// connections; it owns the connections and touches them alone.
final class ServerLoop: @unchecked Sendable {
    // Sendable: made on the starting thread, then used by the server's thread only; `signals`
    // is the one state other threads touch.
    private let listener: OwnedDescriptor
    private let signals: ServerSignals
    private let api: HTTPAPI
    private let host: any NetworkHost
    private let heartbeat: Duration
    private let log: Logger
    private var connections: [Connection] = []
    private var framesSent = 0
    private var lastFrameEvent: ContinuousClock.Instant?
    private var frameEventDue: ContinuousClock.Instant?
    /// When the event streams get a comment if nothing else was sent; nil with no stream.
    private var heartbeatDue: ContinuousClock.Instant?
    private let acceptConnection: @Sendable (Int32) -> OwnedDescriptor?
    /// Until when the listener rests after `accept` ran out of descriptors.
    private var acceptPausedUntil: ContinuousClock.Instant?
    /// Whether the running out was logged (once, until a connection is accepted again).
    private var starvationLogged = false

    init(
        listener: OwnedDescriptor, signals: ServerSignals, api: HTTPAPI, host: any NetworkHost,
        heartbeat: Duration, log: Logger,
        accept: @escaping @Sendable (Int32) -> OwnedDescriptor? = OwnedDescriptor.accept(from:)
    ) {
        acceptConnection = accept
        self.listener = listener
        self.signals = signals
        self.api = api
        self.host = host
        self.heartbeat = heartbeat
        self.log = log
    }

    /// Serves until stopped.
    func run() {
        while true {
            var fds = [
                pollfd(fd: signals.wakeup.descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(
                    fd: listener.raw, events: acceptPausedUntil == nil ? Int16(POLLIN) : 0,
                    revents: 0),
            ]
            fds += connections.map { connection in
                pollfd(fd: connection.socket.raw, events: connection.events, revents: 0)
            }
            let ready = poll(&fds, nfds_t(fds.count), timeout())
            if ready < 0 && errno != EINTR {
                log.error("http: poll failed: \(systemError(errno)); the server stops")
                return
            }
            let now = ContinuousClock.now
            if let until = acceptPausedUntil, now >= until { acceptPausedUntil = nil }
            if fds[0].revents != 0 {
                signals.wakeup.drain()
                if signals.state.withLock({ $0.stopping }) { return }
            }
            // Connections first (their indices match fds), then new ones.
            for (index, connection) in connections.enumerated() {
                let revents = fds[index + 2].revents
                if revents != 0 { serve(connection, revents: revents, now: now) }
            }
            if fds[1].revents & Int16(POLLIN) != 0 { accept(now: now) }
            // Counted before pushing: a frame or state that comes after the count wakes the
            // thread, one that came before it is pushed now (a stream that had just opened
            // missed a frame until the next wake-up).
            countStreams()
            pushEvents(now: now)
            expire(now: now)
            connections.removeAll { $0.isClosed }
            countStreams()
        }
    }

    /// Tells other threads how many event streams are open: whether a frame or a state
    /// should wake this thread.
    private func countStreams() {
        let streams = connections.count { $0.state == .streaming && !$0.isClosed }
        signals.state.withLock { $0.streams = streams }
    }

    /// Milliseconds until the next deadline (a client's time, a held-back frame event, a
    /// heartbeat), or -1 (no deadline: sleep until something happens).
    private func timeout() -> Int32 {
        let deadlines =
            connections.compactMap(\.deadline)
            + [frameEventDue, heartbeatDue, acceptPausedUntil].compactMap { $0 }
        guard let next = deadlines.min() else { return -1 }
        let left = ContinuousClock.now.duration(to: next)
        let milliseconds =
            left.components.seconds * 1000
            + left.components.attoseconds / 1_000_000_000_000_000 + 1
        return Int32(clamping: max(0, milliseconds))
    }

    // MARK: Connections

    private func accept(now: ContinuousClock.Instant) {
        while true {
            guard let socket = acceptConnection(listener.raw) else {
                let error = errno
                if error == EINTR || error == ECONNABORTED { continue }
                if error == EAGAIN || error == EWOULDBLOCK { return }
                // Out of descriptors or memory (or another failure): rest the listener, or
                // its waiting connection would wake this thread at once, again and again.
                acceptPausedUntil = now + HTTPServer.acceptPause
                if !starvationLogged {
                    log.warning(
                        "http: accept failed: \(systemError(error)); taking no connection for "
                            + "\(HTTPServer.acceptPause.components.seconds) s at a time until it works"
                    )
                    starvationLogged = true
                }
                return
            }
            starvationLogged = false
            let connection = Connection(socket: socket, now: now)
            let fromPeer = connections.count { $0.peer == connection.peer && !$0.isClosed }
            guard connections.count < HTTPServer.connectionLimit,
                fromPeer < HTTPServer.connectionsPerClient
            else {
                // One try to say why (the answer fits the socket's buffer), then gone.
                connection.respond(
                    .error(503, "too many connections; try again shortly"), now: now)
                connection.flush()
                connection.close()
                continue
            }
            connections.append(connection)
        }
    }

    private func serve(_ connection: Connection, revents: Int16, now: ContinuousClock.Instant) {
        if revents & Int16(POLLIN) != 0 {
            switch connection.receive() {
            case .closed:
                if connection.state != .responding { connection.close() }
            case .data:
                if connection.state == .reading { handle(connection, now: now) }
            case .full:
                connection.respond(
                    .error(413, "the request is over \(Connection.inputLimit) bytes"), now: now)
            case .nothing: break
            }
        }
        if revents & Int16(POLLOUT) != 0 || connection.hasOutput { connection.flush() }
        if revents & Int16(POLLERR | POLLHUP) != 0 && !connection.hasOutput {
            connection.close()
        }
    }

    /// Answers a connection's request once it is complete.
    private func handle(_ connection: Connection, now: ContinuousClock.Instant) {
        switch HTTPRequestParser.parse(connection.input) {
        case .incomplete:
            return
        case .refused(let status, let message):
            log.debug("http: refused a request: \(status) \(message)")
            connection.respond(.error(status, message), now: now)
        case .request(let request):
            switch api.answer(request) {
            case .response(let response):
                log.debug("http: \(request.method) \(request.path): \(response.status)")
                connection.respond(response, now: now)
            case .events:
                connection.startStream()
                connection.send(statusEvent() + frameEvent(framesSent))
            }
        }
        connection.flush()
    }

    /// Closes what ran out of time: a request not sent in time (408), a response not taken.
    private func expire(now: ContinuousClock.Instant) {
        for connection in connections where !connection.isClosed {
            guard let deadline = connection.deadline, deadline <= now else { continue }
            if connection.state == .reading {
                connection.respond(.error(408, "the request took too long"), now: now)
                connection.flush()
            }
            if connection.state != .reading { connection.close() }
        }
    }

    // MARK: Events

    /// Sends what changed to the event streams: the state, a frame event at most every
    /// ``HTTPServer/frameEventInterval``, and a comment when nothing was sent for a heartbeat.
    private func pushEvents(now: ContinuousClock.Instant) {
        let (frames, stateChanged) = signals.state.withLock { state in
            defer { state.stateChanged = false }
            return (state.frames, state.stateChanged)
        }
        let streams = connections.filter { $0.state == .streaming && !$0.isClosed }
        var events: [UInt8] = []
        if stateChanged { events += statusEvent() }
        if frames != framesSent {
            if let last = lastFrameEvent, now < last + HTTPServer.frameEventInterval {
                frameEventDue = last + HTTPServer.frameEventInterval
            } else {
                framesSent = frames
                lastFrameEvent = now
                frameEventDue = nil
                events += frameEvent(frames)
            }
        }
        guard !streams.isEmpty else {
            heartbeatDue = nil
            return
        }
        if events.isEmpty {
            guard let due = heartbeatDue, now >= due else {
                if heartbeatDue == nil { heartbeatDue = now + heartbeat }
                return
            }
            events = Array(": heartbeat\n\n".utf8)
        }
        heartbeatDue = now + heartbeat
        for stream in streams {
            stream.send(events)
            if stream.pendingOutput > HTTPServer.streamBacklog {
                log.notice("http: dropped an event stream whose reader fell behind")
                stream.close()
            } else {
                stream.flush()
            }
        }
    }

    private func statusEvent() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = (try? encoder.encode(host.state())).map { Array($0) } ?? Array("{}".utf8)
        return Array("event: status\ndata: ".utf8) + json + Array("\n\n".utf8)
    }

    private func frameEvent(_ number: Int) -> [UInt8] {
        Array("event: frame\ndata: \(number)\n\n".utf8)
    }
}
