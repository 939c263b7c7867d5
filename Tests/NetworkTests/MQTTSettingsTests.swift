import Testing
import Widgets

@testable import Network

@Suite("MQTT settings")
struct MQTTSettingsTests {
    @Test("defaults come from the host name")
    func defaults() throws {
        let settings = try MQTTSettings(
            WidgetOptions(["url": .string("mqtt://broker.lan")]), hostname: "Bedroom-Pi")
        #expect(settings.broker == BrokerAddress(host: "broker.lan", port: 1883, usesTLS: false))
        #expect(settings.clientID == "nightstand-bedroom-pi")
        #expect(settings.baseTopic == "nightstand/bedroom-pi")
        #expect(settings.discoveryPrefix == "homeassistant")
        #expect(settings.keepalive == 60)
    }
}
