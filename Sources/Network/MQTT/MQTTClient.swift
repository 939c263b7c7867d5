import Dispatch
import FoundationEssentials
import Synchronization
import SystemSupport

/// One message from the broker.
public struct MQTTMessage: Equatable, Sendable {
    /// The topic it was published on.
    public var topic: String
    /// Its payload, at most ``MQTTClient/Options/maximumPacketSize`` bytes.
    public var payload: [UInt8]
    /// Whether the broker kept it from before we subscribed.
    public var retained: Bool

    /// Creates a message.
    public init(topic: String, payload: [UInt8], retained: Bool) {
        self.topic = topic
        self.payload = payload
        self.retained = retained
    }
}

/// An MQTT 5 connection on libmosquitto, served by a thread of its own that connects,
/// reconnects with back-off, and hands messages and state changes to its ``Events``.
///
/// The thread sleeps in libmosquitto's wait on the socket until a packet arrives, a publish
/// from another thread wakes it, or the keep-alive is due: an idle connection costs one ping
/// and its answer per keep-alive interval, and nothing else. While the broker is away it
/// sleeps until the next attempt (``Backoff``: about 1 s, 2 s, 4 s … up to 60 s, each with
/// jitter, back to 1 s only once a connection has stayed up 60 s). The log gets one line per
/// change of state, not one per attempt.
///
/// At most ``Options/maximumOutstanding`` publishes wait for the broker's acknowledgement;
/// more are dropped, counted and logged (``publish(topic:payload:retain:)`` says false), so a
/// broker that acknowledges slowly can't grow the client's memory. ``stop(goodbye:)`` never
/// waits on a connection attempt: one that hangs (an unanswering host, DNS, a TLS handshake)
/// is abandoned, and its thread ends when the attempt does.
///
/// ```swift
/// let client = MQTTClient(options: options, events: events, log: log)
/// client.start()
/// client.publish(topic: "nightstand/bedroom/mode", payload: "night", retain: true)
/// client.stop()
/// ```
///
/// Every method may be called from any thread.
public final class MQTTClient: Sendable {
    /// How to reach the broker and who to be.
    public struct Options: Sendable {
        /// The broker.
        public var broker: BrokerAddress
        /// The CA file for TLS; nil trusts the system's CAs.
        public var caFile: String?
        /// The user; nil connects anonymously.
        public var username: String?
        /// The password; nil sends none.
        public var password: String?
        /// The client identifier.
        public var clientID: String
        /// Seconds between keep-alive checks of an idle connection.
        public var keepalive: Int
        /// The last will: what the broker publishes (retained) when the connection dies
        /// without a goodbye.
        public var will: (topic: String, payload: String)?
        /// The largest packet the broker may send us, told it on connecting: bigger messages
        /// are dropped by the broker instead of filling our memory.
        ///
        /// Default: 64 KiB.
        public var maximumPacketSize = 65536
        /// The most publishes that may wait for the broker's acknowledgement (or for their
        /// turn to be sent); more are dropped.
        ///
        /// Default: 100, ten times what a connection's announcement publishes.
        public var maximumOutstanding = 100
        /// The waits between connection attempts.
        var backoff = Backoff()
        /// How long ``MQTTClient/stop(goodbye:)`` waits for a connected client to say goodbye
        /// and end its thread, in seconds; well within the program's 1 s stop deadline.
        var stopWait: TimeInterval = 0.5

        /// Creates options.
        public init(
            broker: BrokerAddress, caFile: String? = nil, username: String? = nil,
            password: String? = nil, clientID: String, keepalive: Int = 60,
            will: (topic: String, payload: String)? = nil
        ) {
            self.broker = broker
            self.caFile = caFile
            self.username = username
            self.password = password
            self.clientID = clientID
            self.keepalive = keepalive
            self.will = will
        }
    }

