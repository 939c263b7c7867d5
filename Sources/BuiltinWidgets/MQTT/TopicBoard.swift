import FoundationEssentials
import Synchronization
import Widgets

/// The last message on each topic the `mqtt` widgets show: what the MQTT client subscribes
/// to, and where it leaves what arrives.
///
/// A widget watches its topic when it is made; the client subscribes to ``topics`` and hands
/// each message to ``receive(topic:payload:at:)``. A message asks the host to reload the
/// `mqtt` widgets' timelines, once until a widget has read it: a busy topic costs at most one
/// reload per turn of the host, however many messages arrive meanwhile.
///
/// ```swift
/// let bridge = MQTTBridge(settings: settings, host: host,
///                         subscriptions: TopicBoard.shared.topics,
///                         onMessage: { TopicBoard.shared.receive(topic: $0.topic, payload: $0.payload) })
/// ```
public final class TopicBoard: Sendable {
    /// The board of the process, which the built-in `mqtt` kind uses.
    public static let shared = TopicBoard()

    private let center: WidgetCenter
    private let state = Mutex(State())

    private struct State {
        var latest: [String: Message] = [:]
        var watched: Set<String> = []
        /// Whether a reload was asked for that no widget has answered yet.
        var reloadPending = false
    }

    /// One topic's last message.
    struct Message: Equatable, Sendable {
        var payload: [UInt8]
        var received: Date
    }

    /// A board asking `center` for reloads.
    public init(center: WidgetCenter = .shared) {
        self.center = center
    }

    /// The topics the widgets show, sorted: what the client subscribes to.
    public var topics: [String] { state.withLock { $0.watched.sorted() } }

    /// Adds a topic a widget shows.
    func watch(_ topic: String) {
        state.withLock { _ = $0.watched.insert(topic) }
    }

    /// Keeps a message on a watched topic (others are ignored) and asks for the widgets to be
    /// reloaded.
    public func receive(topic: String, payload: [UInt8], at date: Date = Date()) {
        let ask = state.withLock { state -> Bool in
            guard state.watched.contains(topic) else { return false }
            state.latest[topic] = Message(payload: payload, received: date)
            defer { state.reloadPending = true }
            return !state.reloadPending
        }
        if ask { center.reloadTimelines(ofKind: MQTTWidget.kindName) }
    }

    /// The last message on `topic`, if one came; answers the pending reload.
    func latest(_ topic: String) -> Message? {
        state.withLock { state in
            state.reloadPending = false
            return state.latest[topic]
        }
    }
}
