import FoundationEssentials
import Widgets

/// Something for the run loop to do: an action on the host's verbs (``HostControl``), posted
/// from any thread to ``StandbyHost/events`` and applied on the loop's thread in the order
/// posted.
///
/// The loop has no switch over kinds of events: an event carries its own action, so a new
/// kind of event (a touch, an MQTT command) needs a verb at most, never a change to the loop.
///
/// ```swift
/// host.events.post(.mode(.night))                              // from any thread
/// host.events.post(HostEvent("swipe up") { $0.reloadTimelines(ofKind: "weather") })
/// ```
public struct HostEvent: Sendable, CustomStringConvertible {
    /// What the event does, for the log and for tests: `mode night`, `reload weather`.
    public let description: String
    /// The action, on the loop's thread.
    let apply: @Sendable (StandbyHost) -> Void

    /// An event that acts through the verbs of ``HostControl``.
    public init(_ description: String, _ action: @escaping @Sendable (any HostControl) -> Void) {
        self.description = description
        apply = { host in action(host) }
    }

    /// An event of the host's own machinery (a provider's answer), with access to its
    /// internals.
    init(internal description: String, _ apply: @escaping @Sendable (StandbyHost) -> Void) {
        self.description = description
        self.apply = apply
    }
}

extension HostEvent {
    /// Override the appearance until ``ModeOverride/auto`` (`nightstand mode`).
    public static func mode(_ mode: ModeOverride) -> HostEvent {
        HostEvent("mode \(mode.rawValue)") { $0.setMode(mode) }
    }

    /// Reload the timelines of the widgets of `kind`, or of every widget (`nightstand reload`).
    public static func reloadTimelines(ofKind kind: String?) -> HostEvent {
        HostEvent("reload \(kind ?? "every widget")") { $0.reloadTimelines(ofKind: kind) }
    }

    /// Read the configuration file again and apply it (`nightstand reload --config`, SIGHUP);
    /// `reply` hears what came of it, on the loop's thread.
    public static func reloadConfiguration(
        reply: (@Sendable (Result<String, ConfigurationError>) -> Void)? = nil
    ) -> HostEvent {
        HostEvent("reload the configuration") { control in
            let result = control.reloadConfiguration()
            reply?(result)
        }
    }

    /// Show the view named `name`, or step to the `next` or `previous` one (`nightstand view`).
    public static func view(_ name: String) -> HostEvent {
        HostEvent("view \(name)") { control in
            switch name {
            case "next": control.stepView(by: 1)
            case "previous": control.stepView(by: -1)
            default: control.showView(named: name)
            }
        }
    }

    /// Finish this turn and return from ``StandbyHost/run(until:)`` (SIGINT, SIGTERM).
    public static let stop = HostEvent("stop") { $0.stop() }

    /// The console is switching to another VT (the release signal of
    /// `Display.VTSwitchSignals`): give the display up until ``acquireDisplay``.
    public static let releaseDisplay = HostEvent("release the display") { $0.releaseDisplay() }

    /// The console switched back to our VT: take the display and show the whole frame.
    public static let acquireDisplay = HostEvent("acquire the display") { $0.acquireDisplay() }
}

/// Why a provider gave no timeline.
public struct TimelineFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, for the log.
    public let description: String
}

/// Commands from `nightstand reload`, `nightstand mode` and friends, as the control socket
/// carries them.
public enum ControlCommand: Sendable, Equatable {
    /// Reload the timelines of a kind, or of every widget (`nil`).
    case reload(kind: String?)
    /// Override the appearance (`nightstand mode`); ``ModeOverride/auto`` hands it back.
    case mode(ModeOverride)
    /// Read the configuration file again (`nightstand reload --config`).
    case reloadConfiguration
    /// Show a view by name (`widgets`, `photos`, `clock`), or the `next` or `previous` one
    /// (`nightstand view`).
    case view(String)
}
