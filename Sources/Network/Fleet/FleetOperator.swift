import DisplayCommands
import FoundationEssentials
import Synchronization
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The operator's side of a fleet, talking to the broker only: who is there, and commands to
/// all, a group or one display with their answers.
///
/// ``connect(timeout:)`` subscribes to every display's state and availability, then publishes
/// a probe on a topic of its own and waits for it to come back: the broker sends a
/// subscription's retained messages before it handles the next packet, so once the probe is
/// back, every display the broker knows has been heard.
///
/// ```swift
/// let fleet = FleetOperator(options: options, topics: FleetTopics(root: "nightstand"))
/// try fleet.connect(timeout: .seconds(5))
/// let answers = fleet.send(command, to: .group("bedrooms"), timeout: .seconds(10))
/// fleet.stop()
/// ```
public final class FleetOperator: Sendable {
    /// A display as the broker last told of it.
    public struct Display: Equatable, Sendable {
        /// Its id.
        public var id: String
        /// Its state document; nil when only its availability was heard.
        public var state: FleetState?
        /// `online` or `offline`; nil when not heard.
        public var availability: String?

        /// Whether it is connected to the broker now.
        public var isOnline: Bool { availability == "online" }
    }

    /// Whom a command is for.
    public enum Target: Equatable, Sendable {
        /// Every display.
        case all
        /// The displays of a group.
        case group(String)
        /// One display.
        case device(String)
    }

    /// What one display made of a command.
    public enum Outcome: Equatable, Sendable {
        /// Applied; what it did.
        case done(String)
        /// Refused; why.
        case refused(String)
        /// No answer within the time allowed.
        case noAnswer
        /// Offline: not reached.
        case offline
    }

    /// What a fleet operation could not do.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }

    /// The fleet's topics.
    public let topics: FleetTopics
    private let client: MQTTClient
    private let inbox: OperatorInbox

    /// An operator that connects with `options`, logging its connection to `log`.
    public init(
        options: MQTTClient.Options, topics: FleetTopics,
        log: Logger = Logger(label: "nightstand.fleet")
    ) {
        self.topics = topics
        var options = options
        // Screenshots are bigger than the states a display's client expects.
        options.maximumPacketSize = max(options.maximumPacketSize, Self.pictureLimit)
        let probe = "\(topics.root)/fleet/operator/\(options.clientID)"
        let inbox = OperatorInbox(topics: topics, probe: probe)
        self.inbox = inbox
        client = MQTTClient(
            options: options,
            events: MQTTClient.Events(
                connected: {
                    inbox.client?.subscribe([topics.states, topics.availabilities, probe])
                    inbox.client?.publish(topic: probe, payload: "probe", retain: false)
                },
                message: { inbox.note($0) },
                stateChanged: { new in inbox.state.withLock { $0 = new } }), log: log)
        inbox.client = client
    }

    /// Connects and waits until every display the broker knows was heard; throws when the
    /// broker can't be reached or refuses within `timeout`.
    public func connect(timeout: Duration) throws(Failure) {
        client.start()
        let deadline = ContinuousClock.now + timeout
        while !inbox.probeBack.withLock({ $0 }) {
            guard ContinuousClock.now < deadline else {
                let state = inbox.state.withLock { $0 }
                client.stop()
                let why: String =
                    switch state {
                    case .disconnected(let reason, _), .failed(let reason): reason
                    default: "no answer from the broker"
                    }
                throw Failure(description: "the broker did not answer in time: \(why)")
            }
            usleep(5_000)
        }
    }

    /// Every display heard, by id.
    public var displays: [Display] {
        inbox.seen.withLock { $0.values.sorted { $0.id < $1.id } }
    }

    /// Sends `command` to `target` with a new id and waits up to `timeout` for each online
    /// target's answer; the outcome by display id.
    ///
    /// The targets are the displays heard that `target` names (a device never heard is
    /// still sent its command and waited for).
    public func send(_ command: DisplayCommand, to target: Target, timeout: Duration)
        -> [String: Outcome]
    {
        let id = UUID().uuidString.lowercased()
        let (targets, topic, _) = aim(target)
        var wire = String(decoding: command.json.dropLast(), as: UTF8.self)
        wire += ",\"id\":\"\(id)\"}"
        return wait(for: targets, timeout: timeout) {
            client.publish(topic: topic, payload: wire, retain: false)
        } answer: { state in
            guard let answer = state.command, answer.id == id else { return nil }
            return answer.done ? .done(answer.message) : .refused(answer.message)
        }
    }

