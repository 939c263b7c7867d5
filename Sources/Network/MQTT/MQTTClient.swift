import CMosquitto
import Dispatch
import FoundationEssentials
import Synchronization
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

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
/// sleeps until the next attempt (1 s, 2 s, 4 s … up to 60 s after each failure). The log
/// gets one line per change of state, not one per attempt.
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
        public var stateChanged: @Sendable (MQTTConnectionState) -> Void

        /// Creates the callbacks.
        public init(
            connected: @escaping @Sendable () -> Void = {},
            message: @escaping @Sendable (MQTTMessage) -> Void = { _ in },
            stateChanged: @escaping @Sendable (MQTTConnectionState) -> Void = { _ in }
        ) {
            self.connected = connected
            self.message = message
            self.stateChanged = stateChanged
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
    public var state: MQTTConnectionState { session.state.withLock { $0 } }

    /// The kernel's id of the client's thread once it runs (for measuring its wake-ups).
    var thread: Int32? { session.thread.withLock { $0 } }

    /// Starts the client's thread, which connects and stays connected until ``stop()``.
    public func start() {
        let session = session
        let started = DetachedThread.start(name: "nightstand mqtt") { session.run() }
        if !started {
            session.change(to: .failed(reason: "no thread could be started"))
            session.finished.signal()
        }
    }

    /// Publishes a message at QoS 1; dropped when not connected (the owner publishes its
    /// states again on each connection).
    public func publish(topic: String, payload: String, retain: Bool) {
        publish(topic: topic, payload: Array(payload.utf8), retain: retain)
    }

    /// Publishes bytes at QoS 1; dropped when not connected.
    public func publish(topic: String, payload: [UInt8], retain: Bool) {
        session.withHandle { handle in
            _ = payload.withUnsafeBytes { bytes in
                mosquitto_publish(
                    handle, nil, topic, Int32(bytes.count), bytes.baseAddress, 1, retain)
            }
        }
    }

    /// Subscribes to topics at QoS 1 (call it from ``Events/connected``: a new connection
    /// starts without subscriptions).
    public func subscribe(_ topics: [String]) {
        session.withHandle { handle in
            for topic in topics { _ = mosquitto_subscribe(handle, nil, topic, 1) }
        }
    }

    /// Says `goodbye`, disconnects cleanly and stops the thread (idempotent).
    ///
    /// `goodbye` is a retained message, such as availability `offline`, published if
    /// connected. Returns once the thread has ended, or after 2 s if it is stuck in a
    /// connection attempt (it ends by itself when that attempt does).
    public func stop(goodbye: (topic: String, payload: String)? = nil) {
        guard session.beginStopping(goodbye: goodbye) else { return }
        _ = session.finished.wait(timeout: .now() + 2)
    }
}

/// The state shared by a client and its thread; it outlives the client while the thread runs.
private final class Session: @unchecked Sendable {
    // Sendable: `handle` is used by other threads only under `lock` while `alive`; the thread
    // destroys it under the lock. The rest is immutable or in mutexes.
    let options: MQTTClient.Options
    let events: MQTTClient.Events
    let log: Logger
    let state = Mutex(MQTTConnectionState.connecting)
    let finished = DispatchSemaphore(value: 0)
    /// The kernel's id of the thread, once it runs.
    let thread = Mutex<Int32?>(nil)
    private let lock = Mutex(Shared())
    private let wakeup = Wakeup()
    /// What the callbacks learned about the current attempt.
    private let attempt = Mutex(Attempt())

    private struct Shared {
        var handle: Handle?
        var stopping = false
        var connected = false
    }

    /// Why the current connection attempt or connection ended, as the callbacks saw it.
    private struct Attempt {
        var refusal: String?
        var lastLibraryError: String?
    }

    init(options: MQTTClient.Options, events: MQTTClient.Events, log: Logger) {
        self.options = options
        self.events = events
        self.log = log
    }

    /// Runs `body` with the handle while it exists and the broker accepted us.
    func withHandle(_ body: (OpaquePointer) -> Void) {
        lock.withLock { shared in
            guard let handle = shared.handle, shared.connected, !shared.stopping else { return }
            body(handle.raw)
        }
    }

    /// Marks the session stopping, says goodbye and disconnects; false if already stopping.
    func beginStopping(goodbye: (topic: String, payload: String)?) -> Bool {
        let first = lock.withLock { shared -> Bool in
            guard !shared.stopping else { return false }
            shared.stopping = true
            if let handle = shared.handle?.raw {
                if shared.connected, let goodbye {
                    let payload = Array(goodbye.payload.utf8)
                    _ = payload.withUnsafeBytes { bytes in
                        mosquitto_publish(
                            handle, nil, goodbye.topic, Int32(bytes.count), bytes.baseAddress, 1,
                            true)
                    }
                }
                mosquitto_disconnect(handle)
            }
            return true
        }
        wakeup?.signal()
        return first
    }

    private var isStopping: Bool { lock.withLock { $0.stopping } }

