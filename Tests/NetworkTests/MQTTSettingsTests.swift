import Settings
import Testing

@testable import Network

/// `[mqtt]` and `[http]`: defaults, and every bad value named with what was expected.
@Suite("Network settings")
struct NetworkSettingsTests {
    @Test("[mqtt] defaults come from the host name")
    func defaults() throws {
        let settings = try MQTTSettings(
            section: table("mqtt", ["url": .string("mqtt://broker.lan")]), hostname: "Bedroom Pi")
        #expect(settings.broker == BrokerAddress(host: "broker.lan", port: 1883, usesTLS: false))
        #expect(settings.clientID == "nightstand-bedroom_pi")
        #expect(settings.baseTopic == "nightstand/bedroom_pi")
        #expect(settings.discoveryPrefix == "homeassistant")
        #expect(settings.deviceName == "Nightstand Bedroom Pi")
        #expect(settings.keepalive == 60)
    }

    @Test("broker URLs: schemes, ports, IPv6")
    func urls() {
        var problem = ""
        #expect(
            BrokerAddress(url: "mqtts://broker.lan", problem: &problem)
                == BrokerAddress(host: "broker.lan", port: 8883, usesTLS: true))
        #expect(
            BrokerAddress(url: "mqtt://[fd00::1]:1884/", problem: &problem)
                == BrokerAddress(host: "fd00::1", port: 1884, usesTLS: false))
        #expect(
            BrokerAddress(url: "mqtt://[fd00::1]:1884", problem: &problem)?.description
                == "mqtt://[fd00::1]:1884")
        for bad in [
            "http://broker", "mqtt://user:pw@broker", "mqtt://broker:0", "mqtt://broker:99999",
            "mqtt://broker/topic", "mqtt://", "mqtt://[::1", "mqtt://bro ker",
        ] {
            #expect(BrokerAddress(url: bad, problem: &problem) == nil, "\(bad)")
        }
    }

    @Test("an absent or empty table turns MQTT and HTTP off")
    func off() throws {
        #expect(try MQTTSection(section: table("mqtt", [:])).settings == nil)
        #expect(try HTTPSection(section: table("http", [:])).settings == nil)
        let on = try MQTTSection(
            section: table("mqtt", ["url": .string("mqtt://b")]), hostname: "pi")
        #expect(on.settings?.clientID == "nightstand-pi")
    }

    @Test("bad [mqtt] values name the key and what was expected")
    func badMQTT() {
        let cases: [([String: SettingsValue], String)] = [
            (
                [:],
                "test.toml: [mqtt] url: missing: expected the broker, such as \"mqtt://broker.lan:1883\""
            ),
            (
                ["url": .string("mqtt://u:p@b")],
                "test.toml: [mqtt] url: expected mqtt://host[:port] or mqtts://host[:port] (put the user in username and the password in password_file, not in the URL), found \"mqtt://u:p@b\""
            ),
            (
                ["url": .string("mqtt://b"), "ca_file": .string("/ca.pem")],
                "test.toml: [mqtt] ca_file: a CA file needs an mqtts:// url, found \"mqtt://b\""
            ),
            (
                ["url": .string("mqtt://b"), "password_file": .string("pw")],
                "test.toml: [mqtt] password_file: expected an absolute path, found \"pw\""
            ),
            (
                ["url": .string("mqtt://b"), "base_topic": .string("home/#")],
                "test.toml: [mqtt] base_topic: expected a topic such as \"nightstand/bedroom\": levels joined by /, none empty, no + or #, not starting with $, found \"home/#\""
            ),
            (
                ["url": .string("mqtt://b"), "client_id": .string("a b")],
                "test.toml: [mqtt] client_id: expected 1 to 128 bytes without spaces or control characters, found \"a b\""
            ),
            (
                ["url": .string("mqtt://b"), "keepalive": .string("1s")],
                "test.toml: [mqtt] keepalive: expected a duration from 5s to 1h, found \"1s\""
            ),
            (
                ["url": .string("mqtt://b"), "port": .integer(1883)],
                "test.toml: [mqtt] port: unknown key; expected one of url, ca_file, username, password_file, client_id, base_topic, discovery_prefix, name, keepalive"
            ),
        ]
        for (values, message) in cases {
            #expect(throws: ConfigurationError.self) {
                try MQTTSettings(section: table("mqtt", values), hostname: "pi")
            }
            do {
                _ = try MQTTSettings(section: table("mqtt", values), hostname: "pi")
            } catch {
                #expect("\(error)" == message)
            }
        }
    }

    @Test("[http] listens on loopback by default; bad addresses and token files are refused")
    func http() throws {
        let settings = try HTTPSettings(section: table("http", ["token_file": .string("/t")]))
        #expect(settings.listen == ListenAddress(host: "127.0.0.1", port: 8080))
        #expect(settings.listen.isLoopback)
        #expect(ListenAddress("[::]:80") == ListenAddress(host: "::", port: 80))
        #expect(ListenAddress("0.0.0.0:8080")?.isLoopback == false)
        for bad in [
            "localhost:8080", "127.0.0.1", "127.0.0.1:0", "[::1]", "::1:80", "1.2.3.4:65536",
        ] {
            #expect(ListenAddress(bad) == nil, "\(bad)")
        }
        let cases: [([String: SettingsValue], String)] = [
            (
                [:],
                "test.toml: [http] token_file: missing: expected the file holding the API token, such as \"/etc/nightstand/http-token\""
            ),
            (
                ["token_file": .string("/t"), "listen": .string("*:80")],
                "test.toml: [http] listen: expected an IP address and port such as \"127.0.0.1:8080\" or \"[::]:8080\", found \"*:80\""
            ),
            (
                ["token_file": .string("token")],
                "test.toml: [http] token_file: expected an absolute path, found \"token\""
            ),
        ]
        for (values, message) in cases {
            do {
                _ = try HTTPSettings(section: table("http", values))
                Issue.record("accepted \(values)")
            } catch {
                #expect("\(error)" == message)
            }
        }
    }
}
