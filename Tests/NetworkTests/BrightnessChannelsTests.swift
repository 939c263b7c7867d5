import DisplayCommands
import Foundation
import NightstandTesting
import Testing

@testable import Network

/// The brightness numbers for Home Assistant through a real Mosquitto: announced as config
/// numbers of 0 to 100 %, their states published, their command the display's own words.
@Suite("Brightness over MQTT and Home Assistant")
struct BrightnessChannelsTests {
    @Test("day, dim and night brightness are config numbers with their state and command")
    func numbers() throws {
        let broker = try Broker()
        let host = FakeHost()
        host.update { $0.state.brightness = ["day": 100, "dim": 40, "night": 12] }
        let bridge = try MQTTBridgeTests.startedBridge(broker, host: host)
        defer { bridge.stop() }
        var configs: [String: String] = [:]
        #expect(
            eventually {
                configs = (try? broker.retained("homeassistant/number/#")) ?? [:]
                let states = (try? broker.retained("nightstand/test/brightness/#")) ?? [:]
                return configs.keys.filter { $0.hasSuffix("_brightness/config") }.count == 3
                    && states["nightstand/test/brightness/night"] == "12"
                    && states["nightstand/test/brightness/day"] == "100"
            })
        let night = try HomeAssistantSchema.object(
            configs["homeassistant/number/nightstand-test/night_brightness/config"] ?? "")
        #expect(HomeAssistantSchema.problems(component: "number", config: night) == [])
        #expect(night["name"] as? String == "Night brightness")
        #expect(night["entity_category"] as? String == "config")
        #expect(night["unit_of_measurement"] as? String == "%")
        #expect(night["min"] as? Double == 0 && night["max"] as? Double == 100)
        #expect(night["state_topic"] as? String == "nightstand/test/brightness/night")
        let template = try #require(night["command_template"] as? String)
        // What Home Assistant sends for 5 is a command the display reads.
        let sent = template.replacingOccurrences(of: "{{ value | int }}", with: "5")
        #expect(try DisplayCommand(json: Array(sent.utf8)) == .setBrightness("night", percent: 5))

        try broker.publish(night["command_topic"] as? String ?? "", sent)
        #expect(eventually { host.recorded.commands.contains(.setBrightness("night", percent: 5)) })
    }
}
