import Settings

/// The `[fleet]` table: who this display is among many, and which groups it belongs to.
///
/// ```toml
/// [fleet]
/// id = "room-204"
/// groups = ["bedrooms", "floor-2"]
/// ```
///
/// | key | default | meaning |
/// | --- | --- | --- |
/// | `id` | the host name | the display's id: its topics are `<topic>/<id>/…` |
/// | `groups` | none | up to 16 groups whose commands it takes |
/// | `topic` | `nightstand` | the fleet's root topic |
/// | `accept_config` | `false` | take configuration documents from the broker (``FleetConfigStore``) |
/// | `remote_keys` | none | keys such documents may set that run programs or name files (``FleetConfigPolicy``) |
/// | `remote_paths` | none | folders under which such documents may name files |
///
/// Ids and groups are one topic level each: 1 to 64 bytes of letters, digits, `_` and `-`
/// (the Mosquitto ACL in docs/fleet.md names a display's topics by its id). With `[fleet]`
/// the display's topics are `<topic>/<id>` whatever `[mqtt] base_topic` says; `[fleet]`
/// needs `[mqtt]`. Without a `[fleet]` table (or with an empty one) the display is no fleet's
/// member (``FleetSection``).
public struct FleetSettings: Equatable, Sendable {
    /// The display's id.
    public var id: String
    /// The groups it belongs to, each once, in the file's order.
    public var groups: [String]
    /// The fleet's root topic.
    public var root: String
    /// Whether it takes configuration documents from the broker.
    public var acceptConfig = false
    /// The keys that run programs or name files that those documents may set anyway, as
    /// ``FleetConfigPolicy`` names them (`ambient.sensor_command`, `widget.file`).
    public var remoteKeys: [String] = []
    /// The folders under which those documents may name files.
    public var remotePaths: [String] = []

    /// The keys of the table.
    public static let keys = [
        "id", "groups", "topic", "accept_config", "remote_keys", "remote_paths",
    ]

    /// The most groups a display belongs to.
    public static let groupLimit = 16

    /// Settings made in code.
    public init(id: String, groups: [String] = [], root: String = "nightstand") {
        self.id = id
        self.groups = groups
        self.root = root
    }

    /// Reads the table; the id defaults to `hostname` (as a topic level).
    ///
    /// Throws `ConfigurationError` at the key's line, saying what was expected.
    public init(section: SettingsTable, hostname: String) throws(ConfigurationError) {
        try section.rejectUnknown(Self.keys)
        let id = try section.string("id") ?? MQTTSettings.node(hostname)
        guard Self.isName(id), id != "fleet" else {
            throw section.error(
                "id", expected: Self.nameRule + ", not \"fleet\" (the fleet's own topics)",
                found: .string(id))
        }
        let groups = try section.strings("groups") ?? []
        guard groups.count <= Self.groupLimit else {
            throw section.error(
                "groups", "\(groups.count) groups: expected at most \(Self.groupLimit)")
        }
        for group in groups where !Self.isName(group) {
            throw section.error("groups", expected: Self.nameRule, found: .string(group))
        }
        var unique: [String] = []
        for group in groups where !unique.contains(group) { unique.append(group) }
        let root = try section.string("topic") ?? "nightstand"
        let levels = root.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...100).contains(root.utf8.count), !root.hasPrefix("$"),
            levels.allSatisfy({ Self.isName(String($0)) })
        else {
            throw section.error(
                "topic",
                expected: "a topic such as \"nightstand\" or \"hotel/nightstand\": levels "
                    + "joined by /, each \(Self.nameRule)",
                found: .string(root))
        }
        self.init(id: id, groups: unique, root: root)
        acceptConfig = try section.bool("accept_config") ?? false
        remoteKeys = try section.strings("remote_keys") ?? []
        remotePaths = try section.strings("remote_paths") ?? []
        for folder in remotePaths where !FleetConfigPolicy.isPlainPath(folder) {
            throw section.error(
                "remote_paths",
                expected: "absolute folders such as \"/srv/nightstand\", without . or .. parts",
                found: .string(folder))
        }
    }

    /// The words for what an id, a group or a topic level may be.
    static let nameRule = "1 to 64 bytes of letters, digits, _ and -"

    /// Whether `name` is one topic level the ACL can name: letters, digits, `_` and `-`.
    static func isName(_ name: String) -> Bool {
        (1...64).contains(name.utf8.count)
            && name.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                        || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-")
            }
    }

    /// The fleet's topics.
    public var topics: FleetTopics { FleetTopics(root: root) }
}

/// `[fleet]` as the host reads it: ``FleetSettings``, or nil when the file has no `[fleet]`
/// (or an empty one).
public struct FleetSection: ConfigurationSection, Equatable {
    /// `[fleet]`.
    public static let sectionName = "fleet"
    /// ``FleetSettings/keys``.
    public static let keys = FleetSettings.keys
    /// The settings; nil: not in a fleet.
    public let settings: FleetSettings?

    /// Reads `[fleet]`, the id defaulting to this machine's host name.
    public init(section: SettingsTable) throws(ConfigurationError) {
        try self.init(section: section, hostname: HostName.current)
    }

    /// Reads `[fleet]` with the id defaulting to `hostname`.
    public init(section: SettingsTable, hostname: String) throws(ConfigurationError) {
        settings =
            section.values.isEmpty ? nil : try FleetSettings(section: section, hostname: hostname)
    }
}
