/// Where the MQTT broker listens, from `[mqtt] url`: `mqtt://host:1883` or, over TLS,
/// `mqtts://host:8883`.
///
/// ```swift
/// BrokerAddress(url: "mqtts://broker.lan")  // host "broker.lan", port 8883, TLS
/// BrokerAddress(url: "mqtt://[fd00::1]")    // host "fd00::1", port 1883
/// ```
///
/// A user name or password in the URL is refused: they go in `username` and `password_file`,
/// so the password stays out of the configuration file.
public struct BrokerAddress: Equatable, Sendable, CustomStringConvertible {
    /// The host name or IP address (an IPv6 address without its brackets).
    public var host: String
    /// The TCP port.
    public var port: Int
    /// Whether the connection uses TLS (`mqtts://`).
    public var usesTLS: Bool

    /// Creates an address.
    public init(host: String, port: Int, usesTLS: Bool) {
        self.host = host
        self.port = port
        self.usesTLS = usesTLS
    }

    /// Reads a broker URL; nil, with what is wrong in `problem`, when it is not one.
    public init?(url text: String, problem: inout String) {
        let schemes = [("mqtt://", false), ("mqtts://", true)]
        guard let (scheme, tls) = schemes.first(where: { text.lowercased().hasPrefix($0.0) })
        else {
            problem = "the scheme must be mqtt:// or mqtts://"
            return nil
        }
        var rest = Substring(text.dropFirst(scheme.count))
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        guard !rest.contains("@") else {
            problem = "put the user in username and the password in password_file, not in the URL"
            return nil
        }
        guard !rest.contains("/"), !rest.contains("?"), !rest.contains("#") else {
            problem = "a broker URL has no path or query"
            return nil
        }
        var host = rest
        var portText: Substring?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else {
                problem = "an IPv6 address needs its closing ]"
                return nil
            }
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else {
                    problem = "expected :PORT after the IPv6 address"
                    return nil
                }
                portText = after.dropFirst()
            }
        } else if let colon = rest.lastIndex(of: ":") {
            host = rest[..<colon]
            portText = rest[rest.index(after: colon)...]
        }
        guard !host.isEmpty,
            host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-.:_".contains($0)) })
        else {
            problem = "expected a host name or IP address"
            return nil
        }
        var port = tls ? 8883 : 1883
        if let portText {
            guard portText.count <= 5, let number = Int(portText), (1...65535).contains(number)
            else {
                problem = "the port must be a number from 1 to 65535"
                return nil
            }
            port = number
        }
        self.init(host: String(host), port: port, usesTLS: tls)
    }

    /// The address as a URL: `mqtts://broker.lan:8883`.
    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "\(usesTLS ? "mqtts" : "mqtt")://\(shownHost):\(port)"
    }
}
