import DisplayCommands
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
/// host.events.post(.command(.setMode(.night)))                 // from any thread
/// host.events.post(HostEvent("swipe up") { $0.apply(.reloadTimelines(kind: "weather")) })
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
    /// Applies `command` on the loop's thread; `reply` hears what came of it, there too.
    public static func command(
        _ command: DisplayCommand, reply: (@Sendable (CommandResult) -> Void)? = nil
    ) -> HostEvent {
        HostEvent("\(command)") { control in
            let result = control.apply(command)
            reply?(result)
        }
    }
}

/// Why a provider gave no timeline.
public struct TimelineFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, for the log.
    public let description: String
}
