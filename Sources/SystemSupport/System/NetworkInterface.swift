import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A network interface's IPv4 address, as `getifaddrs(3)` lists it.
package struct NetworkInterface: Equatable, Sendable {
    /// The interface's name, such as `eth0` or `wlan0`.
    package var name: String
    /// The address in dotted decimal, such as `192.168.1.23`.
    package var address: String
    /// Whether the interface is up (`IFF_UP`).
    package var isUp: Bool
    /// Whether it is a loopback (`IFF_LOOPBACK`).
    package var isLoopback: Bool

    /// An interface `name` with `address`.
    package init(name: String, address: String, isUp: Bool, isLoopback: Bool) {
        self.name = name
        self.address = address
        self.isUp = isUp
        self.isLoopback = isLoopback
    }

    /// The IPv4 addresses of every interface, in the order the kernel lists them; empty when
    /// `getifaddrs` fails.
    @Sendable package static func all() -> [NetworkInterface] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var interfaces: [NetworkInterface] = []
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            guard let socketAddress = entry.pointee.ifa_addr,
                socketAddress.pointee.sa_family == sa_family_t(AF_INET)
            else { continue }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            let length = socklen_t(MemoryLayout<sockaddr_in>.size)
            guard
                getnameinfo(
                    socketAddress, length, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST)
                    == 0
            else { continue }
            let flags = Int32(entry.pointee.ifa_flags)
            interfaces.append(
                NetworkInterface(
                    name: String(cString: entry.pointee.ifa_name),
                    address: String(
                        decoding: host.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)),
                        as: UTF8.self),
                    isUp: flags & Int32(IFF_UP) != 0,
                    isLoopback: flags & Int32(IFF_LOOPBACK) != 0))
        }
        return interfaces
    }
}
