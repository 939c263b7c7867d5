import DisplayCommands
import Foundation
import NightstandTesting
import Testing

@testable import Network

/// The controls for Home Assistant through a real Mosquitto: Idle off (minutes), Night red
/// (percent) and, on a display with the photos view, Photos interval (seconds), announced as
/// config numbers, their states published, their command the display's own words.
@Suite("Controls over MQTT and Home Assistant")
struct ControlChannelsTests {
    /// The number configs announced and the controls' states, once `count` configs are there.
    private func announced(_ broker: Broker, count: Int) -> [String: [String: Any]] {
        var configs: [String: [String: Any]] = [:]
        _ = eventually {
            let retained = (try? broker.retained("homeassistant/number/#")) ?? [:]
            configs = retained.compactMapValues { try? HomeAssistantSchema.object($0) }
            return configs.count == count
        }
        return configs
    }

    @Test("idle off, night red and photos interval are config numbers with state and command")
    func numbers() throws {
        let broker = try Broker()
        let host = FakeHost()
        host.update {
            $0.state.views = ["widgets", "photos"]
            $0.state.controls = ["idle-off": 600, "night-red": 40, "photos-interval": 30]
        }
        let bridge = try MQTTBridgeTests.startedBridge(broker, host: host)
        defer { bridge.stop() }
        let configs = announced(broker, count: 6)
        #expect(configs.count == 6, "\(configs.keys.sorted())")
        #expect(
            eventually {
                let states = (try? broker.retained("nightstand/test/+")) ?? [:]
                return states["nightstand/test/idle-off"] == "600"
                    && states["nightstand/test/night-red"] == "40"
                    && states["nightstand/test/photos-interval"] == "30"
            })
        let base = "homeassistant/number/nightstand-test/"
        let idle = configs[base + "idle_off/config"] ?? [:]
        let red = configs[base + "night_red/config"] ?? [:]
        let photos = configs[base + "photos_interval/config"] ?? [:]
        for config in [idle, red, photos] {
            #expect(HomeAssistantSchema.problems(component: "number", config: config) == [])
            #expect(config["entity_category"] as? String == "config")
        }
        #expect(idle["name"] as? String == "Idle off")
        #expect(idle["unit_of_measurement"] as? String == "min")
        #expect(idle["device_class"] as? String == "duration")
        #expect(idle["min"] as? Double == 0 && idle["max"] as? Double == 10080)
        #expect(idle["value_template"] as? String == "{{ (value | float / 60) | round(1) }}")
        #expect(red["unit_of_measurement"] as? String == "%")
        #expect(red["min"] as? Double == 1 && red["max"] as? Double == 100)
        #expect(photos["unit_of_measurement"] as? String == "s")
        #expect(photos["min"] as? Double == 5 && photos["max"] as? Double == 86400)

        // What Home Assistant sends (its template rendered) is a command the display reads.
        let rendered: [(config: [String: Any], value: String, command: DisplayCommand)] = [
            (idle, "600", .setControl(.idleOff, 600)), (red, "25", .setControl(.nightRed, 25)),
            (photos, "45", .setControl(.photosInterval, 45)),
        ]
        for (config, value, command) in rendered {
            let template = config["command_template"] as? String ?? ""
            let sent = template.replacingOccurrences(
                of: #"\{\{[^}]*\}\}"#, with: value, options: .regularExpression)
            #expect(try DisplayCommand(json: Array(sent.utf8)) == command, "\(sent)")
            try broker.publish(config["command_topic"] as? String ?? "", sent)
        }
        #expect(
            eventually {
                Set(rendered.map(\.command)).isSubset(of: Set(host.recorded.commands))
            })
    }

    @Test("without the photos view there is no photos interval")
    func noPhotos() throws {
        let broker = try Broker()
        let host = FakeHost()
        host.update { $0.state.controls = ["idle-off": 0, "night-red": 100] }
        let bridge = try MQTTBridgeTests.startedBridge(broker, host: host)
        defer { bridge.stop() }
        let configs = announced(broker, count: 5)
        #expect(configs.count == 5)
        #expect(configs["homeassistant/number/nightstand-test/photos_interval/config"] == nil)
        #expect(
            eventually {
                (try? broker.retained("nightstand/test/idle-off"))?["nightstand/test/idle-off"]
                    == "0"
            })
    }
}
