import Foundation
import NightstandTesting
import Settings
import Synchronization
import SystemSupport
import Testing
import Widgets

@testable import BuiltinWidgets
@testable import Network

/// The bridge against a real Mosquitto broker on loopback, with Mosquitto's own clients as
/// the other side (what Home Assistant would see and send).
@Suite("MQTT bridge")
struct MQTTBridgeTests {
    /// A bridge for `host` on `broker`, started, with base topic `nightstand/test` and device
    /// id `nightstand-test`.
    static func startedBridge(
        _ broker: Broker, host: FakeHost, extra: [String: SettingsValue] = [:],
        subscriptions: [String] = [],
        onMessage: @escaping @Sendable (MQTTMessage) -> Void = { _ in },
        about: DeviceAbout = DeviceAbout(), log: Logger = Logger(label: "test")
    ) throws -> MQTTBridge {
        var values: [String: SettingsValue] = ["url": .string(broker.url)]
        values.merge(extra) { $1 }
        let settings = try MQTTSettings(section: table("mqtt", values), hostname: "test")
        let bridge = MQTTBridge(
            settings: settings, host: host, subscriptions: subscriptions, onMessage: onMessage,
            about: about, log: log)
        bridge.start()
        return bridge
    }

    @Test("on connecting it publishes online, the discovery and every state, all retained")
    func announces() throws {
        let broker = try Broker()
        let host = FakeHost()
        let bridge = try Self.startedBridge(broker, host: host)
        defer { bridge.stop() }
        #expect(eventually { bridge.connection == .connected })
        var retained: [String: String] = [:]
        #expect(
            eventually {
                retained = (try? broker.retained("#")) ?? [:]
                return retained.count == 30
            })
        #expect(retained["nightstand/test/availability"] == "online")
        #expect(retained["nightstand/test/mode"] == "auto")
        #expect(retained["nightstand/test/appearance"] == "day")
        #expect(retained["nightstand/test/lux"] == "120.0")
        #expect(retained["nightstand/test/view"] == nil, "a host without views has no view state")
        let configs = retained.keys.filter { $0.hasPrefix("homeassistant/") }.sorted()
        #expect(
            configs == [
                "homeassistant/button/nightstand-test/reload/config",
                "homeassistant/button/nightstand-test/reload_configuration/config",
                "homeassistant/button/nightstand-test/restart/config",
                "homeassistant/image/nightstand-test/screen_picture/config",
                "homeassistant/notify/nightstand-test/message/config",
                "homeassistant/number/nightstand-test/day_brightness/config",
                "homeassistant/number/nightstand-test/dim_brightness/config",
                "homeassistant/number/nightstand-test/idle_off/config",
                "homeassistant/number/nightstand-test/night_brightness/config",
                "homeassistant/number/nightstand-test/night_red/config",
                "homeassistant/select/nightstand-test/mode/config",
                "homeassistant/sensor/nightstand-test/address/config",
                "homeassistant/sensor/nightstand-test/appearance/config",
                "homeassistant/sensor/nightstand-test/illuminance/config",
                "homeassistant/sensor/nightstand-test/last_error/config",
                "homeassistant/sensor/nightstand-test/memory/config",
                "homeassistant/sensor/nightstand-test/started/config",
                "homeassistant/sensor/nightstand-test/temperature/config",
                "homeassistant/switch/nightstand-test/screen/config",
                "homeassistant/update/nightstand-test/update/config",
            ])
    }

    @Test("a mode sent to mode/set reaches the host, and its new state is published")
    func modeCommand() throws {
        let broker = try Broker()
        let host = FakeHost()
        let bridge = try Self.startedBridge(broker, host: host)
        defer { bridge.stop() }
        #expect(eventually { bridge.connection == .connected })
        // Commands count only once the bridge has subscribed: send until one arrives.
        #expect(
            eventually {
                try? broker.publish("nightstand/test/mode/set", "night")
                return !host.recorded.modeRequests.isEmpty
            })
        #expect(Set(host.recorded.modeRequests) == ["night"])
        bridge.hostChanged()
        #expect(
            eventually {
                (try? broker.retained("nightstand/test/mode")) == ["nightstand/test/mode": "night"]
            })

        try broker.publish("nightstand/test/reload", "PRESS")
        #expect(eventually { host.recorded.reloads == 1 })
    }

    @Test("states are published when they change, and only then")
    func changesOnly() throws {
        let broker = try Broker()
        let host = FakeHost()
        let bridge = try Self.startedBridge(broker, host: host)
        defer { bridge.stop() }
        #expect(eventually { bridge.connection == .connected })
        let subscriber = try broker.subscriber("nightstand/#", probe: "nightstand/probe")
        let before = subscriber.lines().filter { !$0.hasPrefix("nightstand/probe ") }

        // The same state again, and light within the dead band: nothing new.
        host.update { $0.state.lux = 122 }
        bridge.hostChanged()
        bridge.hostChanged()
        host.update { $0.state.appearance = "night" }
        bridge.hostChanged()
        host.update { $0.state.lux = nil }
        bridge.hostChanged()
        #expect(
            eventually {
                subscriber.lines().contains("nightstand/test/lux None")
            })
        let after = subscriber.lines().filter { !$0.hasPrefix("nightstand/probe ") }
        #expect(
            Array(after.dropFirst(before.count))
                == ["nightstand/test/appearance night", "nightstand/test/lux None"])
    }

    @Test("a command that isn't one is ignored and logged, and the display keeps its state")
    func badCommands() throws {
        let broker = try Broker()
        let host = FakeHost()
        let recorder = LogRecorder()
        // Left on the broker from before: it would set the mode on every connection.
        try broker.publish("nightstand/test/mode/set", "night", retain: true)
        let bridge = try Self.startedBridge(broker, host: host, log: recorder.logger(label: "test"))
        defer { bridge.stop() }
        #expect(
            eventually {
                recorder.messages.contains {
                    $0.contains("ignored \"night\" on nightstand/test/mode/set: a retained command")
                }
            })
        #expect(
            eventually {
                try? broker.publish("nightstand/test/mode/set", "purple")
                return recorder.messages.contains {
                    $0.contains("ignored \"purple\" on nightstand/test/mode/set: expected auto")
                }
            })
        try broker.publish("nightstand/test/view/set", "photos")
        #expect(
            eventually {
                recorder.messages.contains { $0.contains("this display shows one view") }
            })
        #expect(host.recorded.modeRequests.isEmpty)
        #expect(host.recorded.viewRequests.isEmpty)
    }

    @Test("the view select appears once the host offers views, and takes view commands")
    func views() throws {
        let broker = try Broker()
        let host = FakeHost()
        let bridge = try Self.startedBridge(broker, host: host)
        defer { bridge.stop() }
        #expect(eventually { bridge.connection == .connected })
        host.update { recorded in
            recorded.state.views = ["widgets", "clock", "photos"]
            recorded.state.view = "widgets"
        }
        bridge.hostChanged()
        let topic = "homeassistant/select/nightstand-test/view/config"
        var retained: [String: String] = [:]
        #expect(
            eventually {
                retained = (try? broker.retained("#")) ?? [:]
                // The states follow the discovery in the same round.
                return retained[topic] != nil && retained["nightstand/test/view"] != nil
            })
        #expect(retained["nightstand/test/view"] == "widgets")
        let config = try HomeAssistantSchema.object(retained[topic] ?? "")
        #expect(config["options"] as? [String] == ["widgets", "clock", "photos"])
        #expect(
            eventually {
                try? broker.publish("nightstand/test/view/set", "clock")
                return !host.recorded.viewRequests.isEmpty
            })
        #expect(Set(host.recorded.viewRequests) == ["clock"])
        // `next` steps as `nightstand view next` does; a name the host doesn't have is not
        // passed on.
        try broker.publish("nightstand/test/view/set", "kitchen")
        #expect(
            eventually {
                try? broker.publish("nightstand/test/view/set", "next")
                return host.recorded.viewRequests.contains("next")
            })
        #expect(!host.recorded.viewRequests.contains("kitchen"))

        // Views gone: the select is removed (its retained config cleared).
        host.update { recorded in
            recorded.state.views = []
            recorded.state.view = nil
        }
        bridge.hostChanged()
        #expect(eventually { (try? broker.retained("#"))?[topic] == nil })
    }

    @Test("messages on other subscribed topics go to the bridge's owner")
    func subscriptions() throws {
        let broker = try Broker()
        let received = Mutex<[MQTTMessage]>([])
        try broker.publish("home/temperature", "21.5", retain: true)
        let bridge = try Self.startedBridge(
            broker, host: FakeHost(), subscriptions: ["home/temperature"],
            onMessage: { message in received.withLock { $0.append(message) } })
        defer { bridge.stop() }
        #expect(eventually { !received.withLock { $0 }.isEmpty })
        let first = received.withLock { $0.first }
        #expect(
            first
                == MQTTMessage(
                    topic: "home/temperature", payload: Array("21.5".utf8), retained: true))
    }

    @Test("a message over 64 KiB never reaches the display, and the connection stays up")
    func oversized() throws {
        let broker = try Broker()
        let received = Mutex<[MQTTMessage]>([])
        let recorder = LogRecorder()
        let bridge = try Self.startedBridge(
            broker, host: FakeHost(), subscriptions: ["home/camera"],
            onMessage: { message in received.withLock { $0.append(message) } },
            log: recorder.logger(label: "test"))
        defer { bridge.stop() }
        #expect(eventually { bridge.connection == .connected })
        // The broker keeps to itself what a client said it can't take (MQTT 5's maximum
        // packet size); a command under it is read from its first 200 bytes only.
        try broker.publish("home/camera", String(repeating: "x", count: 100_000))
        try broker.publish("nightstand/test/mode/set", String(repeating: "y", count: 60_000))
        try broker.publish("home/camera", "small")
        #expect(eventually { !received.withLock { $0 }.isEmpty })
        #expect(
            eventually {
                recorder.messages.contains {
                    $0.contains(
                        "ignored \"" + String(repeating: "y", count: 40) + "… (60000 bytes)\"")
                }
            })
        #expect(received.withLock { $0.map(\.payload) } == [Array("small".utf8)])
        #expect(bridge.connection == .connected)
        #expect(recorder.messages.filter { $0.contains("mqtt: connected") }.count == 1)
    }

    @Test("stopping publishes offline: Home Assistant shows the entities unavailable")
    func goodbye() throws {
        let broker = try Broker()
        let bridge = try Self.startedBridge(broker, host: FakeHost())
        #expect(eventually { bridge.connection == .connected })
        bridge.stop()
        #expect(bridge.connection == .stopped)
        let availability = try broker.retained("nightstand/test/availability")
        #expect(availability == ["nightstand/test/availability": "offline"])
    }
}

