/// The topics of one display under its base topic (`nightstand/<hostname>` by default).
///
/// | topic | direction | payload |
/// | --- | --- | --- |
/// | `<base>/availability` | published, retained, last will | `online` or `offline` |
/// | `<base>/mode` | published, retained | `auto`, `day`, `dim`, `night`, `off` |
/// | `<base>/mode/set` | subscribed | a mode |
/// | `<base>/appearance` | published, retained | `day`, `dim`, `night`, `off` |
/// | `<base>/lux` | published, retained | the light level, such as `12.4`; `None` without a sensor |
/// | `<base>/reload` | subscribed | anything: reload every timeline |
/// | `<base>/view` | published, retained (hosts with views) | the view's name |
/// | `<base>/view/set` | subscribed (hosts with views) | a view's name |
/// | `<base>/presence` | published, retained (once a presence key has said) | `ON` or `OFF` |
/// | `<base>/alarm/next` | published, retained (hosts with alarms) | the next ring, ISO 8601 (`2026-11-30T07:00:00Z`); `None` when none |
/// | `<base>/alarm/ringing` | published, retained (hosts with alarms) | `ON` while an alarm rings, else `OFF` |
/// | `<base>/alarm/<id>` | published, retained (hosts with alarms) | `ON` when the alarm is on, else `OFF` |
/// | `<base>/command` | subscribed | any display command in its wire form |
/// | `<base>/brightness/<appearance>` | published, retained | `day`, `dim`, `night`'s brightness in percent (`40`) |
/// | `<base>/idle-off`, `<base>/night-red`, `<base>/photos-interval` | published, retained | the controls: seconds (0: never), percent, seconds |
/// | `<base>/screen` | published, retained, after a change, at most every 30 s | the frame shown, as PNG (``ScreenImage``) |
/// | `<base>/message` | subscribed | a message's text, shown as a banner (``DisplayCommands/DisplayMessage``) |
/// | `<base>/diagnostics/…` | published, retained, every 5 minutes when changed | ``Diagnostics`` |
public struct MQTTTopics: Equatable, Sendable {
    /// The prefix of every topic.
    public let base: String

    /// The topics under `base`.
    public init(base: String) {
        self.base = base
    }

    /// `online` while connected; the broker sets `offline` when the connection dies.
    public var availability: String { "\(base)/availability" }
    /// The mode override's state.
    public var mode: String { "\(base)/mode" }
    /// Commands to set the mode.
    public var setMode: String { "\(base)/mode/set" }
    /// The appearance's state.
    public var appearance: String { "\(base)/appearance" }
    /// The light level's state.
    public var lux: String { "\(base)/lux" }
    /// Presses of the reload button.
    public var reload: String { "\(base)/reload" }
    /// The view's state.
    public var view: String { "\(base)/view" }
    /// Commands to show a view.
    public var setView: String { "\(base)/view/set" }
    /// The display's health: `started`, `temperature`, `memory`, `address`
    /// (``Diagnostics``).
    public func diagnostic(_ key: String) -> String { "\(base)/diagnostics/\(key)" }
    /// Whether someone is there.
    public var presence: String { "\(base)/presence" }

    /// When the next alarm rings.
    public var alarmNext: String { "\(base)/alarm/next" }
    /// Whether an alarm rings.
    public var alarmRinging: String { "\(base)/alarm/ringing" }
    /// Whether the alarm `id` is on.
    public func alarm(_ id: String) -> String { "\(base)/alarm/\(id)" }

    /// Any display command in its wire form (`{"version": 1, "command": "view clock"}`).
    public var command: String { "\(base)/command" }

    /// The brightness of the appearance `name` (`day`, `dim`, `night`), in percent.
    public func brightness(_ name: String) -> String { "\(base)/brightness/\(name)" }

    /// The value of a control (`idle-off`, `night-red`, `photos-interval`), in its unit.
    public func control(_ name: String) -> String { "\(base)/\(name)" }

    /// The frame shown, as PNG.
    public var screen: String { "\(base)/screen" }

    /// A message's text, shown as a banner for its default time (Home Assistant's notify
    /// entity).
    public var message: String { "\(base)/message" }

    /// The topics of the Home Assistant entities that take commands.
    ///
    /// The display also takes any command on ``command``.
    public var commands: [String] { [setMode, reload, setView, message] }
}
