import FoundationEssentials
import Settings

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
/// | `client_id` | `nightstand-<hostname>-<machine tag>` | the MQTT client identifier |
/// | `base_topic` | `nightstand/<hostname>` | the prefix of every state and command topic |
/// | `discovery_prefix` | `homeassistant` | Home Assistant's discovery prefix; `""` turns discovery off |
/// | `name` | `Nightstand <hostname>` | the device's name in Home Assistant |
/// | `keepalive` | `"60s"` | how often an idle connection is checked (5 s to 1 h) |
///
/// The default client id ends with eight hexadecimal digits made from `/etc/machine-id`
/// (``MachineID/tag(_:purpose:)``): two displays with the same host name don't take each
/// other's connection (a broker drops a client when another logs in with its id). A machine
/// without a machine id gets `nightstand-<hostname>`.
///
/// Parsing checks values only; the password file is read when the client starts and on each
/// live reload (``readPassword()``). Without a `[mqtt]` table (or with an empty one) MQTT is
/// off (``MQTTSection``).
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
    /// The device's id in Home Assistant: the client id when `client_id` is set, else
    /// `nightstand-<hostname>` (without the machine tag, as before there was one: a display
    /// keeps its device in Home Assistant).
    public var deviceID: String
    /// The prefix of every state and command topic, without a trailing `/`.
    public var baseTopic: String
    /// Home Assistant's discovery prefix; nil when discovery is off.
    public var discoveryPrefix: String?
    /// The device's name in Home Assistant.
    public var deviceName: String
    /// The keep-alive interval in seconds: the only periodic traffic of an idle connection.
    public var keepalive: Int
    /// The machine tag the default client id ends with (`-1a2b3c4d`), or empty; nil when the
    /// file chose the client id.
    var defaultIDTag: String?

    /// The keys of the table.
    public static let keys = [
        "url", "ca_file", "username", "password_file", "client_id", "base_topic",
        "discovery_prefix", "name", "keepalive",
    ]

    /// The keep-alive intervals accepted: 5 s to 1 h.
    public static let keepalives = NumberRange.duration(5...3600)

    /// Reads the table; `hostname` and `machineID` (``MachineID``) make the defaults.
    ///
    /// Throws `ConfigurationError` at the key's line, saying what was expected.
    public init(section: SettingsTable, hostname: String, machineID: String? = nil)
        throws(ConfigurationError)
    {
        try section.rejectUnknown(Self.keys)
        guard let url = try section.string("url") else {
            throw section.error(
                "url", "missing: expected the broker, such as \"mqtt://broker.lan:1883\"")
        }
        var problem = ""
        guard let broker = BrokerAddress(url: url, problem: &problem) else {
            throw section.error(
                "url", expected: "mqtt://host[:port] or mqtts://host[:port] (\(problem))",
                found: .string(url))
        }
        self.broker = broker
        caFile = try Self.path(section, "ca_file")
        if caFile != nil && !broker.usesTLS {
            throw section.error("ca_file", "a CA file needs an mqtts:// url, found \"\(url)\"")
        }
        username = try section.string("username")
        if let username, username.isEmpty || username.utf8.count > 256 {
            throw section.error("username", expected: "1 to 256 bytes", found: .string(username))
        }
        passwordFile = try Self.path(section, "password_file")
        let node = Self.node(hostname)
        let tag = machineID.map { "-" + MachineID.tag($0, purpose: "mqtt") } ?? ""
        let chosenID = try section.string("client_id")
        clientID = chosenID ?? "nightstand-\(node)\(tag)"
        defaultIDTag = chosenID == nil ? tag : nil
        deviceID = chosenID.map(Self.node) ?? "nightstand-\(node)"
        guard (1...128).contains(clientID.utf8.count),
            clientID.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F })
        else {
            throw section.error(
                "client_id", expected: "1 to 128 bytes without spaces or control characters",
                found: .string(clientID))
        }
        baseTopic = try Self.topic(section, "base_topic") ?? "nightstand/\(node)"
        if let prefix = try section.string("discovery_prefix"), prefix.isEmpty {
            discoveryPrefix = nil
        } else {
            discoveryPrefix = try Self.topic(section, "discovery_prefix") ?? "homeassistant"
        }
        deviceName = try section.string("name") ?? "Nightstand \(hostname)"
        guard (1...128).contains(deviceName.utf8.count) else {
            throw section.error("name", expected: "1 to 128 bytes", found: .string(deviceName))
        }
        keepalive = Int(try section.duration("keepalive", in: Self.keepalives) ?? 60)
    }

    /// The settings of a fleet's member: its topics are `<fleet topic>/<id>`.
    ///
    /// Unless the file chose a client id, its client id is `nightstand-<id>-<machine tag>`
    /// and its Home Assistant device id is the fleet id, one topic level the Mosquitto ACL of
    /// docs/fleet.md can name with `%u`.
    public func member(of fleet: FleetSettings) -> MQTTSettings {
        var settings = self
        settings.baseTopic = fleet.topics.display(fleet.id).base
        if let tag = defaultIDTag {
            settings.clientID = "nightstand-\(fleet.id)\(tag)"
            settings.deviceID = fleet.id
        }
        return settings
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

    private static func path(_ section: SettingsTable, _ key: String) throws(ConfigurationError)
        -> String?
    {
        guard let path = try section.string(key) else { return nil }
        guard path.hasPrefix("/") else {
            throw section.error(key, expected: "an absolute path", found: .string(path))
        }
        return path
    }

    /// A topic prefix: levels separated by `/`, no wildcards, no `$` first (the broker's).
    private static func topic(_ section: SettingsTable, _ key: String) throws(ConfigurationError)
        -> String?
    {
        guard let topic = try section.string(key) else { return nil }
        let levels = topic.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...200).contains(topic.utf8.count), !topic.hasPrefix("$"),
            levels.allSatisfy({ !$0.isEmpty && !$0.contains("+") && !$0.contains("#") }),
            topic.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
        else {
            throw section.error(
                key,
                expected: "a topic such as \"nightstand/bedroom\": levels joined by /, none "
                    + "empty, no + or #, not starting with $",
                found: .string(topic))
        }
        return topic
    }
}

/// `[mqtt]` as the host reads it: ``MQTTSettings``, or nil when the file has no `[mqtt]` (or
/// an empty one): MQTT is off.
public struct MQTTSection: ConfigurationSection, Equatable {
    /// `[mqtt]`.
    public static let sectionName = "mqtt"
    /// ``MQTTSettings/keys``.
    public static let keys = MQTTSettings.keys
    /// The settings; nil: off.
    public let settings: MQTTSettings?

    /// Reads `[mqtt]`, with defaults from this machine's host name and machine id.
    public init(section: SettingsTable) throws(ConfigurationError) {
        try self.init(section: section, hostname: HostName.current, machineID: MachineID.current)
    }

    /// Reads `[mqtt]` with defaults from `hostname` and `machineID`.
    public init(section: SettingsTable, hostname: String, machineID: String? = nil)
        throws(ConfigurationError)
    {
        settings =
            section.values.isEmpty
            ? nil : try MQTTSettings(section: section, hostname: hostname, machineID: machineID)
    }
}
