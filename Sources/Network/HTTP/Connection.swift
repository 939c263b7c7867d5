import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// One client connection of the HTTP server: what it sent, what it is owed, and its deadline.
///
/// Used by the server's thread only.
final class Connection {
    /// Where the connection is in its life.
    enum State: Equatable {
        /// Receiving the request.
        case reading
        /// Sending a response; closed once it is out.
        case responding
        /// An event stream: open until the client leaves.
        case streaming
        /// Done.
        case closed
    }

    /// What a read brought.
    enum Received {
        case data, nothing, closed
        /// The request filled the input buffer and is still not whole: answer and close, or
        /// the socket stays readable and the server's thread would spin on it.
        case full
    }

    let socket: OwnedDescriptor
    /// The client's address (its bytes, without the port), to count its connections.
    let peer: [UInt8]
    private(set) var state = State.reading
    /// The request's bytes so far.
    private(set) var input: [UInt8] = []
    private var output: [UInt8] = []
    private var written = 0
    /// Whether the client has shut its side (it may still read what it is owed).
    private var inputEnded = false
    /// When the connection's time runs out; nil for an event stream.
    private(set) var deadline: ContinuousClock.Instant?

    /// The most bytes read for a request: a head and a body at their limits.
    ///
    /// A buffer that fills without a whole request is answered 413 (``Received/full``).
    static let inputLimit = HTTPRequestParser.requestLimit

    init(socket: OwnedDescriptor, now: ContinuousClock.Instant) {
        self.socket = socket
        peer = Self.peerAddress(of: socket.raw)
        deadline = now + HTTPServer.requestTimeout
    }

    var isClosed: Bool { state == .closed }
    var hasOutput: Bool { written < output.count }
    var pendingOutput: Int { output.count - written }

    /// What to wait for: the request, room to write, or (for a stream) the client leaving;
    /// no more input once the client shut its side (a closed side is always readable).
    var events: Int16 {
        var events = inputEnded ? Int16(0) : Int16(POLLIN)
        if hasOutput { events |= Int16(POLLOUT) }
        return events
    }

    /// Reads what arrived: up to the request limit while reading, and discarded after.
    ///
    /// Reading on after the request notices a client leaving, and nothing it sends piles up.
    /// `.closed` means the client shut its side: done while reading or streaming; while a
    /// response is still owed to it, only the end of its input.
    func receive() -> Received {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let room = state == .reading ? min(chunk.count, Self.inputLimit - input.count) : chunk.count
        guard room > 0 else { return .full }
        let count = chunk.withUnsafeMutableBytes { recv(socket.raw, $0.baseAddress, room, 0) }
        if count == 0 {
            inputEnded = true
            return .closed
        }
        guard count > 0 else {
            return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? .nothing : .closed
        }
        guard state == .reading else { return .nothing }
        input += chunk[..<count]
        return .data
    }

    /// Queues a response; the connection closes once it is sent, or when it isn't taken in
    /// time.
    func respond(_ response: HTTPResponse, now: ContinuousClock.Instant) {
        state = .responding
        output += response.bytes
        deadline = now + HTTPServer.responseTimeout
    }

    /// Turns the connection into an event stream.
    func startStream() {
        state = .streaming
        output += HTTPResponse.eventStreamHead
        deadline = nil
    }

    /// Queues bytes for an event stream.
    func send(_ bytes: [UInt8]) {
        output += bytes
    }

    /// Writes what it can without waiting; closes a finished response.
    func flush() {
        while hasOutput {
            let count = output[written...].withUnsafeBytes { bytes in
                Glibc.send(socket.raw, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
            }
            if count < 0 {
                if errno == EINTR { continue }
                if errno != EAGAIN && errno != EWOULDBLOCK { close() }
                return
            }
            written += count
        }
        output.removeAll(keepingCapacity: state == .streaming)
        written = 0
        if state == .responding { close() }
    }

    /// Done: the descriptor closes when the server drops the connection.
    func close() {
        if state != .closed { shutdown(socket.raw, Int32(SHUT_RDWR)) }
        state = .closed
        output = []
        written = 0
    }

    /// The address bytes of the socket's peer (IPv4 or IPv6, an IPv4-mapped IPv6 address as
    /// its IPv4 one); empty when it has none.
    static func peerAddress(of socket: Int32) -> [UInt8] {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getpeername(socket, $0, &length) == 0
            }
        }
        guard named else { return [] }
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafeBytes(of: &storage) { raw in
                var address = raw.loadUnaligned(as: sockaddr_in.self).sin_addr
                return withUnsafeBytes(of: &address) { Array($0) }
            }
        case AF_INET6:
            let bytes = withUnsafeBytes(of: &storage) { raw in
                var address = raw.loadUnaligned(as: sockaddr_in6.self).sin6_addr
                return withUnsafeBytes(of: &address) { Array($0) }
            }
            let mapped: [UInt8] = Array(repeating: 0, count: 10) + [0xFF, 0xFF]
            return bytes.starts(with: mapped) ? Array(bytes.suffix(4)) : bytes
        default:
            return []
        }
    }
}
