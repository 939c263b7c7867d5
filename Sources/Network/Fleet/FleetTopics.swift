/// The topics of a fleet under its root (`nightstand` by default).
///
/// | topic | written by | payload |
/// | --- | --- | --- |
/// | `<root>/fleet/all/command` | the operator | a command for every display |
/// | `<root>/fleet/group/<group>/command` | the operator | a command for a group |
/// | `<root>/<id>/command` | the operator | a command for one display |
/// | `<root>/<id>/state` | the display, retained | its ``FleetState`` document |
/// | `<root>/<id>/availability` | the display, retained; its last will | `online`, `offline` |
/// | `<root>/<id>/screenshot/get` | the operator | anything: asks for a screenshot |
/// | `<root>/<id>/screenshot` | the display | the frame shown, as PNG; or why there is none |
/// | `<root>/fleet/all/config` | the operator, retained | TOML for every display |
/// | `<root>/fleet/group/<group>/config` | the operator, retained | TOML for a group |
/// | `<root>/fleet/device/<id>/config` | the operator, retained | TOML for one display |
///
/// Commands are the wire form of the control socket and HTTP with an `id` added:
/// `{"version": 1, "command": "mode night", "id": "4f1c…"}`.
public struct FleetTopics: Equatable, Sendable {
    /// The root of every fleet topic.
    public let root: String

    /// The topics under `root`.
    public init(root: String) {
        self.root = root
    }

    /// Commands for every display.
    public var all: String { "\(root)/fleet/all/command" }

    /// Commands for the displays of `group`.
    public func group(_ group: String) -> String { "\(root)/fleet/group/\(group)/command" }

    /// The base topic of display `id` (its ``MQTTTopics``).
    public func display(_ id: String) -> MQTTTopics { MQTTTopics(base: "\(root)/\(id)") }

    /// The state document of display `id`.
    public func state(_ id: String) -> String { "\(root)/\(id)/state" }

    /// Requests for display `id`'s screenshot.
    public func screenshotRequest(_ id: String) -> String { "\(root)/\(id)/screenshot/get" }

    /// Display `id`'s screenshots.
    public func screenshot(_ id: String) -> String { "\(root)/\(id)/screenshot" }

    /// The configuration document of `layer` (`all`, `group/<g>`, `device/<id>`).
    public func config(_ layer: String) -> String { "\(root)/fleet/\(layer)/config" }

    /// The layers a display takes configuration from, in the order they are laid: all, its
    /// groups', its own; by topic.
    public func configLayers(id: String, groups: [String]) -> [(layer: String, topic: String)] {
        (["all"] + groups.map { "group/\($0)" } + ["device/\(id)"]).map { ($0, config($0)) }
    }

    /// Every display's state document.
    public var states: String { "\(root)/+/state" }

    /// Every display's availability.
    public var availabilities: String { "\(root)/+/availability" }

    /// The display id in a topic `<root>/<id>/<leaf>`, or nil when it is no such topic.
    public func displayID(in topic: String, leaf: String) -> String? {
        let prefix = root + "/"
        let suffix = "/" + leaf
        guard topic.hasPrefix(prefix), topic.hasSuffix(suffix),
            topic.utf8.count > prefix.utf8.count + suffix.utf8.count
        else { return nil }
        let id = String(topic.dropFirst(prefix.count).dropLast(suffix.count))
        return FleetSettings.isName(id) ? id : nil
    }
}
