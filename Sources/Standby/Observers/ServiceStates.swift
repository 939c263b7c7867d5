import EventCore
import Synchronization

/// How the services that sources run are doing, by name, for `nightstand status`: a source
/// sets its state from any thread, and the host publishes it in its next status.
///
/// ```swift
/// context.services.set("mqtt", "connected to mqtt://broker.lan:1883")
/// ```
///
/// ```
/// $ nightstand status
/// appearance: day (mode auto)
/// mqtt: connected to mqtt://broker.lan:1883
/// ```
public final class ServiceStates: Sendable {
    private let states = Mutex<[String: String]>([:])
    private let events: Mailbox<HostEvent>

    init(events: Mailbox<HostEvent>) {
        self.events = events
    }

    /// The states now, by name.
    public var current: [String: String] { states.withLock { $0 } }

    /// Sets a service's state (nil: the service is gone), and wakes the loop so that the
    /// status says it at once.
    public func set(_ name: String, _ state: String?) {
        let changed = states.withLock { states in
            defer { states[name] = state }
            return states[name] != state
        }
        guard changed else { return }
        events.post(HostEvent(internal: "\(name): \(state ?? "gone")") { _ in })
    }
}