    /// Publishes `document` (TOML), retained, as the configuration of `target`'s layer (also
    /// when no target is online: each applies it as it connects) and waits up to `timeout` for
    /// each online target to apply or refuse it; the outcome by display id.
    public func push(_ document: [UInt8], to target: Target, timeout: Duration)
        -> [String: Outcome]
    {
        let revision = FleetConfigStore.revision(of: document)
        let (targets, _, layer) = aim(target)
        // Retained whoever is online: a display offline now applies it when it connects.
        client.publish(topic: topics.config(layer), payload: document, retain: true)
        return wait(
            for: targets, timeout: timeout,
            answer: { state in
                guard let config = state.config else {
                    return .refused(
                        "takes no configuration from the broker ([fleet] accept_config)")
                }
                if config.layers[layer] == revision { return .done("applied \(revision)") }
                guard let refused = config.refused, refused.layer == layer,
                    refused.revision == revision
                else { return nil }
                return .refused(refused.error)
            })
    }

    /// The displays `target` names, its command topic and its configuration layer.
    private func aim(_ target: Target) -> (displays: [Display], topic: String, layer: String) {
        let known = displays
        switch target {
        case .all:
            return (known, topics.all, "all")
        case .group(let group):
            let members = known.filter { $0.state?.groups.contains(group) ?? false }
            return (members, topics.group(group), "group/\(group)")
        case .device(let device):
            var targets = known.filter { $0.id == device }
            if targets.isEmpty { targets = [Display(id: device, availability: "online")] }
            return (targets, topics.display(device).command, "device/\(device)")
        }
    }

    /// Does `publish` unless no target is online, then waits up to `timeout` until `answer`
    /// has an outcome for each online target's state.
    private func wait(
        for targets: [Display], timeout: Duration, publish: () -> Void = {},
        answer: (FleetState) -> Outcome?
    ) -> [String: Outcome] {
        var outcomes: [String: Outcome] = [:]
        for display in targets { outcomes[display.id] = display.isOnline ? .noAnswer : .offline }
        guard outcomes.values.contains(.noAnswer) else { return outcomes }
        publish()
        let deadline = ContinuousClock.now + timeout
        while outcomes.values.contains(.noAnswer), ContinuousClock.now < deadline {
            usleep(5_000)
            let now = inbox.seen.withLock { $0 }
            for (display, outcome) in outcomes where outcome == .noAnswer {
                guard let state = now[display]?.state, let said = answer(state) else { continue }
                outcomes[display] = said
            }
        }
        return outcomes
    }

    /// The largest screenshot taken, in bytes: 32 MiB.
    public static let pictureLimit = 32 << 20

    /// Display `id`'s screenshot as PNG, or why there is none (the display's words, or no
    /// answer within `timeout`).
    public func screenshot(of id: String, timeout: Duration) -> Result<[UInt8], Failure> {
        let topic = topics.screenshot(id)
        inbox.pictures.withLock { $0[topic] = nil }
        client.subscribe([topic])
        // The broker handles the subscription before this request, on the same connection.
        client.publish(topic: topics.screenshotRequest(id), payload: "get", retain: false)
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let picture = inbox.pictures.withLock({ $0[topic] }) {
                guard picture.starts(with: [0x89, 0x50, 0x4E, 0x47]) else {
                    let words = String(decoding: picture.prefix(200), as: UTF8.self)
                    return .failure(Failure(description: "\(id): \(words)"))
                }
                return .success(picture)
            }
            usleep(5_000)
        }
        return .failure(Failure(description: "\(id): no screenshot within the time allowed"))
    }

    /// Disconnects.
    public func stop() {
        client.stop()
    }
}

/// What the operator's client heard: the displays, whether the probe came back, the
/// connection's state; and the client, which its callbacks reach through it.
private final class OperatorInbox: Sendable {
    let topics: FleetTopics
    let probe: String
    let seen = Mutex([String: FleetOperator.Display]())
    let probeBack = Mutex(false)
    /// The last screenshot by topic.
    let pictures = Mutex([String: [UInt8]]())
    let state = Mutex(MQTTConnectionState.connecting)
    private let reference = Mutex<MQTTClient?>(nil)

    init(topics: FleetTopics, probe: String) {
        self.topics = topics
        self.probe = probe
    }

    var client: MQTTClient? {
        get { reference.withLock { $0 } }
        set { reference.withLock { $0 = newValue } }
    }

    /// Records a state document, an availability, or the probe's return.
    func note(_ message: MQTTMessage) {
        if message.topic == probe {
            probeBack.withLock { $0 = true }
        } else if message.topic.hasSuffix("/screenshot"), !message.retained {
            pictures.withLock { $0[message.topic] = message.payload }
        } else if let id = topics.displayID(in: message.topic, leaf: "state") {
            let state = FleetState(json: message.payload)
            seen.withLock { seen in
                seen[id, default: FleetOperator.Display(id: id)].state = state
            }
        } else if let id = topics.displayID(in: message.topic, leaf: "availability") {
            let text = String(decoding: message.payload.prefix(16), as: UTF8.self)
            seen.withLock { seen in
                seen[id, default: FleetOperator.Display(id: id)].availability = text
            }
        }
    }
}
