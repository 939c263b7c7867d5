import FoundationEssentials
import Widgets

/// The `[mqtt]` table: which broker, who we are to it, and where our topics live.
///
/// ```toml
/// [mqtt]
/// url = "mqtts://broker.lan"
/// ca_file = "/etc/nightstand/broker-ca.pem"
/// username = "nightstand"
/// password_file = "/etc/nightstand/mqtt-password"
/// ```
///
/// | key | default | meaning |
/// | --- | --- | --- |
/// | `url` | required | `mqtt://host[:port]` (1883) or `mqtts://host[:port]` (8883, TLS) |
/// | `ca_file` | the system's CAs | PEM file of the CA that signed the broker's certificate |
/// | `username` | none | the user to log in as |
/// | `password_file` | none | a file whose first line is the password |
/// | `client_id` | `nightstand-<hostname>` | the MQTT client identifier |
/// | `base_topic` | `nightstand/<hostname>` | the prefix of every state and command topic |
/// | `discovery_prefix` | `homeassistant` | Home Assistant's discovery prefix; `""` turns discovery off |
/// | `name` | `Nightstand <hostname>` | the device's name in Home Assistant |
/// | `keepalive` | `"60s"` | how often an idle connection is checked (5 s to 1 h) |
///
/// Parsing checks values only; the password file is read when the client starts.
public struct MQTTSettings: Equatable, Sendable {
    /// The broker.
    public var broker: BrokerAddress
    /// The CA file for `mqtts://`; nil trusts the system's CAs.
    public var caFile: String?
    /// The user name; nil logs in anonymously.
    public var username: String?
    /// The file holding the password; nil sends none.
    public var passwordFile: String?
    /// The client identifier.
    public var clientID: String
    /// The prefix of every state and command topic, without a trailing `/`.
    public var baseTopic: String
    /// Home Assistant's discovery prefix; nil when discovery is off.
    public var discoveryPrefix: String?
    /// The device's name in Home Assistant.
    public var deviceName: String
    /// The keep-alive interval in seconds: the only periodic traffic of an idle connection.
    public var keepalive: Int

    /// The keys of the table.
    public static let keys: Set<String> = [
        "url", "ca_file", "username", "password_file", "client_id", "base_topic",
        "discovery_prefix", "name", "keepalive",
    ]

    /// Reads the table's values; `hostname` makes the defaults.
    ///
    /// Throws `WidgetOptionError` naming the key and what was expected.
    public init(_ options: WidgetOptions, hostname: String) throws {
        try options.rejectUnknown(Self.keys)
        guard let url = try options.string("url") else {
            throw WidgetOptionError(
                key: "url", expected: "the broker, such as \"mqtt://broker.lan:1883\"",
                found: "nothing")
        }
        var problem = ""
        guard let broker = BrokerAddress(url: url, problem: &problem) else {
            throw WidgetOptionError(
                key: "url", expected: "mqtt://host[:port] or mqtts://host[:port] (\(problem))",
                found: "\"\(url)\"")
        }
        self.broker = broker
        caFile = try Self.path(options, "ca_file")
        if caFile != nil && !broker.usesTLS {
            throw WidgetOptionError(
                key: "ca_file", expected: "an mqtts:// url to go with a CA file",
                found: "\"\(url)\"")
        }
        username = try options.string("username")
        if let username, username.isEmpty || username.utf8.count > 256 {
            throw WidgetOptionError(
                key: "username", expected: "1 to 256 bytes", found: "\"\(username)\"")
        }
        passwordFile = try Self.path(options, "password_file")
        let node = Self.node(hostname)
        clientID = try options.string("client_id") ?? "nightstand-\(node)"
        guard (1...128).contains(clientID.utf8.count),
            clientID.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F })
        else {
            throw WidgetOptionError(
                key: "client_id", expected: "1 to 128 bytes without spaces or control characters",
                found: "\"\(clientID)\"")
        }
        baseTopic = try Self.topic(options, "base_topic") ?? "nightstand/\(node)"
        if let prefix = try options.string("discovery_prefix"), prefix.isEmpty {
            discoveryPrefix = nil
        } else {
            discoveryPrefix = try Self.topic(options, "discovery_prefix") ?? "homeassistant"
        }
        deviceName = try options.string("name") ?? "Nightstand \(hostname)"
        guard (1...128).contains(deviceName.utf8.count) else {
            throw WidgetOptionError(key: "name", expected: "1 to 128 bytes", found: "\"\"")
        }
        let keepalive = try options.duration("keepalive") ?? 60
        guard (5...3600).contains(keepalive) else {
            throw WidgetOptionError(
                key: "keepalive", expected: "5 seconds to 1 hour", found: "\(keepalive) s")
        }
        self.keepalive = Int(keepalive)
    }

    /// A host name as topics and Home Assistant ids take it: lower case, letters, digits, `_`
    /// and `-`; `nightstand` when nothing is left.
    static func node(_ hostname: String) -> String {
        let cleaned = String(
            hostname.lowercased().unicodeScalars.prefix(64).map { scalar in
                let c = Character(scalar)
                return c.isASCII && (c.isLetter || c.isNumber || c == "-" || c == "_") ? c : "_"
            })
        return cleaned.allSatisfy({ $0 == "_" }) ? "nightstand" : cleaned
    }

    private static func path(_ options: WidgetOptions, _ key: String) throws -> String? {
        guard let path = try options.string(key) else { return nil }
        guard path.hasPrefix("/") else {
            throw WidgetOptionError(key: key, expected: "an absolute path", found: "\"\(path)\"")
        }
        return path
    }

    /// A topic prefix: levels separated by `/`, no wildcards, no `$` first (the broker's).
    private static func topic(_ options: WidgetOptions, _ key: String) throws -> String? {
        guard let topic = try options.string(key) else { return nil }
        let levels = topic.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...200).contains(topic.utf8.count), !topic.hasPrefix("$"),
            levels.allSatisfy({ !$0.isEmpty && !$0.contains("+") && !$0.contains("#") }),
            topic.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
        else {
            throw WidgetOptionError(
                key: key,
                expected: "a topic such as \"nightstand/bedroom\": levels joined by /, none "
                    + "empty, no + or #, not starting with $",
                found: "\"\(topic)\"")
        }
        return topic
    }
}