/// The `mqtt` widget fed by a real broker through the bridge: what Home Assistant publishes
/// shows on the widget.
@Suite("MQTT widget over a broker")
struct MQTTWidgetBrokerTests {
    @Test("a value published on the widget's topic reaches its timeline, retained ones at once")
    func published() async throws {
        let broker = try Broker()
        let center = WidgetCenter()
        let board = TopicBoard(center: center)
        let descriptor = try MQTTWidget.kind(board: board).make(
            WidgetOptions([
                "topic": .string("zigbee2mqtt/bedroom"), "field": .string("temperature"),
                "unit": .string("°C"),
            ]))
        try broker.publish("zigbee2mqtt/bedroom", #"{"temperature": 19.5}"#, retain: true)
        let bridge = try MQTTBridgeTests.startedBridge(
            broker, host: FakeHost(), subscriptions: board.topics,
            onMessage: { board.receive(topic: $0.topic, payload: $0.payload) })
        defer { bridge.stop() }
        #expect(eventually { center.takeReloadRequest().kinds == ["mqtt"] })
        let first = try await shown(descriptor)
        #expect(first == "19.5 °C")

        try broker.publish("zigbee2mqtt/bedroom", #"{"temperature": 20.25, "humidity": 51}"#)
        #expect(eventually { center.takeReloadRequest().kinds == ["mqtt"] })
        let second = try await shown(descriptor)
        #expect(second == "20.25 °C")
    }

    /// The value and unit the widget's first entry shows now.
    private func shown(_ descriptor: WidgetDescriptor) async throws -> String {
        let timeline = try await descriptor.provider.timeline(
            in: TimelineProviderContext(family: .systemSmall, date: Date()))
        guard let entry = timeline.entries.first as? MQTTEntry,
            case .value(let output, _, false) = entry.content,
            case .number(let value) = output.value
        else { return "nothing" }
        return "\(value) \(output.unit ?? "")"
    }
}
