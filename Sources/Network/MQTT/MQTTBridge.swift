import DisplayCommands
import FoundationEssentials
import Synchronization
import SystemSupport

/// The display on MQTT: its states published, its commands taken, Home Assistant told what it
/// is.
///
/// On each connection it publishes `online` (retained; the last will says `offline`), the
/// discovery messages, and every state; afterwards a state is published only when it changes
/// (``hostChanged()``). Commands on `<base>/mode/set`, `<base>/reload` and `<base>/view/set`
/// go to the host's verbs, exactly as `nightstand mode` and `nightstand reload` do; a command
/// that isn't one (an unknown mode, a retained message) is ignored and logged, escaped, at
/// most 10 lines per topic a minute (``LogLimiter``). Messages on the other subscribed topics
/// (the `mqtt` widgets') go to `onMessage`. Home Assistant's `online` announces the display
/// again, at most once per 10 s (``AnnouncementSchedule``), as does a publish the client had
/// to drop.
///
/// ```swift
/// let bridge = MQTTBridge(settings: settings, host: host, subscriptions: board.topics,
///                         onMessage: board.receive)
/// bridge.start()
/// // whenever the host's status changes:
/// bridge.hostChanged()
/// ```
public final class MQTTBridge: Sendable {
    /// The settings it was made with.
    public let settings: MQTTSettings
    /// The display's topics.
    public let topics: MQTTTopics
    let host: any NetworkHost
    let client: MQTTClient?
    let discovery: HomeAssistantDiscovery?
    private let subscriptions: [String]
    private let onMessage: @Sendable (MQTTMessage) -> Void
    private let log: Logger
    let complaints: LogLimiter
    private let schedule = AnnouncementSchedule()
    let published = Mutex(Published())
    let diagnostics = Diagnostics()
    private let failure: MQTTConnectionState?
    private let fleet: FleetMember?
    /// The picture of the screen Home Assistant's image entity shows; nil without discovery.
    let screenImage: ScreenImage?

    /// What was published last, to publish changes only.
    struct Published {
        var values: [String: String] = [:]
        var lux: Double?
        var views: [String]?
        /// Whether the illuminance sensor is announced: once a light sensor has read.
        var light = false
        /// Whether the occupancy sensor is announced: once a presence key has said.
        var presence = false
        /// The alarms announced, by id.
        var alarms: [String] = []
    }

    /// A bridge for `host`, also subscribed to `subscriptions`.
    ///
    /// Their messages go to `onMessage`; `onStateChange` hears each connection state (on the
    /// client's thread). With `fleet`, it is a fleet's member (``FleetMember``).
    ///
    /// Checks the CA file and reads the password file now: a problem with either is logged
    /// and the bridge stays ``MQTTConnectionState/failed(reason:)``.
    public init(
        settings: MQTTSettings, fleet: FleetSettings? = nil, host: any NetworkHost,
        subscriptions: [String] = [],
        onMessage: @escaping @Sendable (MQTTMessage) -> Void = { _ in },
        onStateChange: @escaping @Sendable (MQTTConnectionState) -> Void = { _ in },
        about: DeviceAbout = DeviceAbout(), log: Logger = Logger(label: "nightstand.mqtt")
    ) {
        let settings = fleet.map { settings.member(of: $0) } ?? settings
        self.settings = settings
        self.host = host
        self.subscriptions = subscriptions
        (self.onMessage, self.log, complaints) = (onMessage, log, LogLimiter(log: log))
        let topics = MQTTTopics(base: settings.baseTopic)
        self.topics = topics
        self.fleet = fleet.map { FleetMember(settings: $0, host: host) }
        discovery = settings.discoveryPrefix.map { prefix in
            HomeAssistantDiscovery(
                prefix: prefix, deviceID: settings.deviceID,
                deviceName: settings.deviceName, topics: topics,
                modes: DisplayMode.allCases.map(\.rawValue), about: about)
        }
        let relay = MQTTBridgeRelay()
        screenImage = discovery.map { _ in
            ScreenImage(host: host) { png in
                guard let bridge = relay.bridge else { return }
                _ = bridge.client?.publish(topic: bridge.topics.screen, payload: png, retain: true)
            }
        }
        var password: String?
        do {
            try settings.checkCAFile()
            password = try settings.readPassword()
            failure = nil
        } catch {
            failure = .failed(reason: "\(error)")
            log.error("mqtt: not connecting to \(settings.broker): \(error)")
        }
        if let failure { onStateChange(failure) }
        guard failure == nil else {
            client = nil
            return
        }
        var options = MQTTClient.Options(
            broker: settings.broker, caFile: settings.caFile, username: settings.username,
            password: password, clientID: settings.clientID, keepalive: settings.keepalive,
            will: (topics.availability, "offline"))
        if fleet?.acceptConfig == true { options.maximumPacketSize = FleetMember.packetLimit }
        client = MQTTClient(
            options: options,
            events: MQTTClient.Events(
                connected: { relay.bridge?.announce() },
                message: { message in relay.bridge?.received(message) },
                stateChanged: onStateChange, serviced: { relay.bridge?.serviced() }),
            log: log)
        relay.bridge = self
    }

