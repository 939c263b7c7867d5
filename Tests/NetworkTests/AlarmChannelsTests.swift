import DisplayCommands
import Foundation
import NightstandTesting
import Testing

@testable import Network

/// The alarms on the network: Home Assistant's entities and states through a real Mosquitto,
/// and `/api/alarms` on a real socket.
@Suite("Alarms over MQTT, Home Assistant and HTTP")
struct AlarmChannelsTests {
    static let next = Date(timeIntervalSince1970: 1_796_022_000)

    static func alarms(_ ids: [String], ringing: String? = nil) -> [AlarmSummary] {
        ids.map { id in
            AlarmSummary(
                id: id, label: id.capitalized, time: "07:00", days: "mon-fri", enabled: id != "gym",
                next: id == "gym" ? nil : next, phase: id == ringing ? .ringing : .waiting)
        }
    }

    @Test(
        "Home Assistant sees the next alarm, whether one rings, a switch per alarm and the snooze and dismiss buttons; an alarm removed loses its switch"
    )
    func homeAssistant() throws {
        let broker = try Broker()
        let host = FakeHost()
        host.update { $0.state.alarms = Self.alarms(["work", "gym"]) }
        let bridge = try MQTTBridgeTests.startedBridge(broker, host: host)
        defer { bridge.stop() }
        var configs: [String: String] = [:]
        #expect(
            eventually {
                configs = ((try? broker.retained("homeassistant/#")) ?? [:])
                return configs.keys.contains(
                    "homeassistant/switch/nightstand-test/alarm_gym/config")
            })
        for key in [
            "sensor/nightstand-test/next_alarm", "binary_sensor/nightstand-test/alarm_ringing",
            "button/nightstand-test/alarm_snooze", "button/nightstand-test/alarm_dismiss",
            "switch/nightstand-test/alarm_work",
        ] {
            let payload = try #require(configs["homeassistant/\(key)/config"], "\(key)")
            let config = try HomeAssistantSchema.object(payload)
            let component = String(key.split(separator: "/")[0])
            #expect(HomeAssistantSchema.problems(component: component, config: config) == [])
        }
        let next = try HomeAssistantSchema.object(
            configs["homeassistant/sensor/nightstand-test/next_alarm/config"] ?? "")
        #expect(next["device_class"] as? String == "timestamp")
        let work = try HomeAssistantSchema.object(
            configs["homeassistant/switch/nightstand-test/alarm_work/config"] ?? "")
        #expect(work["payload_off"] as? String == #"{"command":"alarm set work off","version":1}"#)
        #expect(
            eventually {
                let states = (try? broker.retained("nightstand/test/alarm/#")) ?? [:]
                return states["nightstand/test/alarm/next"] == "2026-11-30T07:00:00Z"
                    && states["nightstand/test/alarm/ringing"] == "OFF"
                    && states["nightstand/test/alarm/work"] == "ON"
                    && states["nightstand/test/alarm/gym"] == "OFF"
            })

        // Ringing, then the gym alarm removed by a reload.
        host.update { $0.state.alarms = Self.alarms(["work"], ringing: "work") }
        bridge.hostChanged()
        #expect(
            eventually {
                let states = (try? broker.retained("nightstand/test/alarm/#")) ?? [:]
                let configs = (try? broker.retained("homeassistant/switch/#")) ?? [:]
                return states["nightstand/test/alarm/ringing"] == "ON"
                    && configs["homeassistant/switch/nightstand-test/alarm_gym/config"] == nil
                    && configs["homeassistant/switch/nightstand-test/alarm_work/config"] != nil
            })

        // The snooze button's press reaches the display as the command.
        let snooze = try HomeAssistantSchema.object(
            configs["homeassistant/button/nightstand-test/alarm_snooze/config"] ?? "")
        try broker.publish(
            snooze["command_topic"] as? String ?? "", snooze["payload_press"] as? String ?? "")
        #expect(eventually { host.recorded.commands.contains(.alarm(.snooze)) })
    }

    @Test(
        "GET /api/alarms lists them; POST /api/alarms sends a command, or says what one looks like")
    func http() throws {
        let host = FakeHost()
        let server = try HTTPServerTests.server(host)
        defer { server.stop() }
        let http = RawHTTP(port: server.address.port)
        let empty = try http.request("GET", "/api/alarms", token: HTTPServerTests.token)
        #expect(empty.text == #"{"alarms":[]}"#)
        host.update { $0.state.alarms = Self.alarms(["work"]) }
        let list = try http.request("GET", "/api/alarms", token: HTTPServerTests.token)
        #expect(list.status == 200)
        #expect(list.text.contains(#""id":"work""#))
        #expect(list.text.contains(#""next":"2026-11-30T07:00:00Z""#))
        #expect(list.text.contains(#""phase":"waiting""#))

        let skip = try http.request(
            "POST", "/api/alarms", token: HTTPServerTests.token, body: #"{"alarm":"skip work"}"#)
        #expect(skip.status == 202)
        #expect(host.recorded.commands == [.alarm(.skip("work"))])
        let bad = try http.request(
            "POST", "/api/alarms", token: HTTPServerTests.token, body: #"{"alarm":"ring"}"#)
        #expect(bad.status == 400)
        #expect(bad.text.contains("alarm snooze, alarm dismiss"))
        let notJSON = try http.request(
            "POST", "/api/alarms", token: HTTPServerTests.token, body: #"{"mode":"night"}"#)
        #expect(notJSON.status == 400)
        #expect(host.recorded.commands.count == 1)
    }
}
