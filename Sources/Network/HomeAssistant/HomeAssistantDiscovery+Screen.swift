import DisplayCommands
import SystemSupport

extension HomeAssistantDiscovery {
    /// The entities that drive the screen with display commands.
    ///
    /// Each sends a command in its wire form (`{"command":"mode off","version":1}`) on
    /// `<base>/command`, the topic that takes any command:
    ///
    /// | entity | component | command |
    /// | --- | --- | --- |
    /// | Screen | `switch` (state from `<base>/appearance`: on unless `off`) | on: `mode auto`, off: `mode off` |
    /// | Reload configuration | `button` (category `config`) | `reload-configuration` |
    /// | Restart | `button` (device class `restart`, category `config`) | `restart`: the program exits with status 75 and systemd starts it again |
    /// | Next view | `button` (hosts with views) | `view next` |
    ///
    /// and Message, a `notify` entity whose text goes on `<base>/message`: a banner over the
    /// views for 30 s; Screen picture, an `image` entity showing the PNG on `<base>/screen`
    /// (``ScreenImage``); Day, Dim and Night brightness, `number` entities (category
    /// `config`, 0 to 100 %) sending `brightness day 80`.
    var screenEntities: [Entity] {
        DisplayCommand.brightnessAppearances.map { name in
            Entity(
                component: "number", key: "\(name)_brightness",
                name: "\(name.prefix(1).uppercased() + name.dropFirst()) brightness",
                icon: "mdi:brightness-6", stateTopic: topics.brightness(name),
                commandTopic: topics.command, unit: "%",
                commandTemplate:
                    #"{"command":"brightness \#(name) {{ value | int }}","version":1}"#,
                minimum: 0, maximum: 100, step: 1, category: "config")
        } + [
            Entity(
                component: "image", key: "screen_picture", name: "Screen picture",
                icon: "mdi:monitor-screenshot", imageTopic: topics.screen,
                contentType: "image/png"),
            Entity(
                component: "notify", key: "message", name: "Message", icon: "mdi:message-text",
                commandTopic: topics.message),
            Entity(
                component: "switch", key: "screen", name: "Screen", icon: "mdi:monitor",
                stateTopic: topics.appearance, commandTopic: topics.command,
                payloadOn: Self.wire(.setMode(.auto)), payloadOff: Self.wire(.setMode(.off)),
                stateOn: "ON", stateOff: "OFF",
                valueTemplate: "{{ 'OFF' if value == 'off' else 'ON' }}"),
            Entity(
                component: "button", key: "reload_configuration", name: "Reload configuration",
                icon: "mdi:file-refresh", commandTopic: topics.command,
                payloadPress: Self.wire(.reloadConfiguration), category: "config"),
            Entity(
                component: "button", key: "restart", name: "Restart", icon: nil,
                commandTopic: topics.command, deviceClass: "restart",
                payloadPress: Self.wire(.restart), category: "config"),
        ]
    }

    /// The number entity of `control` (category `config`), sending its command.
    ///
    /// The commands are ``DisplayCommands/DisplayControl``'s:
    ///
    /// | entity | unit, range | command |
    /// | --- | --- | --- |
    /// | Idle off | min, 0 (never) to 10080 (a week) | `idle-off SECONDS` |
    /// | Night red | %, 1 to 100 | `night-red PERCENT` |
    /// | Photos interval (hosts with the photos view) | s, 5 to 86400 | `photos-interval SECONDS` |
    func controlEntity(_ control: DisplayControl) -> Entity {
        let template = { (value: String) in
            #"{"command":"\#(control.rawValue) \#(value)","version":1}"#
        }
        var entity = Entity(
            component: "number", key: String(control.rawValue.map { $0 == "-" ? "_" : $0 }),
            name: "Night red", icon: "mdi:weather-night",
            stateTopic: topics.control(control.rawValue),
            commandTopic: topics.command, unit: "%", commandTemplate: template("{{ value | int }}"),
            minimum: control.range.lowerBound, maximum: control.range.upperBound, step: 1,
            category: "config")
        switch control {
        case .nightRed: break
        case .idleOff:
            entity.name = "Idle off"
            entity.icon = "mdi:timer-off-outline"
            entity.unit = "min"
            entity.valueTemplate = "{{ (value | float / 60) | round(1) }}"
            entity.commandTemplate = template("{{ (value * 60) | int }}")
            entity.maximum = control.range.upperBound / 60
        case .photosInterval:
            entity.name = "Photos interval"
            entity.icon = "mdi:image-multiple"
            entity.unit = "s"
        }
        if control != .nightRed {
            entity.deviceClass = "duration"
            entity.mode = "box"
        }
        return entity
    }

    /// The occupancy sensor: a presence key (a PIR) held `[input] presence_min`.
    var presenceEntity: Entity {
        Entity(
            component: "binary_sensor", key: "presence", name: "Presence", icon: nil,
            stateTopic: topics.presence, deviceClass: "occupancy", payloadOn: "ON",
            payloadOff: "OFF")
    }

    /// The button showing the next view (announced on hosts with views).
    var nextViewEntity: Entity {
        Entity(
            component: "button", key: "next_view", name: "Next view", icon: "mdi:page-next",
            commandTopic: topics.command, payloadPress: Self.wire(.stepView(by: 1)))
    }

    /// A command's wire form, as text.
    static func wire(_ command: DisplayCommand) -> String {
        String(decoding: command.json, as: UTF8.self)
    }
}

/// What the discovery's device says about the display besides its name: Home Assistant shows
/// it on the device's page.
public struct DeviceAbout: Equatable, Sendable {
    /// The program's version (`sw_version`): `nightstand --version`'s first line.
    public var version: String
    /// The web page (`configuration_url`), `http://HOST:PORT/`, when `[http]` is on.
    public var webPage: String?
    /// The board (`hw_version`): the device tree's model (`Raspberry Pi 4 Model B Rev 1.4`) or
    /// the firmware's product name; nil where neither is known.
    public var board: String?

    /// A description; by default this build's version and nothing else.
    public init(
        version: String = BuildVersion.version, webPage: String? = nil, board: String? = nil
    ) {
        self.version = version
        self.webPage = webPage
        self.board = board
    }
}