    /// The connection state now.
    public var connection: MQTTConnectionState { failure ?? client?.state ?? .stopped }

    /// The kernel's id of the client's thread once it runs (for measuring wake-ups).
    var clientThread: Int32? { client?.thread }

    /// The client's publishes waiting for their acknowledgement (for tests).
    var outstanding: MQTTOutstanding? { client?.outstanding }

    /// How many times the display was announced (for tests).
    var announcements: Int { schedule.announcements }

    /// Starts connecting (on the client's own thread).
    public func start() {
        client?.start()
    }

    /// Publishes `offline`, disconnects and stops.
    public func stop() {
        client?.stop(goodbye: (topics.availability, "offline"))
    }

    /// Publishes what changed in the host's ``DisplayState`` since the last publication.
    public func hostChanged() {
        publishStates(announcing: false)
    }

    /// A frame was presented: Home Assistant's picture of the screen follows.
    ///
    /// Returns at once; ``ScreenImage`` takes the picture on a thread of its own.
    public func frameChanged() {
        if self.client != nil { screenImage?.frameChanged() }
    }

    // MARK: On the client's thread

    /// A new connection: online, discovery, every state, then the subscriptions.
    private func announce() {
        guard let client else { return }
        schedule.announced()
        client.publish(topic: topics.availability, payload: "online", retain: true)
        publishStates(announcing: true)
        _ = publishDiagnostics(force: true)  // and the readings, for the first time
        screenImage?.refresh()  // and the picture of the screen
        var topics = self.topics.commands + [self.topics.command] + subscriptions
        topics += fleet?.commandTopics ?? []
        topics += fleet?.configLayers.map(\.topic) ?? []
        if let discovery { topics.append(discovery.statusTopic) }
        client.subscribe(topics)
    }

    private func received(_ message: MQTTMessage) {
        if let fleet, fleet.commandTopics.contains(message.topic) {
            let why = fleet.receive(message, via: client) { [weak self] in self?.hostChanged() }
            if let why { ignore(message, why) }
        } else if let fleet, fleet.configLayers.contains(where: { $0.topic == message.topic }) {
            fleet.receiveConfig(message) { [weak self] in self?.hostChanged() }
        } else if topics.commands.contains(message.topic) || message.topic == topics.command {
            command(message)
        } else if let discovery, message.topic == discovery.statusTopic {
            // Home Assistant (re)started: announce the device again.
            if message.payload == Array("online".utf8) && !message.retained
                && schedule.request()
            {
                publishStates(announcing: true)
            }
        } else {
            onMessage(message)
        }
    }

