import DisplayCommands
import Foundation
import NightstandTesting
import Testing

@testable import Network

/// Messages on the network: Home Assistant's notify entity through a real Mosquitto, and
/// `POST /api/message` on a real socket.
@Suite("Messages over MQTT, Home Assistant and HTTP")
struct MessageChannelsTests {
    @Test(
        "Home Assistant's notify entity sends its text on <base>/message and the display shows it; too long a text is refused"
    )
    func homeAssistant() throws {
        let broker = try Broker()
        let host = FakeHost()
        let bridge = try MQTTBridgeTests.startedBridge(broker, host: host)
        defer { bridge.stop() }
        let topic = "homeassistant/notify/nightstand-test/message/config"
        var payload = ""
        #expect(
            eventually {
                payload = ((try? broker.retained("homeassistant/notify/#")) ?? [:])[topic] ?? ""
                return !payload.isEmpty
            })
        let config = try HomeAssistantSchema.object(payload)
        #expect(HomeAssistantSchema.problems(component: "notify", config: config) == [])
        #expect(config["command_topic"] as? String == "nightstand/test/message")

        try broker.publish("nightstand/test/message", "Laundry done\nnow")
        let shown = try DisplayMessage("Laundry done now")
        #expect(eventually { host.recorded.commands.contains(.showMessage(shown)) })
        try broker.publish("nightstand/test/message", String(repeating: "x", count: 201))
        try broker.publish("nightstand/test/message", "Front door open")
        let door = try DisplayMessage("Front door open")
        #expect(eventually { host.recorded.commands.contains(.showMessage(door)) })
        #expect(host.recorded.commands.count == 2, "the 201 characters were refused")
    }

    @Test("POST /api/message shows a message, or says what one looks like")
    func http() throws {
        let host = FakeHost()
        let server = try HTTPServerTests.server(host)
        defer { server.stop() }
        let http = RawHTTP(port: server.address.port)
        let posted = try http.request(
            "POST", "/api/message", token: HTTPServerTests.token,
            body: #"{"text": "Washing machine done", "seconds": 60, "wake": true}"#)
        #expect(posted.status == 202)
        #expect(posted.text.contains("message --for 60 --wake Washing machine done"))
        let washing = try DisplayMessage("Washing machine done", seconds: 60, wakes: true)
        #expect(host.recorded.commands == [.showMessage(washing)])

        let long = try http.request(
            "POST", "/api/message", token: HTTPServerTests.token,
            body: #"{"text": "\#(String(repeating: "y", count: 201))"}"#)
        #expect(long.status == 400)
        #expect(long.text.contains("at most 200 characters"))
        let forever = try http.request(
            "POST", "/api/message", token: HTTPServerTests.token,
            body: #"{"text": "hi", "seconds": 99999}"#)
        #expect(forever.status == 400)
        let notJSON = try http.request(
            "POST", "/api/message", token: HTTPServerTests.token, body: #"{"message":"hi"}"#)
        #expect(notJSON.status == 400)
        #expect(notJSON.text.contains(#"{\"text\""#) || notJSON.text.contains("text"))
        #expect(host.recorded.commands.count == 1)
    }
}
