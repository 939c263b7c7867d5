import FoundationEssentials

/// The Home Assistant MQTT discovery messages of one display: one device with its entities.
///
/// Each entity is announced on its own retained topic,
/// `<prefix>/<component>/<device id>/<entity>/config`, with a JSON object in Home Assistant's
/// documented schema (single-component discovery, understood by every Home Assistant release
/// with MQTT discovery):
///
/// | entity | component | what it does |
/// | --- | --- | --- |
/// | Mode | `select` | auto, day, dim, night, off: sets the mode as `nightstand mode` does |
/// | Illuminance | `sensor` (device class `illuminance`, lx) | the light sensor's level; announced once a sensor reads |
/// | Appearance | `sensor` (device class `enum`) | day, dim, night or off, as drawn now |
/// | Reload timelines | `button` | reloads every widget's timeline |
/// | View | `select` | the view shown, on a host with a choice of views |
/// | Screen, Reload configuration, Next view | see ``screenEntities`` | commands on `<base>/command` |
/// | Presence | `binary_sensor` (device class `occupancy`) | a presence key held; announced once one has said |
///
/// The device names the program's version (`sw_version`), the web page when `[http]` is on
/// (`configuration_url`) and the board (`hw_version`): ``DeviceAbout``.
///
/// Every entity names the display's availability topic, so Home Assistant shows them
/// unavailable while the display is offline (its last will).
public struct HomeAssistantDiscovery: Sendable {
    /// The discovery prefix (`homeassistant`).
    public let prefix: String
    /// The device's identifier, unique per display: letters, digits, `_` and `-`.
    public let deviceID: String
    /// The device's name as Home Assistant shows it.
    public let deviceName: String
    /// The display's topics.
    public let topics: MQTTTopics
    /// The modes the mode select offers.
    public let modes: [String]
    /// The version, web page and board the device names.
    public let about: DeviceAbout

    /// The discovery of a display whose topics are `topics`.
    public init(
        prefix: String, deviceID: String, deviceName: String, topics: MQTTTopics,
        modes: [String], about: DeviceAbout = DeviceAbout()
    ) {
        self.prefix = prefix
        self.deviceID = deviceID
        self.deviceName = deviceName
        self.topics = topics
        self.modes = modes
        self.about = about
    }

    /// One retained discovery message: its topic, and its JSON payload (empty: remove the
    /// entity).
    public struct Message: Equatable, Sendable {
        /// `<prefix>/<component>/<device id>/<entity>/config`.
        public var topic: String
        /// The entity's configuration as JSON, or empty to remove the entity.
        public var payload: [UInt8]
    }

    /// The messages announcing the device's entities; with `views` empty, the view select is
    /// removed (an empty payload) instead of announced, without `light` (no sensor has read)
    /// the illuminance sensor is, and without `presence` (no presence key has said) the
    /// occupancy sensor is.
    ///
    /// `alarms` are the ids of the alarms now, `formerAlarms` those announced before: the
    /// alarm entities are announced while there are alarms, and an alarm's switch is removed
    /// when it goes.
    public func messages(
        views: [String], light: Bool = true, presence: Bool = false, alarms: [String] = [],
        formerAlarms: [String] = []
    ) -> [Message] {
        let announced: [(Entity, Bool)] =
            (entities + screenEntities + diagnosticEntities
            + [controlEntity(.idleOff), controlEntity(.nightRed)]).map { ($0, true) } + [
                (viewEntity(views: views), !views.isEmpty), (nextViewEntity, !views.isEmpty),
                (illuminance, light), (presenceEntity, presence),
                (controlEntity(.photosInterval), views.contains("photos")),
            ] + alarmEntities.map { ($0, !alarms.isEmpty) }
            + alarms.map { (alarmSwitch($0), true) }
            + formerAlarms.filter { !alarms.contains($0) }.map { (alarmSwitch($0), false) }
        return announced.map { entity, shown in
            shown ? message(entity) : Message(topic: topic(of: entity), payload: [])
        }
    }

    /// The HA status topic: Home Assistant publishes `online` there when it starts, and
    /// devices announce themselves again.
    public var statusTopic: String { "\(prefix)/status" }

    // MARK: Entities

    private var entities: [Entity] {
        let appearances = modes.filter { $0 != "auto" }
        return [
            Entity(
                component: "select", key: "mode", name: "Mode", icon: "mdi:theme-light-dark",
                stateTopic: topics.mode, commandTopic: topics.setMode, options: modes),
            Entity(
                component: "sensor", key: "appearance", name: "Appearance",
                icon: "mdi:weather-night", stateTopic: topics.appearance, options: appearances,
                deviceClass: "enum"),
            Entity(
                component: "button", key: "reload", name: "Reload timelines", icon: "mdi:refresh",
                commandTopic: topics.reload, payloadPress: "PRESS"),
        ]
    }

    private var illuminance: Entity {
        Entity(
            component: "sensor", key: "illuminance", name: "Illuminance", icon: nil,
            stateTopic: topics.lux, deviceClass: "illuminance", unit: "lx",
            stateClass: "measurement")
    }

