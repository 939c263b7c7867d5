import DisplayCommands
import FoundationEssentials
import Raster
import Synchronization
import SystemSupport

/// A display's side of a fleet: the commands it takes for all, its groups and itself, each
/// applied once, and its state document.
///
/// A command carries an id (``FleetTopics``); the display remembers the last
/// ``rememberedIDs`` ids and applies a command whose id it has seen only once, so a command
/// delivered again (QoS 1 after a reconnection, or sent to the display and to its group) acts
/// once. What came of it (done, or refused and why) is published in the state document's
/// `command`, which the operator's `nightstand fleet command` waits for.
final class FleetMember: Sendable {
    /// The settings it was made with.
    let settings: FleetSettings
    /// The fleet's topics.
    let topics: FleetTopics
    /// The topics it takes commands on: all, its groups', its own.
    let commandTopics: [String]
    /// The layers and topics of the configuration it takes from the broker (none without
    /// `accept_config`).
    let configLayers: [(layer: String, topic: String)]
    private let store: FleetConfigStore
    private let host: any NetworkHost
    private let apt: AptCandidate
    private let started: Int
    private let memory = Mutex(Memory())
    /// Whether a screenshot is being made (a request meanwhile is ignored).
    private let photographing = Mutex(false)

    /// The largest packet a member taking configuration accepts: 1 MiB, so that a document
    /// over ``FleetConfigStore/limit`` reaches it and is refused aloud (the broker drops
    /// larger ones for it unsaid).
    static let packetLimit = 1 << 20

    /// How many command ids a display remembers.
    static let rememberedIDs = 256

    private struct Memory {
        var seen: [String] = []
        var answer: FleetState.Answer?
        var error: String?
        /// The document published last, without its `updated`.
        var published: FleetState?
    }

    /// The member `settings` describe, driving `host`; its state names the version `apt`
    /// would install.
    init(
        settings: FleetSettings, host: any NetworkHost, store: FleetConfigStore = .shared,
        apt: AptCandidate = .shared, started: Date = Date()
    ) {
        self.settings = settings
        self.host = host
        self.store = store
        self.apt = apt
        topics = settings.topics
        configLayers =
            settings.acceptConfig
            ? settings.topics.configLayers(id: settings.id, groups: settings.groups) : []
        commandTopics =
            [topics.all] + settings.groups.map(topics.group) + [
                topics.display(settings.id).command, topics.screenshotRequest(settings.id),
            ]
        self.started = Int(started.timeIntervalSince1970)
    }

    /// The topic of its state document.
    var stateTopic: String { topics.state(settings.id) }

    /// Takes a command from `message` and posts it to the host, unless its id was seen.
    ///
    /// `answered` is called once the host applied or refused it. Returns why the message was
    /// ignored, if it was (nil also for a command seen before).
    func receive(
        _ message: MQTTMessage, via client: MQTTClient?,
        answered: @escaping @Sendable () -> Void
    ) -> String? {
        guard !message.retained else {
            return "a retained command would act again on every connection"
        }
        if message.topic == topics.screenshotRequest(settings.id) {
            if let client { photograph(client) }
            return nil
        }
        let (commandID, problem) = Self.commandID(message.payload)
        if let problem { return refuse(problem, id: nil) }
        if let commandID {
            let seen = memory.withLock { memory -> Bool in
                guard !memory.seen.contains(commandID) else { return true }
                memory.seen.append(commandID)
                if memory.seen.count > Self.rememberedIDs { memory.seen.removeFirst() }
                return false
            }
            guard !seen else { return nil }
        }
        let command: DisplayCommand
        do throws(CommandError) {
            command = try DisplayCommand(json: message.payload)
        } catch {
            let why = refuse(error.description, id: commandID)
            answered()
            return why
        }
        host.send(command) { [self] result in
            memory.withLock { memory in
                if let commandID {
                    memory.answer = FleetState.Answer(
                        id: commandID, done: result.isDone, message: result.message)
                }
                if !result.isDone { memory.error = "\(command): \(result.message)" }
            }
            answered()
        }
        return nil
    }

    /// Takes a configuration document from `message` and tries it when its turn comes.
    ///
    /// The message is retained, on one of ``configLayers``' topics; the host reloads with the
    /// document in place of its layer's good one. `answered` is called once it was applied
    /// or refused.
    func receiveConfig(_ message: MQTTMessage, answered: @escaping @Sendable () -> Void) {
        guard let layer = configLayers.first(where: { $0.topic == message.topic })?.layer else {
            return
        }
        switch store.offer(layer: layer, payload: message.payload) {
        case .same: return
        case .refused: answered()
        case .queued: tryNext(answered: answered)
        }
    }

    /// Tries the next document waiting, unless one is being tried.
    private func tryNext(answered: @escaping @Sendable () -> Void) {
        guard store.nextTrial() != nil else { return }
        host.send(.reloadConfiguration) { [self] result in
            store.finish(applied: result.isDone, message: result.message)
            answered()
            tryNext(answered: answered)
        }
    }

    /// Publishes the frame shown as PNG on the screenshot topic, from a thread of its own (the
    /// frame is copied on the display's loop, which may take a moment); or why there is none.
    private func photograph(_ client: MQTTClient) {
        let busy = photographing.withLock { busy in
            defer { busy = true }
            return busy
        }
        guard !busy else { return }
        let topic = topics.screenshot(settings.id)
        let started = DetachedThread.start(name: "nightstand shot") { [self] in
            defer { photographing.withLock { $0 = false } }
            let picture: [UInt8]
            switch host.framePNG() {
            case .success(let png): picture = png
            case .failure(let problem): picture = Array(problem.description.utf8)
            }
            client.publish(topic: topic, payload: picture, retain: false)
        }
        if !started { photographing.withLock { $0 = false } }
    }

    /// Records a refusal (with the command's id, when it had one); `why`.
    private func refuse(_ why: String, id: String?) -> String {
        memory.withLock { memory in
            memory.error = why
            if let id { memory.answer = FleetState.Answer(id: id, done: false, message: why) }
        }
        return why
    }

    /// The id of a command's JSON object (nil when it has none), or what is wrong with it
    /// when it is not 1 to 64 printable ASCII characters.
    static func commandID(_ payload: [UInt8]) -> (id: String?, problem: String?) {
        struct Envelope: Decodable {
            var id: String?
        }
        guard payload.count <= DisplayCommand.wireLimit,
            let envelope = try? JSONDecoder().decode(Envelope.self, from: Data(payload)),
            let id = envelope.id
        else { return (nil, nil) }
        guard (1...64).contains(id.utf8.count),
            id.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F })
        else { return (nil, "a command id must be 1 to 64 printable ASCII characters") }
        return (id, nil)
    }

    /// The state document for `state`, or nil when it says nothing new since the last one
    /// published; `force` (a new connection) always makes one.
    func document(state: DisplayState, lux: Double?, force: Bool, now: Date = Date())
        -> FleetState?
    {
        memory.withLock { memory in
            let document = FleetState(
                id: settings.id, groups: settings.groups, program: BuildVersion.version,
                candidate: apt.candidate(), state: state, lux: lux, started: started, updated: 0,
                error: memory.error,
                command: memory.answer,
                config: settings.acceptConfig
                    ? store.report(layers: configLayers.map(\.layer)) : nil)
            guard force || document != memory.published else { return nil }
            memory.published = document
            var stamped = document
            stamped.updated = Int(now.timeIntervalSince1970)
            return stamped
        }
    }
}
