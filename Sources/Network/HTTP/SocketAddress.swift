import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A numeric IPv4 or IPv6 address and port as the socket calls take it.
struct SocketAddress {
    /// `AF_INET` or `AF_INET6`.
    let family: Int32
    private var storage = sockaddr_storage()

    /// The address of `host` (numeric, no brackets) and `port`; nil when `host` is not an IP
    /// address.
    init?(host: String, port: Int) {
        var v4 = sockaddr_in()
        var v6 = sockaddr_in6()
        if inet_pton(AF_INET, host, &v4.sin_addr) == 1 {
            family = AF_INET
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = in_port_t(UInt16(truncatingIfNeeded: port).bigEndian)
            withUnsafeBytes(of: v4) { bytes in
                withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) }
            }
        } else if inet_pton(AF_INET6, host, &v6.sin6_addr) == 1 {
            family = AF_INET6
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = in_port_t(UInt16(truncatingIfNeeded: port).bigEndian)
            withUnsafeBytes(of: v6) { bytes in
                withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) }
            }
        } else {
            return nil
        }
    }

    /// The length of the address structure for `family`.
    var length: socklen_t {
        socklen_t(
            family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
    }

    /// A listening TCP socket bound to this address (non-blocking, closed on exec), or the
    /// step that failed and its errno.
    func listen(backlog: Int32) -> Result<OwnedDescriptor, SocketFailure> {
        let type =
            Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
            | Int32(SOCK_CLOEXEC.rawValue)
        let fd = socket(family, type, 0)
        guard fd >= 0 else { return .failure(SocketFailure(step: "socket", errno: errno)) }
        let socket = OwnedDescriptor(fd)
        var one: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        if family == AF_INET6 {
            // "[::]" listens on IPv6 only unless told otherwise; IPv4 has its own addresses.
            _ = setsockopt(
                fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &one, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = storage
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0 else { return .failure(SocketFailure(step: "bind", errno: errno)) }
        guard Glibc.listen(fd, backlog) == 0 else {
            return .failure(SocketFailure(step: "listen", errno: errno))
        }
        return .success(socket)
    }
}

/// A socket call that failed: which, and the system's reason.
struct SocketFailure: Error, CustomStringConvertible {
    let step: String
    let errno: Int32

    var description: String { "\(step) failed: \(systemError(errno))" }
}