    private func viewEntity(views: [String]) -> Entity {
        Entity(
            component: "select", key: "view", name: "View", icon: "mdi:view-dashboard",
            stateTopic: topics.view, commandTopic: topics.setView, options: views)
    }

    private func topic(of entity: Entity) -> String {
        "\(prefix)/\(entity.component)/\(deviceID)/\(entity.key)/config"
    }

    private func message(_ entity: Entity) -> Message {
        let config = Config(
            name: entity.name, uniqueID: "\(deviceID)_\(entity.key)",
            availabilityTopic: topics.availability, device: device, origin: Origin(),
            icon: entity.icon, stateTopic: entity.stateTopic, commandTopic: entity.commandTopic,
            options: entity.options, deviceClass: entity.deviceClass, unit: entity.unit,
            stateClass: entity.stateClass, payloadPress: entity.payloadPress,
            payloadOn: entity.payloadOn, payloadOff: entity.payloadOff,
            stateOn: entity.stateOn, stateOff: entity.stateOff,
            valueTemplate: entity.valueTemplate, imageTopic: entity.imageTopic,
            contentType: entity.contentType, commandTemplate: entity.commandTemplate,
            minimum: entity.minimum, maximum: entity.maximum, step: entity.step,
            mode: entity.mode, entityCategory: entity.category,
            qos: entity.commandTopic == nil ? nil : 1)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings, string arrays and numbers always encode.
        let payload = (try? encoder.encode(config)).map { Array($0) } ?? []
        return Message(topic: topic(of: entity), payload: payload)
    }

    private var device: Device {
        Device(
            identifiers: [deviceID], name: deviceName, manufacturer: "Nightstand",
            model: "StandBy display", swVersion: about.version, hwVersion: about.board,
            configurationURL: about.webPage)
    }

    /// What distinguishes one entity.
    struct Entity {
        var component: String
        var key: String
        var name: String
        var icon: String?
        var stateTopic: String? = nil
        var commandTopic: String? = nil
        var options: [String]? = nil
        var deviceClass: String? = nil
        var unit: String? = nil
        var stateClass: String? = nil
        var payloadPress: String? = nil
        var payloadOn: String? = nil
        var payloadOff: String? = nil
        var stateOn: String? = nil
        var stateOff: String? = nil
        var valueTemplate: String? = nil
        /// An image entity's topic, and its pictures' type.
        var imageTopic: String? = nil
        var contentType: String? = nil
        /// A number's command (the value as `{{ value }}`) and range.
        var commandTemplate: String? = nil
        var minimum: Double? = nil
        var maximum: Double? = nil
        var step: Double? = nil
        /// A number's look: `box` (a field) or `slider` (Home Assistant's default).
        var mode: String? = nil
        /// `config` or `diagnostic`; nil: a primary entity.
        var category: String? = nil
    }

    /// An entity's discovery payload, with Home Assistant's key names (not abbreviated).
    private struct Config: Encodable {
        var name: String
        var uniqueID: String
        var availabilityTopic: String
        var device: Device
        var origin: Origin
        var icon: String?
        var stateTopic: String?
        var commandTopic: String?
        var options: [String]?
        var deviceClass: String?
        var unit: String?
        var stateClass: String?
        var payloadPress: String?
        var payloadOn: String?
        var payloadOff: String?
        var stateOn: String?
        var stateOff: String?
        var valueTemplate: String?
        var imageTopic: String?
        var contentType: String?
        var commandTemplate: String?
        var minimum: Double?
        var maximum: Double?
        var step: Double?
        var mode: String?
        var entityCategory: String?
        var qos: Int?

        enum CodingKeys: String, CodingKey {
            case name, device, origin, icon, options, qos, step, mode
            case uniqueID = "unique_id"
            case availabilityTopic = "availability_topic"
            case stateTopic = "state_topic"
            case commandTopic = "command_topic"
            case deviceClass = "device_class"
            case unit = "unit_of_measurement"
            case stateClass = "state_class"
            case payloadPress = "payload_press"
            case payloadOn = "payload_on"
            case payloadOff = "payload_off"
            case stateOn = "state_on"
            case stateOff = "state_off"
            case valueTemplate = "value_template"
            case imageTopic = "image_topic"
            case contentType = "content_type"
            case commandTemplate = "command_template"
            case minimum = "min"
            case maximum = "max"
            case entityCategory = "entity_category"
        }
    }

    /// The device all entities belong to.
    private struct Device: Encodable {
        var identifiers: [String]
        var name: String
        var manufacturer: String
        var model: String
        var swVersion: String
        var hwVersion: String?
        var configurationURL: String?

        enum CodingKeys: String, CodingKey {
            case identifiers, name, manufacturer, model
            case swVersion = "sw_version"
            case hwVersion = "hw_version"
            case configurationURL = "configuration_url"
        }
    }

    /// Who announced the entities (Home Assistant shows it in the device's MQTT info).
    private struct Origin: Encodable {
        var name = "Nightstand"
    }
}
