import Foundation
import NightstandTesting
import Settings
import Synchronization
import SystemSupport
import Testing

@testable import Network

/// What a broker client can send the display, as fast as it likes, against a real Mosquitto:
/// forged log lines, floods of bad commands and of Home Assistant's `online`.
@Suite("MQTT floods")
struct MQTTFloodTests {
    /// Publishes each of `lines` as one message on `topic` (QoS 0), in one `mosquitto_pub`.
    static func flood(_ broker: Broker, _ topic: String, lines: String, count: Int) throws {
        let script =
            "yes '\(lines)' | head -n \(count) | mosquitto_pub -h 127.0.0.1 -p \(broker.port) "
            + "-q 0 -l -t '\(topic)'"
        let result = try Broker.run("sh", ["-c", script])
        #expect(result.status == 0, "\(result.errors)")
    }

    @Test("a forged log line logs escaped; 20,000 bad commands log 10 lines, and commands work")
    func badCommands() throws {
        let broker = try Broker()
        let host = FakeHost()
        let recorder = LogRecorder()
        let bridge = try MQTTBridgeTests.startedBridge(
            broker, host: host, log: recorder.logger(label: "test"))
        defer { bridge.stop() }
        #expect(eventually { bridge.connection == .connected })
        #expect(
            eventually {
                try? broker.publish("nightstand/test/mode/set", "dim")
                return !host.recorded.modeRequests.isEmpty
            })

        try broker.publish(
            "nightstand/test/mode/set", "x\n2026-11-28 critical nightstand \u{1B}[8m")
        #expect(
            eventually {
                recorder.messages.contains {
                    $0.hasPrefix(
                        "notice: mqtt: ignored \"x\\n2026-11-28 critical nightstand \\u{1B}[8m\" on "
                            + "nightstand/test/mode/set: expected")
                }
            })
        try Self.flood(broker, "nightstand/test/mode/set", lines: "bogus", count: 20_000)
        try broker.publish("nightstand/test/mode/set", "night")
        #expect(eventually(seconds: 60) { host.recorded.modeRequests.last == "night" })
        let ignored = recorder.messages.filter { $0.contains("mqtt: ignored") }
        #expect(ignored.count == 10, "\(ignored.count) lines")
        #expect(!recorder.messages.contains { $0.contains("\n") || $0.contains("\u{1B}") })
    }

    @Test("100,000 online on homeassistant/status announce a few times; the display still answers")
    func statusFlood() throws {
        let broker = try Broker()
        let host = FakeHost()
        let bridge = try MQTTBridgeTests.startedBridge(broker, host: host)
        defer { bridge.stop() }
        #expect(eventually { bridge.connection == .connected })
        #expect(eventually { ((try? broker.retained("#")) ?? [:]).count == 30 })
        #expect(bridge.announcements == 1)

        try Self.flood(broker, "homeassistant/status", lines: "online", count: 100_000)
        #expect(
            eventually(seconds: 60) {
                try? broker.publish("nightstand/test/mode/set", "night")
                return host.recorded.modeRequests.last == "night"
            })
        // One at connecting; then at most one at once (when the flood came 10 s after) and
        // one when the interval ended.
        #expect(eventually(seconds: 30) { bridge.announcements >= 2 })
        #expect(bridge.announcements <= 3)
        let outstanding = try #require(bridge.outstanding)
        #expect(outstanding.peak <= 100, "\(outstanding)")
        #expect(bridge.connection == .connected)
        #expect(((try? broker.retained("#")) ?? [:]).count == 30)
    }
}

/// Reconnecting: back-off that grows while connections don't last, and ids unique per machine.
@Suite("MQTT reconnecting")
struct MQTTReconnectTests {
    @Test("waits double with jitter up to the cap, and start again only after a lasting connection")
    func backoff() {
        var backoff = Backoff(initial: 1, maximum: 60, stable: .seconds(60))
        var generator = SystemRandomNumberGenerator()
        var steps: [TimeInterval] = []
        for _ in 0..<10 { steps.append(backoff.delay(using: &generator)) }
        for (index, delay) in steps.enumerated() {
            let step = min(pow(2, Double(index)), 60)
            #expect((step / 2...step).contains(delay), "attempt \(index): \(delay)")
        }
        backoff.connectionEnded(after: .seconds(59))
        #expect(backoff.delay(using: &generator) >= 30, "a short connection keeps the wait")
        backoff.connectionEnded(after: .seconds(60))
        #expect(backoff.delay(using: &generator) <= 1)
    }

