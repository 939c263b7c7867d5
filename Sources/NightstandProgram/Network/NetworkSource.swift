import BuiltinWidgets
import FoundationEssentials
import Network
import Standby
import Synchronization
import SystemSupport

/// The network side, run with the loop: `[mqtt]` and `[http]`.
///
/// The MQTT bridge (Home Assistant, the `mqtt` widgets' topics) and the HTTP server each run
/// on a thread of their own, fed by the host's status and frame observers, acting through its
/// verbs. Their states show in `nightstand status`.
///
/// After a live reload whose `[mqtt]` or `[http]` changed (or whose `mqtt` widgets watch new
/// topics, or whose MQTT password file now holds another password), the changed side is
/// stopped and started again with its new settings.
final class NetworkSource: EventSource {
    private var context: SourceContext?
    private var bridge: MQTTBridge?
    private var server: HTTPServer?
    private var running: Running?
    private var observations: [Observation] = []

    /// What runs now, to tell whether a reload changed it.
    private struct Running: Equatable {
        var mqtt: MQTTSettings?
        var fleet: FleetSettings?
        /// The password file's password as read at the start or reload, or why it could not be.
        var mqttPassword: Result<String?, SettingsFileError>?
        var topics: [String]
        var http: HTTPSettings?
        /// The token file's token as read at the start or reload, or why it could not be: a
        /// token revoked or rotated in the file takes effect on the next reload.
        var httpToken: Result<String, SettingsFileError>?
    }

    /// The network starts after the first frame: libmosquitto, OpenSSL and the threads load
    /// on top of the display's steady pages, not start-up's (``StandbyHost/run(until:)``).
    var startsAfterFirstTurn: Bool { true }

    func start(_ context: SourceContext) throws {
        self.context = context
        apply(context.configuration)
    }

    func stop() {
        observations = []
        bridge?.stop()
        server?.stop()
        bridge = nil
        server = nil
        running = nil
        context?.services.set("mqtt", nil)
        context?.services.set("http", nil)
    }

    func configurationChanged(_ configuration: Configuration) {
        apply(configuration)
    }

    /// Starts what `configuration` asks for, restarting a side whose settings changed.
    private func apply(_ configuration: Configuration) {
        guard let context else { return }
        let board = TopicBoard.shared
        let mqtt = configuration.section(MQTTSection.self)?.settings
        let fleet = configuration.section(FleetSection.self)?.settings
        let http = configuration.section(HTTPSection.self)?.settings
        let wanted = Running(
            mqtt: mqtt, fleet: fleet,
            mqttPassword: mqtt.map { settings in
                Result { () throws(SettingsFileError) in try settings.readPassword() }
            },
            topics: board.topics, http: http,
            httpToken: http.map { settings in
                Result { () throws(SettingsFileError) in try settings.readToken() }
            })
        guard wanted != running else { return }
        let host = DisplayHost(
            events: context.events, status: context.status, frames: context.frames)
        let services = context.services
        if wanted.mqtt != running?.mqtt || wanted.mqttPassword != running?.mqttPassword
            || wanted.topics != running?.topics || wanted.http?.listen != running?.http?.listen
            || wanted.fleet != running?.fleet
        {
            bridge?.stop()
            bridge = wanted.mqtt.map { settings in
                let settings = wanted.fleet.map { settings.member(of: $0) } ?? settings
                let bridge = MQTTBridge(
                    settings: settings, fleet: wanted.fleet, host: host,
                    subscriptions: wanted.topics,
                    onMessage: { board.receive(topic: $0.topic, payload: $0.payload) },
                    onStateChange: { services.set("mqtt", Self.words($0, settings)) },
                    about: DeviceAbout(
                        webPage: wanted.http?.listen.webPage, board: BoardModel.current))
                bridge.start()
                return bridge
            }
            if wanted.mqtt == nil {
                services.set("mqtt", nil)
                if wanted.fleet != nil {
                    context.log.warning(
                        "[fleet] needs [mqtt]: add it with the broker's url (docs/fleet.md)")
                }
                if !wanted.topics.isEmpty {
                    context.log.warning(
                        "mqtt widgets show nothing without [mqtt]: add it with the broker's url "
                            + "(docs/network.md)")
                }
            }
        }
        if wanted.http != running?.http || wanted.httpToken != running?.httpToken {
            server?.stop()
            server = nil
            services.set("http", nil)
            if let settings = wanted.http {
                do {
                    let started = try HTTPServer(settings: settings, host: host, log: context.log)
                    server = started
                    services.set("http", "listening on \(started.address)")
                } catch {
                    context.log.error("http: \(error); the HTTP API is off")
                    services.set("http", "off: \(error)")
                }
            }
        }
        running = wanted
        let (bridge, server) = (bridge, server)
        let last = Mutex(host.state())
        observations = [
            // The status changes with every frame; the state MQTT and the page show, rarely.
            context.status.observe { _ in
                let state = host.state()
                let changed = last.withLock { last in
                    defer { last = state }
                    return last != state
                }
                guard changed else { return }
                bridge?.hostChanged()
                server?.stateChanged()
            },
            context.frames.observe { _ in
                server?.frameChanged()
                bridge?.frameChanged()
            },
        ]
    }

    /// The MQTT state as `nightstand status` says it.
    private static func words(_ state: MQTTConnectionState, _ settings: MQTTSettings) -> String {
        switch state {
        case .connected: "connected to \(settings.broker) as \(settings.clientID)"
        case .connecting: "connecting to \(settings.broker)"
        default: state.description(now: Date())
        }
    }
}
