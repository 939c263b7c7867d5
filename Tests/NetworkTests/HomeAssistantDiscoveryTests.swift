import Foundation
import NightstandTesting
import Testing

@testable import Network

/// The discovery messages as Home Assistant reads them from the broker: its schema, unique
/// ids, one device, and topics that match what the bridge publishes and subscribes to.
@Suite("Home Assistant discovery")
struct HomeAssistantDiscoveryTests {
    @Test("every message a broker keeps follows Home Assistant's schema and names one device")
    func schema() throws {
        let broker = try Broker()
        let host = FakeHost()
        host.update { $0.state.brightness = ["day": 100, "dim": 40, "night": 10] }
        host.update { recorded in
            recorded.state.controls = ["idle-off": 600, "night-red": 100]
            recorded.state.views = ["widgets", "clock"]
            recorded.state.view = "clock"
        }
        let bridge = try MQTTBridgeTests.startedBridge(
            broker, host: host, extra: ["name": .string("Bedroom display")])
        defer { bridge.stop() }
        var configs: [String: String] = [:]
        #expect(
            eventually {
                configs = ((try? broker.retained("homeassistant/#")) ?? [:])
                return configs.count == 22
            })
        var uniqueIDs: Set<String> = []
        var devices: Set<String> = []
        var stateTopics: Set<String> = []
        var commandTopics: Set<String> = []
        for (topic, payload) in configs {
            #expect(HomeAssistantSchema.problems(topic: topic, prefix: "homeassistant") == [])
            let component = String(topic.split(separator: "/")[1])
            let config = try HomeAssistantSchema.object(payload)
            #expect(HomeAssistantSchema.problems(component: component, config: config) == [])
            #expect(config["availability_topic"] as? String == "nightstand/test/availability")
            uniqueIDs.insert(config["unique_id"] as? String ?? "")
            let device = config["device"] as? [String: Any] ?? [:]
            devices.insert("\(device["identifiers"] ?? "") \(device["name"] ?? "")")
            (config["state_topic"] as? String).map { _ = stateTopics.insert($0) }
            (config["command_topic"] as? String).map { _ = commandTopics.insert($0) }
        }
        #expect(uniqueIDs.count == configs.count, "unique ids are unique")
        #expect(devices == ["[\"nightstand-test\"] Bedroom display"])
        #expect(
            stateTopics == [
                "nightstand/test/mode", "nightstand/test/lux", "nightstand/test/appearance",
                "nightstand/test/view", "nightstand/test/diagnostics/started",
                "nightstand/test/diagnostics/temperature", "nightstand/test/diagnostics/memory",
                "nightstand/test/diagnostics/address", "nightstand/test/diagnostics/last_error",
                "nightstand/test/diagnostics/update", "nightstand/test/brightness/day",
                "nightstand/test/brightness/dim", "nightstand/test/brightness/night",
                "nightstand/test/idle-off", "nightstand/test/night-red",
            ])
        #expect(Set(bridge.topics.commands + [bridge.topics.command]) == commandTopics)
        // Every state topic has its retained state, so Home Assistant shows it at once.
        #expect(
            eventually {
                let states = (try? broker.retained("nightstand/#")) ?? [:]
                return stateTopics.allSatisfy { states[$0] != nil }
            })

        let mode = try HomeAssistantSchema.object(
            configs["homeassistant/select/nightstand-test/mode/config"] ?? "")
        #expect(mode["options"] as? [String] == ["auto", "day", "dim", "night", "off"])
        let appearance = try HomeAssistantSchema.object(
            configs["homeassistant/sensor/nightstand-test/appearance/config"] ?? "")
        #expect(appearance["options"] as? [String] == ["day", "dim", "night", "off"])
        let light = try HomeAssistantSchema.object(
            configs["homeassistant/sensor/nightstand-test/illuminance/config"] ?? "")
        #expect(light["device_class"] as? String == "illuminance")
        #expect(light["unit_of_measurement"] as? String == "lx")
    }

    @Test("Home Assistant's birth message makes the display announce itself again")
    func birth() throws {
        let broker = try Broker()
        let bridge = try MQTTBridgeTests.startedBridge(broker, host: FakeHost())
        defer { bridge.stop() }
        #expect(eventually { ((try? broker.retained("homeassistant/#")) ?? [:]).count == 20 })
        let subscriber = try broker.subscriber("homeassistant/#", probe: "homeassistant/probe")
        let announced = {
            subscriber.lines().filter { $0.hasSuffix("/config {") || $0.contains("/config {\"") }
                .count
        }
        let before = announced()
        #expect(
            eventually {
                try? broker.publish("homeassistant/status", "online")
                return announced() >= before + 4
            })
    }

    @Test("discovery_prefix = \"\" publishes no discovery at all")
    func off() throws {
        let broker = try Broker()
        let bridge = try MQTTBridgeTests.startedBridge(
            broker, host: FakeHost(), extra: ["discovery_prefix": .string("")])
        defer { bridge.stop() }
        #expect(eventually { ((try? broker.retained("nightstand/#")) ?? [:]).count == 10 })
        let discovery = try broker.retained("homeassistant/#")
        #expect(discovery.isEmpty)
    }
}
