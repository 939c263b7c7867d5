import Settings

/// The `[http]` table: where the HTTP API listens and the file holding its token.
///
/// ```toml
/// [http]
/// listen = "127.0.0.1:8080"
/// token_file = "/etc/nightstand/http-token"
/// ```
///
/// | key | default | meaning |
/// | --- | --- | --- |
/// | `listen` | `"127.0.0.1:8080"` | an IP address and port: `"0.0.0.0:8080"` for every IPv4 interface, `"[::]:8080"` for every IPv6 one |
/// | `token_file` | required | a file whose first line is the token every request must carry |
///
/// Parsing checks values only; the token file is read when the server starts. Without an
/// `[http]` table (or with an empty one) the API is off (``HTTPSection``).
public struct HTTPSettings: Equatable, Sendable {
    /// The address and port to listen on.
    public var listen: ListenAddress
    /// The file holding the token.
    public var tokenFile: String

    /// The keys of the table.
    public static let keys = ["listen", "token_file"]

    /// Reads the table; throws `ConfigurationError` at the key's line, saying what was
    /// expected.
    public init(section: SettingsTable) throws(ConfigurationError) {
        try section.rejectUnknown(Self.keys)
        listen =
            try section.parsed(
                "listen",
                expected: "an IP address and port such as \"127.0.0.1:8080\" or \"[::]:8080\"",
                ListenAddress.init) ?? ListenAddress(host: "127.0.0.1", port: 8080)
        guard let tokenFile = try section.string("token_file") else {
            throw section.error(
                "token_file",
                "missing: expected the file holding the API token, such as "
                    + "\"/etc/nightstand/http-token\"")
        }
        guard tokenFile.hasPrefix("/") else {
            throw section.error(
                "token_file", expected: "an absolute path", found: .string(tokenFile))
        }
        self.tokenFile = tokenFile
    }
}

/// `[http]` as the host reads it: ``HTTPSettings``, or nil when the file has no `[http]` (or
/// an empty one): the API is off.
public struct HTTPSection: ConfigurationSection, Equatable {
    /// `[http]`.
    public static let sectionName = "http"
    /// ``HTTPSettings/keys``.
    public static let keys = HTTPSettings.keys
    /// The settings; nil: off.
    public let settings: HTTPSettings?

    /// Reads `[http]`.
    public init(section: SettingsTable) throws(ConfigurationError) {
        settings = section.values.isEmpty ? nil : try HTTPSettings(section: section)
    }
}

/// An IP address and a port to listen on: `127.0.0.1:8080`, `[::1]:8080`, `0.0.0.0:80`.
///
/// Numeric addresses only, so that the choice of interface never depends on name resolution.
public struct ListenAddress: Equatable, Sendable, CustomStringConvertible {
    /// The address as written, without brackets: `127.0.0.1`, `::1`.
    public var host: String
    /// The port, 1 to 65535.
    public var port: Int

    /// Creates an address.
    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Reads `host:port` (IPv6 in brackets); nil when it isn't one.
    public init?(_ text: String) {
        let host: Substring
        let port: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            host = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            guard rest.hasPrefix(":") else { return nil }
            port = rest.dropFirst()
            guard host.contains(":") else { return nil }
        } else {
            guard let colon = text.lastIndex(of: ":") else { return nil }
            host = text[..<colon]
            port = text[text.index(after: colon)...]
            guard !host.contains(":") else { return nil }
        }
        guard port.count <= 5, let number = Int(port), (1...65535).contains(number),
            SocketAddress(host: String(host), port: number) != nil
        else { return nil }
        self.init(host: String(host), port: number)
    }

    /// `127.0.0.1:8080`, `[::1]:8080`.
    public var description: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// Whether only this machine can connect (127.0.0.0/8 or ::1).
    public var isLoopback: Bool { host.hasPrefix("127.") || host == "::1" }
}