    /// Records a new state and reports it: to the owner always, to the log once per
    /// situation.
    func change(to new: MQTTConnectionState) {
        let old = state.withLock { state in
            defer { state = new }
            return state
        }
        guard new != old else { return }
        events.stateChanged(new)
        guard !new.sameSituation(as: old) else { return }
        let broker = options.broker
        switch new {
        case .connecting: log.info("mqtt: connecting to \(broker)")
        case .connected: log.info("mqtt: connected to \(broker) as \(options.clientID)")
        case .stopped: log.info("mqtt: disconnected from \(broker)")
        case .disconnected(let reason, _):
            log.warning("mqtt: \(broker): \(reason); retrying with back-off up to 60 s")
        case .failed(let reason): log.error("mqtt: not connecting to \(broker): \(reason)")
        }
    }

    // MARK: The client's thread

    /// Connects, serves and reconnects until stopped, with a new libmosquitto handle for each
    /// attempt (a handle that failed, TLS's above all, keeps state that fails the next one).
    func run() {
        defer { finished.signal() }
        let id = DetachedThread.currentID
        thread.withLock { $0 = id }
        var backoff = Backoff()
        while !isStopping {
            attempt.withLock { $0 = Attempt() }
            guard let handle = makeHandle() else { return }
            let connectedBefore = connect(handle)
            if connectedBefore {
                serve(handle)
                if case .connected = state.withLock({ $0 }) { backoff.reset() }
            }
            lock.withLock { shared in
                shared.handle = nil
                shared.connected = false
            }
            mosquitto_destroy(handle)
            guard !isStopping else { break }
            let delay = backoff.delay()
            change(
                to: .disconnected(
                    reason: failureReason(connected: connectedBefore),
                    retry: Date().addingTimeInterval(delay)))
            sleep(seconds: delay)
        }
        change(to: .stopped)
    }

    /// A configured libmosquitto handle, or nil (logged, state set) when one can't be made.
    private func makeHandle() -> OpaquePointer? {
        if let problem = MosquittoLibrary.problem {
            change(to: .failed(reason: problem))
            return nil
        }
        guard let handle = mosquitto_new(options.clientID, true, nil) else {
            change(to: .failed(reason: "libmosquitto could not make a client"))
            return nil
        }
        mosquitto_user_data_set(handle, Unmanaged.passUnretained(self).toOpaque())
        _ = mosquitto_threaded_set(handle, true)
        _ = mosquitto_int_option(handle, MOSQ_OPT_PROTOCOL_VERSION, MQTT_PROTOCOL_V5)
        var problem: String?
        if let username = options.username,
            mosquitto_username_pw_set(handle, username, options.password) != MOSQ_ERR_SUCCESS.raw
        {
            problem = "the user name or password was refused by libmosquitto"
        }
        if let will = options.will {
            let payload = Array(will.payload.utf8)
            let rc = payload.withUnsafeBytes { bytes in
                mosquitto_will_set(
                    handle, will.topic, Int32(bytes.count), bytes.baseAddress, 1, true)
            }
            if rc != MOSQ_ERR_SUCCESS.raw { problem = "the last will was refused by libmosquitto" }
        }
        if options.broker.usesTLS {
            let rc =
                if let caFile = options.caFile {
                    mosquitto_tls_set(handle, caFile, nil, nil, nil, nil)
                } else {
                    mosquitto_int_option(handle, MOSQ_OPT_TLS_USE_OS_CERTS, 1)
                }
            if rc != MOSQ_ERR_SUCCESS.raw {
                problem =
                    "TLS could not be set up: \(Self.words(rc))"
                    + (options.caFile.map { " (ca_file \($0))" } ?? "")
            }
        }
        if let problem {
            mosquitto_destroy(handle)
            change(to: .failed(reason: problem))
            return nil
        }
        mosquitto_connect_v5_callback_set(handle) { _, context, code, _, _ in
            Session.from(context)?.connectAnswered(code)
        }
        mosquitto_disconnect_callback_set(handle) { _, context, code in
            Session.from(context)?.disconnected(code)
        }
        mosquitto_message_callback_set(handle) { _, context, message in
            guard let message else { return }
            Session.from(context)?.received(message.pointee)
        }
        mosquitto_log_callback_set(handle) { _, context, level, text in
            guard level & Int32(MOSQ_LOG_ERR) != 0, let text else { return }
            Session.from(context)?.noteLibraryError(String(cString: text))
        }
        let owned = Handle(raw: handle)
        lock.withLock { $0.handle = owned }
        return handle
    }