    @Test("a second client with the same id: the attempts of each grow further apart")
    func sameID() throws {
        let broker = try Broker()
        let delays = Mutex<[TimeInterval]>([])
        var options = MQTTClient.Options(
            broker: BrokerAddress(host: "127.0.0.1", port: broker.port, usesTLS: false),
            clientID: "nightstand-twin")
        options.backoff = Backoff(initial: 0.2, maximum: 60, stable: .seconds(60))
        let first = MQTTClient(
            options: options,
            events: MQTTClient.Events(stateChanged: { state in
                guard case .disconnected(_, let retry) = state else { return }
                delays.withLock { $0.append(retry.timeIntervalSinceNow) }
            }))
        let second = MQTTClient(options: options, events: MQTTClient.Events())
        first.start()
        second.start()
        defer {
            first.stop()
            second.stop()
        }
        #expect(eventually(seconds: 60) { delays.withLock { $0.count } >= 5 })
        let seen = delays.withLock { $0 }
        // Steps of 0.2, 0.4, 0.8, 1.6, 3.2 s: the fifth wait is at least 1.6 s.
        #expect(seen.count >= 5 && seen[4] >= 1.5, "\(seen)")
    }

    @Test("two machines with one host name get distinct default client ids, and one device each")
    func distinctIDs() throws {
        let section = table("mqtt", ["url": .string("mqtt://broker.lan")])
        let one = try MQTTSettings(
            section: section, hostname: "bedroom", machineID: "4f1e7c0d9a2b4c6e8f0a1b2c3d4e5f60")
        let other = try MQTTSettings(
            section: section, hostname: "bedroom", machineID: "0d9a2b4c6e8f0a1b2c3d4e5f604f1e7c")
        #expect(one.clientID != other.clientID)
        #expect(one.clientID.hasPrefix("nightstand-bedroom-") && one.clientID.utf8.count == 27)
        #expect(!one.clientID.contains("4f1e7c0d"), "the machine id itself stays private")
        #expect(
            try MQTTSettings(
                section: section, hostname: "bedroom", machineID: "4f1e7c0d9a2b4c6e8f0a1b2c3d4e5f60"
            ).clientID == one.clientID, "stable")
        // Home Assistant keeps the device it had before there was a machine tag.
        #expect(one.deviceID == "nightstand-bedroom")
        let chosen = try MQTTSettings(
            section: table("mqtt", ["url": .string("mqtt://b"), "client_id": .string("My.Pi")]),
            hostname: "bedroom", machineID: "4f1e")
        #expect(chosen.clientID == "My.Pi" && chosen.deviceID == "my_pi")
    }
}

/// Home Assistant's requests for the discovery, folded into one announcement per interval.
@Suite("Announcement schedule")
struct AnnouncementScheduleTests {
    @Test("at once, then requests within the interval make one announcement when it ends")
    func folding() {
        let schedule = AnnouncementSchedule(interval: .seconds(10))
        let start = ContinuousClock.now
        schedule.announced(at: start)
        #expect(schedule.service(at: start + .seconds(1)) == (false, 0, nil), "nothing asked")
        for second in 1...5 { #expect(!schedule.request(at: start + .seconds(second))) }
        #expect(schedule.service(at: start + .seconds(9)) == (false, 0, start + .seconds(10)))
        #expect(schedule.service(at: start + .seconds(10)) == (true, 4, nil))
        #expect(schedule.announcements == 2)
        #expect(schedule.request(at: start + .seconds(20)), "the interval passed: at once")
        // A dropped publish asks for a full announcement, not before an interval from now.
        schedule.requestLater(at: start + .seconds(29))
        #expect(schedule.service(at: start + .seconds(30)) == (false, 0, start + .seconds(39)))
        #expect(schedule.service(at: start + .seconds(39)) == (true, 0, nil))
        #expect(schedule.announcements == 4)
    }
}
