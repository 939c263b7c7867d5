/// Where gpsd listens: a host name or address and a port, written `host:port` (`[::1]:2947`
/// for IPv6); gpsd's port 2947 when none is given.
public struct GPSDAddress: Sendable, Hashable, CustomStringConvertible {
    /// gpsd's own port.
    public static let defaultPort = 2947
    /// The default: gpsd on this machine.
    public static let local = GPSDAddress(host: "localhost", port: defaultPort)

    /// The host name or address.
    public let host: String
    /// The TCP port, 1 to 65535.
    public let port: Int

    /// An address of `host` and `port`.
    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Parses `host`, `host:port` or `[v6 address]:port`; nil for anything else (an empty
    /// host, a port out of range, spaces or control characters).
    public init?(parsing text: String) {
        guard !text.isEmpty, text.count <= 255,
            text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F })
        else { return nil }
        var host = Substring(text)
        var port = Self.defaultPort
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            host = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":"), let number = Int(rest.dropFirst()) else { return nil }
                port = number
            }
        } else if let colon = text.lastIndex(of: ":") {
            guard text.firstIndex(of: ":") == colon,
                let number = Int(text[text.index(after: colon)...])
            else { return nil }
            host = text[..<colon]
            port = number
        }
        guard !host.isEmpty, (1...65535).contains(port) else { return nil }
        self.init(host: String(host), port: port)
    }

    /// `localhost:2947`, `[::1]:2947`.
    public var description: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