    private static func from(_ context: UnsafeMutableRawPointer?) -> Session? {
        context.map { Unmanaged<Session>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Opens the TCP (and TLS) connection and sends CONNECT; false when that failed.
    private func connect(_ handle: OpaquePointer) -> Bool {
        var properties: OpaquePointer? = nil
        _ = mosquitto_property_add_int32(
            &properties, Int32(MQTT_PROP_MAXIMUM_PACKET_SIZE.rawValue),
            UInt32(options.maximumPacketSize))
        defer { mosquitto_property_free_all(&properties) }
        let code = mosquitto_connect_bind_v5(
            handle, options.broker.host, Int32(options.broker.port), Int32(options.keepalive),
            nil, properties)
        guard code == MOSQ_ERR_SUCCESS.raw else {
            let failure = connectFailure(code, errno: errno)
            attempt.withLock { $0.refusal = failure }
            return false
        }
        return true
    }

    /// Runs libmosquitto's loop until the connection ends or the client stops; notes why it
    /// ended when no callback said (a TLS handshake that fails in the loop calls none).
    private func serve(_ handle: OpaquePointer) {
        let timeout = Int32(options.keepalive * 1000)
        while !isStopping {
            let code = mosquitto_loop(handle, timeout, 1)
            guard code == MOSQ_ERR_SUCCESS.raw else {
                let failure = lostConnection(code, errno: errno)
                attempt.withLock { attempt in
                    if attempt.refusal == nil { attempt.refusal = failure }
                }
                return
            }
        }
    }

    /// Sleeps `seconds`, or until stopped.
    private func sleep(seconds: TimeInterval) {
        guard let wakeup else {
            usleep(UInt32(seconds * 1_000_000))
            return
        }
        var fds = [pollfd(fd: wakeup.descriptor, events: Int16(POLLIN), revents: 0)]
        let deadline = Date().addingTimeInterval(seconds)
        while !isStopping {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return }
            _ = poll(&fds, 1, Int32(left * 1000) + 1)
            if fds[0].revents != 0 { wakeup.drain() }
        }
    }

    // MARK: Callbacks (on the client's thread, inside libmosquitto)

    private func connectAnswered(_ code: Int32) {
        guard code == 0 else {
            let reason = String(cString: mosquitto_reason_string(code))
            attempt.withLock { $0.refusal = "the broker refused the connection: \(reason)" }
            return
        }
        lock.withLock { $0.connected = true }
        change(to: .connected)
        events.connected()
    }

    private func noteLibraryError(_ line: String) {
        attempt.withLock { $0.lastLibraryError = line }
    }

    private func disconnected(_ code: Int32) {
        guard code != 0 else { return }
        let failure = lostConnection(code, errno: errno)
        attempt.withLock { attempt in
            if attempt.refusal == nil { attempt.refusal = failure }
        }
    }

    private func received(_ message: mosquitto_message) {
        guard let topic = message.topic, message.payloadlen >= 0,
            message.payloadlen <= Int32(options.maximumPacketSize)
        else { return }
        let count = Int(message.payloadlen)
        let payload =
            message.payload.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
        events.message(
            MQTTMessage(topic: String(cString: topic), payload: payload, retained: message.retain))
    }

    // MARK: Words

    /// Why the connection ended, for the state and the log.
    private func failureReason(connected: Bool) -> String {
        if let refusal = attempt.withLock({ $0.refusal }) { return refusal }
        return connected ? "the connection was lost" : "the connection failed"
    }

    /// A failed connection attempt in words, with the system's reason.
    private func connectFailure(_ code: Int32, errno: Int32) -> String {
        switch code {
        case MOSQ_ERR_ERRNO.raw: return "can't connect: \(systemError(errno))"
        case MOSQ_ERR_EAI.raw:
            return "can't resolve \(options.broker.host): \(String(cString: gai_strerror(errno)))"
        case MOSQ_ERR_TLS.raw: return lostConnection(code, errno: errno)
        default: return "can't connect: \(Self.words(code))"
        }
    }

    /// An established connection's end in words.
    private func lostConnection(_ code: Int32, errno: Int32) -> String {
        switch code {
        case MOSQ_ERR_TLS.raw:
            let detail = attempt.withLock { $0.lastLibraryError }
            return "TLS failed" + (detail.map { ": \($0)" } ?? "")
        case MOSQ_ERR_ERRNO.raw: return "the connection was lost: \(systemError(errno))"
        default: return "the connection was lost: \(Self.words(code))"
        }
    }

    /// libmosquitto's words for one of its error codes.
    static func words(_ code: Int32) -> String {
        String(cString: mosquitto_strerror(code))
    }
}

/// libmosquitto's client handle, which the session lets other threads use only under its lock
/// and destroys only on its own thread.
private struct Handle: @unchecked Sendable {
    let raw: OpaquePointer
}

extension mosq_err_t {
    /// The code as libmosquitto's functions return it.
    fileprivate var raw: Int32 { Int32(rawValue) }
}

/// libmosquitto, opened and set up once, before the first client: a display without `[mqtt]`
/// never loads it (nor the OpenSSL it links).
private enum MosquittoLibrary {
    /// Why libmosquitto can't be used (not installed: Debian's `libmosquitto1`); nil when it
    /// can.
    static let problem: String? = {
        var error = [CChar](repeating: 0, count: 256)
        guard nightstand_mosquitto_load(&error, error.count) == 0 else {
            let text = String(
                decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return text + "; install libmosquitto1"
        }
        return mosquitto_lib_init() == MOSQ_ERR_SUCCESS.raw ? nil : "libmosquitto failed to start"
    }()
}
