import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// One client of the control server: its request line as it arrives, then its reply as it
/// leaves, both without blocking, within one deadline for the whole exchange.
///
/// The server polls all its connections at once, so a client that sends a byte now and then
/// holds only its own connection, and only until its deadline.
final class ControlConnection {
    /// What a connection needs next.
    enum State: Equatable {
        /// More of the request line.
        case reading
        /// The request line, complete; `peerLeft` when the client hung up right after it (it
        /// gave up waiting: the request is not applied).
        case request(Data, peerLeft: Bool)
        /// Its reply to go out (``reply``).
        case writing
        /// Nothing more: close it.
        case finished
    }

    /// The socket, non-blocking.
    let socket: Descriptor
    /// When the exchange must be over; past it the connection is dropped.
    let deadline: ContinuousClock.Instant
    private(set) var state = State.reading
    private var line = Data()
    private var reply = Data()
    private var sent = 0

    /// A connection accepted now, given `timeout` seconds for the whole exchange.
    init(socket: Descriptor, timeout: TimeInterval) {
        self.socket = socket
        deadline = .now + .milliseconds(Int(timeout * 1000))
    }

    /// The `poll(2)` events the connection waits for.
    var events: Int16 {
        Int16(state == .writing ? POLLOUT : POLLIN)
    }

    /// Reads what arrived (`revents` from `poll`): completes the line, or notes an end.
    ///
    /// A line longer than `limit` bytes gets the `tooLong` reply; a stream that ends before a
    /// newline is a request too, unless it is empty (a probe: `prepare(path:)` checking that
    /// an instance lives).
    func receive(revents: Int16, limit: Int, tooLong: Data) {
        guard state == .reading else { return }
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = chunk.withUnsafeMutableBytes { recv(socket.raw, $0.baseAddress, $0.count, 0) }
        if count < 0 {
            if errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK { return }
            state = .finished
            return
        }
        let peerLeft = revents & Int16(POLLHUP) != 0
        if count == 0 {
            state = line.isEmpty ? .finished : .request(line, peerLeft: true)
            return
        }
        let received = chunk[..<count]
        if let newline = received.firstIndex(of: UInt8(ascii: "\n")) {
            line.append(contentsOf: received[..<newline])
            state = line.count <= limit ? .request(line, peerLeft: peerLeft) : .writing
            if line.count > limit { reply = tooLong }
            return
        }
        line.append(contentsOf: received)
        if line.count > limit {
            reply = tooLong
            state = .writing
        }
    }

    /// Queues `reply` (a line) to go out.
    func respond(_ reply: Data) {
        self.reply = reply
        sent = 0
        state = .writing
    }

    /// Sends what the socket takes of the reply; finished once all of it went, or the peer
    /// went away.
    func send() {
        guard state == .writing else { return }
        let count = reply.withUnsafeBytes { buffer in
            Glibc.send(
                socket.raw, buffer.baseAddress.map { $0 + sent }, buffer.count - sent,
                Int32(MSG_NOSIGNAL))
        }
        if count < 0 {
            if errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK { return }
            state = .finished
            return
        }
        sent += count
        if sent == reply.count { state = .finished }
    }

    /// Ends the exchange without a reply.
    func finish() {
        state = .finished
    }
}