    /// What the client tells its owner, on the client's thread.
    public struct Events: Sendable {
        /// The broker accepted the connection: subscribe and publish now.
        public var connected: @Sendable () -> Void
        /// A message arrived on a subscribed topic.
        public var message: @Sendable (MQTTMessage) -> Void
        /// The connection state changed (also from another thread, on `stop`).
        ///
        /// Never after ``MQTTConnectionState/stopped``. Called in the order the states were
        /// set, under the client's lock: it must not call the client back.
        public var stateChanged: @Sendable (MQTTConnectionState) -> Void
        /// Called after each round of traffic of a connection, and when the time it asked for
        /// last came: returns when to be called again at the latest (nil: only after traffic).
        public var serviced: @Sendable () -> ContinuousClock.Instant?

        /// Creates the callbacks.
        public init(
            connected: @escaping @Sendable () -> Void = {},
            message: @escaping @Sendable (MQTTMessage) -> Void = { _ in },
            stateChanged: @escaping @Sendable (MQTTConnectionState) -> Void = { _ in },
            serviced: @escaping @Sendable () -> ContinuousClock.Instant? = { nil }
        ) {
            self.connected = connected
            self.message = message
            self.stateChanged = stateChanged
            self.serviced = serviced
        }
    }

    private let session: Session

    /// A client that does nothing until ``start()``.
    public init(
        options: Options, events: Events, log: Logger = Logger(label: "nightstand.mqtt")
    ) {
        session = Session(options: options, events: events, log: log)
    }

    /// The connection state now.
    public var state: MQTTConnectionState { session.state }

    /// The kernel's id of the client's thread once it runs (for measuring its wake-ups).
    var thread: Int32? { session.thread.withLock { $0 } }

    /// Publishes waiting for the broker's acknowledgement now, and the most there were.
    var outstanding: MQTTOutstanding { session.outstanding.withLock { $0 } }

    /// Starts the client's thread, which connects and stays connected until ``stop()``.
    public func start() {
        let session = session
        let started = DetachedThread.start(name: "nightstand mqtt") { session.run() }
        if !started {
            session.change(to: .failed(reason: "no thread could be started"))
            session.finished.signal()
        }
    }

    /// Publishes a message at QoS 1; false when it was dropped: not connected (the owner
    /// publishes its states again on each connection), or ``Options/maximumOutstanding``
    /// publishes wait already.
    @discardableResult
    public func publish(topic: String, payload: String, retain: Bool) -> Bool {
        publish(topic: topic, payload: Array(payload.utf8), retain: retain)
    }

    /// Publishes bytes at QoS 1; false when dropped.
    @discardableResult
    public func publish(topic: String, payload: [UInt8], retain: Bool) -> Bool {
        session.publish(topic: topic, payload: payload, retain: retain)
    }

    /// Subscribes to topics at QoS 1 (call it from ``Events/connected``: a new connection
    /// starts without subscriptions).
    public func subscribe(_ topics: [String]) {
        session.subscribe(topics)
    }

    /// Says `goodbye`, disconnects cleanly and stops the thread (idempotent); the state is
    /// ``MQTTConnectionState/stopped`` when it returns.
    ///
    /// `goodbye` is a retained message, such as availability `offline`, published if
    /// connected. Returns at once while a connection attempt is under way (the attempt is
    /// abandoned: its thread ends by itself when the attempt does, and reports nothing more);
    /// otherwise once the thread has ended, or after ``Options/stopWait``.
    public func stop(goodbye: (topic: String, payload: String)? = nil) {
        guard let attempting = session.beginStopping(goodbye: goodbye) else { return }
        if !attempting {
            _ = session.finished.wait(timeout: .now() + session.options.stopWait)
        }
        session.change(to: .stopped)
    }
}

/// The publishes of a connection that wait for the broker's acknowledgement.
struct MQTTOutstanding: Equatable {
    /// Waiting now.
    var count = 0
    /// The most that waited at once.
    var peak = 0
}
