import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// A file descriptor that closes itself when released: a socket or a pipe end.
final class Descriptor: Sendable {
    /// The descriptor number.
    let raw: Int32

    init(_ raw: Int32) {
        self.raw = raw
    }

    deinit {
        close(raw)
    }
}

/// Unix stream sockets over Glibc: addresses, connecting, listening, and one line each way.
enum UnixSocket {
    /// The longest path a socket address holds (`sun_path` less its terminating NUL).
    static let pathLimit = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    /// Why a line could not be read.
    enum LineError: Error {
        /// Nothing arrived within the receive timeout.
        case timedOut
        /// No newline within the limit.
        case tooLong
        /// `recv` failed.
        case failed(Int32)
    }

    /// A new stream socket, closed on exec.
    static func stream(path: String) throws(ControlSocketError) -> Descriptor {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .system(path: path, step: "socket", errno: errno) }
        return Descriptor(fd)
    }

    /// Connects to the socket at `path`: ``ControlSocketError/notRunning(path:)`` when no
    /// socket is there or nothing listens on it.
    static func connect(to path: String) throws(ControlSocketError) -> Descriptor {
        var address = try self.address(path)
        let socket = try stream(path: path)
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket.raw, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard result == 0 else {
            switch errno {
            case ENOENT, ECONNREFUSED: throw .notRunning(path: path)
            case EACCES, EPERM: throw .permissionDenied(path: path)
            case ENOTSOCK: throw .notASocket(path: path)
            case let code: throw .system(path: path, step: "connect", errno: code)
            }
        }
        return socket
    }

    /// Binds a socket at `path` with owner-only permissions (0600) and listens on it.
    ///
    /// The mode is set between `bind` and `listen`: until `listen`, a connection is refused,
    /// so no one connects through wider permissions.
    static func listen(at path: String) throws(ControlSocketError) -> Descriptor {
        var address = try self.address(path)
        let socket = try stream(path: path)
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket.raw, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0 else {
            if errno == EADDRINUSE { throw .alreadyRunning(path: path) }
            throw .system(path: path, step: "bind", errno: errno)
        }
        guard chmod(path, 0o600) == 0 else {
            let code = errno
            unlink(path)
            throw .system(path: path, step: "chmod", errno: code)
        }
        guard Glibc.listen(socket.raw, 8) == 0 else {
            let code = errno
            unlink(path)
            throw .system(path: path, step: "listen", errno: code)
        }
        return socket
    }

    /// Marks a descriptor close-on-exec (`pipe2` and `accept4` are not in Glibc's Swift module).
    static func closedOnExec(_ descriptor: Descriptor) -> Descriptor {
        _ = fcntl(descriptor.raw, F_SETFD, FD_CLOEXEC)
        return descriptor
    }

    /// Makes calls on `descriptor` return `EAGAIN` instead of waiting.
    static func setNonBlocking(_ descriptor: Descriptor) {
        let flags = fcntl(descriptor.raw, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor.raw, F_SETFL, flags | O_NONBLOCK) }
    }

    /// Makes `recv` and `send` on `socket` give up after `seconds`.
    static func setTimeout(_ socket: Descriptor, seconds: TimeInterval) {
        var value = timeval(
            tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1e6))
        let size = socklen_t(MemoryLayout<timeval>.size)
        setsockopt(socket.raw, SOL_SOCKET, SO_RCVTIMEO, &value, size)
        setsockopt(socket.raw, SOL_SOCKET, SO_SNDTIMEO, &value, size)
    }

    /// Reads up to the first newline (not included), or to the end of the stream; `nil` when
    /// the stream ended before its first byte.
    static func readLine(_ socket: Descriptor, limit: Int) throws(LineError) -> Data? {
        var line = Data()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                recv(socket.raw, buffer.baseAddress, buffer.count, 0)
            }
            if count < 0 {
                switch errno {
                case EINTR: continue
                case EAGAIN, EWOULDBLOCK: throw .timedOut
                case let code: throw .failed(code)
                }
            }
            if count == 0 { return line.isEmpty ? nil : line }
            let received = chunk[..<count]
            if let newline = received.firstIndex(of: UInt8(ascii: "\n")) {
                line.append(contentsOf: received[..<newline])
                guard line.count <= limit else { throw .tooLong }
                return line
            }
            line.append(contentsOf: received)
            guard line.count <= limit else { throw .tooLong }
        }
    }

    /// Writes all of `data`; `false` when the peer went away or the send timed out.
    ///
    /// `MSG_NOSIGNAL`: a peer that hung up gives `EPIPE`, not a SIGPIPE that ends the program.
    @discardableResult
    static func write(_ data: Data, to socket: Descriptor) -> Bool {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let sent = send(
                    socket.raw, buffer.baseAddress.map { $0 + offset }, buffer.count - offset,
                    Int32(MSG_NOSIGNAL))
                if sent < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += sent
            }
            return true
        }
    }

    /// The address of `path`; throws when it does not fit.
    private static func address(_ path: String) throws(ControlSocketError) -> sockaddr_un {
        let bytes = Array(path.utf8)
        guard bytes.count <= pathLimit else {
            throw .pathTooLong(path: path, limit: pathLimit)
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
        }
        return address
    }
}