    /// Makes the announcement that is due, if one is, and logs how many ignored commands were
    /// left out; when to be called again.
    private func serviced() -> ContinuousClock.Instant? {
        let summaries = complaints.flush()
        let (announceNow, folded, next) = schedule.service()
        let health = publishDiagnostics()
        if fleet != nil { publishStates(announcing: false) }  // a new candidate from apt
        guard announceNow else { return [summaries, next, health].compactMap { $0 }.min() }
        if folded > 0 {
            log.notice(
                "mqtt: announced again once for \(folded + 1) requests in "
                    + "\(schedule.interval.components.seconds) s")
        }
        publishStates(announcing: true)
        return [summaries, health].compactMap { $0 }.min()
    }

    // MARK: States

    /// Publishes the states that changed, or all of them and the discovery when
    /// `announcing` (a new connection, Home Assistant's restart).
    ///
    /// A publish the client drops (too many wait for the broker) asks for an announcement:
    /// everything is published again once the interval allows.
    private func publishStates(announcing: Bool) {
        guard let client else { return }
        let state = host.state()
        let complete = published.withLock { published -> Bool in
            if announcing {
                // A light sensor that has read stays announced while it is away.
                published = Published(
                    light: published.light, presence: published.presence,
                    alarms: published.alarms)
            }
            var complete = true
            func update(_ topic: String, _ value: String) {
                guard published.values[topic] != value else { return }
                published.values[topic] = value
                complete = client.publish(topic: topic, payload: value, retain: true) && complete
            }
            // Until a light sensor reads, Home Assistant has no illuminance entity.
            let light = published.light || state.lux != nil
            let presence = published.presence || state.presence != nil
            let alarms = (state.alarms ?? []).map(\.id)
            if let discovery,
                published.views != state.views || published.light != light
                    || published.presence != presence || published.alarms != alarms
                    || announcing
            {
                for message in discovery.messages(
                    views: state.views, light: light, presence: presence, alarms: alarms,
                    formerAlarms: published.alarms)
                {
                    complete =
                        client.publish(
                            topic: message.topic, payload: message.payload, retain: true)
                        && complete
                }
                published.views = state.views
                published.light = light
                published.presence = presence
                published.alarms = alarms
            }
            update(topics.mode, state.mode.rawValue)
            update(topics.appearance, state.appearance)
            if Self.luxChanged(from: published.lux, to: state.lux)
                || published.values[topics.lux] == nil
            {
                published.lux = state.lux
                update(topics.lux, state.lux.map { $0.fixed(1) } ?? "None")
            }
            if !state.views.isEmpty { update(topics.view, state.view ?? "") }
            if let there = state.presence { update(topics.presence, there ? "ON" : "OFF") }
            let numbers =
                (state.brightness ?? [:]).map { (topics.brightness($0), $1) }
                + (state.controls ?? [:]).map { (topics.control($0), $1) }
            for (topic, value) in numbers { update(topic, value.fixed(0)) }
            if let list = state.alarms {
                update(topics.alarmNext, state.nextAlarm?.next.map(Self.timestamp) ?? "None")
                update(topics.alarmRinging, state.ringingAlarm == nil ? "OFF" : "ON")
                for alarm in list { update(topics.alarm(alarm.id), alarm.enabled ? "ON" : "OFF") }
            }
            if let fleet,
                let document = fleet.document(state: state, lux: published.lux, force: announcing)
            {
                complete =
                    client.publish(topic: fleet.stateTopic, payload: document.json, retain: true)
                    && complete
            }
            return complete
        }
        if !complete && client.state == .connected { schedule.requestLater() }
    }

    /// `2026-11-30T07:00:00Z`: a timestamp as Home Assistant's sensors read it.
    static func timestamp(_ date: Date) -> String { date.formatted(.iso8601) }

    /// Whether the light changed enough to publish: by 5 % (at least 0.5 lx), or to or from `None`.
    static func luxChanged(from old: Double?, to new: Double?) -> Bool {
        switch (old, new) {
        case (nil, nil): return false
        case (let old?, let new?): return abs(new - old) >= max(0.5, old * 0.05)
        default: return true
        }
    }
}
