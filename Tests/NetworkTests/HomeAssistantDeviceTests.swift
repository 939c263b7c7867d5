import DisplayCommands
import Foundation
import NightstandTesting
import Synchronization
import SystemSupport
import Testing

@testable import Network

/// The device Home Assistant shows (version, web page, board) and the entities that drive
/// the screen through display commands.
@Suite("Home Assistant device and screen entities")
struct HomeAssistantDeviceTests {
    @Test("the device names this build's version, the web page and the board")
    func device() throws {
        let broker = try Broker()
        let about = DeviceAbout(
            webPage: ListenAddress(host: "0.0.0.0", port: 8080).webPage,
            board: "Raspberry Pi 4 Model B Rev 1.4")
        let bridge = try MQTTBridgeTests.startedBridge(broker, host: FakeHost(), about: about)
        defer { bridge.stop() }
        var configs: [String: String] = [:]
        #expect(
            eventually {
                configs = (try? broker.retained("homeassistant/#")) ?? [:]
                return configs.count == 20
            })
        for payload in configs.values {
            let device = try HomeAssistantSchema.object(payload)["device"] as? [String: Any]
            #expect(device?["sw_version"] as? String == BuildVersion.version)
            #expect(device?["hw_version"] as? String == "Raspberry Pi 4 Model B Rev 1.4")
            let url = device?["configuration_url"] as? String ?? ""
            #expect(url.hasPrefix("http://") && url.hasSuffix(":8080/") && !url.contains("0.0.0.0"))
        }
        #expect(ListenAddress(host: "127.0.0.1", port: 80).webPage == "http://127.0.0.1:80/")
        #expect(ListenAddress(host: "::1", port: 8080).webPage == "http://[::1]:8080/")
        #expect(DeviceAbout().webPage == nil, "no [http]: no configuration_url")
        #expect(BuildVersion.version.hasPrefix("0."))
    }

    @Test("the screen switch and the buttons send display commands that the host applies")
    func commands() throws {
        let broker = try Broker()
        let host = FakeHost()
        host.update { $0.state.views = ["widgets", "clock"] }
        let bridge = try MQTTBridgeTests.startedBridge(broker, host: host)
        defer { bridge.stop() }
        var configs: [String: String] = [:]
        #expect(
            eventually {
                configs = (try? broker.retained("homeassistant/#")) ?? [:]
                return configs.count == 22
            })
        let prefix = "homeassistant/"
        let screen = try HomeAssistantSchema.object(
            configs[prefix + "switch/nightstand-test/screen/config"] ?? "")
        let reload = try HomeAssistantSchema.object(
            configs[prefix + "button/nightstand-test/reload_configuration/config"] ?? "")
        let next = try HomeAssistantSchema.object(
            configs[prefix + "button/nightstand-test/next_view/config"] ?? "")
        let restart = try HomeAssistantSchema.object(
            configs[prefix + "button/nightstand-test/restart/config"] ?? "")
        #expect(restart["device_class"] as? String == "restart")
        #expect(restart["entity_category"] as? String == "config")
        #expect(screen["state_topic"] as? String == "nightstand/test/appearance")
        #expect(reload["entity_category"] as? String == "config")
        #expect(next["entity_category"] == nil)
        // Each payload is a display command; sent to its topic, the host gets it.
        let sent: [(String, DisplayCommand)] = [
            (screen["payload_off"] as? String ?? "", .setMode(.off)),
            (screen["payload_on"] as? String ?? "", .setMode(.auto)),
            (reload["payload_press"] as? String ?? "", .reloadConfiguration),
            (next["payload_press"] as? String ?? "", .stepView(by: 1)),
            (restart["payload_press"] as? String ?? "", .restart),
        ]
        for (payload, command) in sent {
            #expect(try DisplayCommand(json: Array(payload.utf8)) == command)
            let topic = screen["command_topic"] as? String ?? ""
            #expect(
                eventually {
                    try? broker.publish(topic, payload)
                    return host.recorded.commands.contains(command)
                })
        }
    }

    @Test("the illuminance sensor is announced once a sensor reads, and not before")
    func illuminance() throws {
        let broker = try Broker()
        let host = FakeHost()
        host.update { $0.state.lux = nil }
        let bridge = try MQTTBridgeTests.startedBridge(broker, host: host)
        defer { bridge.stop() }
        let topic = "homeassistant/sensor/nightstand-test/illuminance/config"
        #expect(eventually { ((try? broker.retained("homeassistant/#")) ?? [:]).count == 19 })
        #expect(try broker.retained(topic).isEmpty)
        host.update { $0.state.lux = 40 }
        bridge.hostChanged()
        #expect(eventually { ((try? broker.retained(topic)) ?? [:]).count == 1 })
        #expect(
            eventually {
                (try? broker.retained("nightstand/test/lux")) == ["nightstand/test/lux": "40.0"]
            })
        // The sensor goes away: the entity stays (unknown), through a new announcement too.
        host.update { $0.state.lux = nil }
        bridge.hostChanged()
        try broker.publish("homeassistant/status", "online")
        #expect(
            eventually {
                (try? broker.retained("nightstand/test/lux")) == ["nightstand/test/lux": "None"]
            })
        #expect(((try? broker.retained(topic)) ?? [:]).count == 1)
    }
}

/// The occupancy sensor from the presence key.
@Suite("Home Assistant presence")
struct HomeAssistantPresenceTests {
    @Test("the occupancy sensor is announced once a presence key says, then follows it")
    func presence() throws {
        let broker = try Broker()
        let host = FakeHost()
        let bridge = try MQTTBridgeTests.startedBridge(broker, host: host)
        defer { bridge.stop() }
        let topic = "homeassistant/binary_sensor/nightstand-test/presence/config"
        #expect(eventually { ((try? broker.retained("homeassistant/#")) ?? [:]).count == 20 })
        #expect(try broker.retained(topic).isEmpty, "no presence key has said: no entity")
        #expect(try broker.retained("nightstand/test/presence").isEmpty)
        for there in [true, false, true] {
            host.update { $0.state.presence = there }
            bridge.hostChanged()
            let expected = there ? "ON" : "OFF"
            #expect(
                eventually {
                    (try? broker.retained("nightstand/test/presence"))
                        == ["nightstand/test/presence": expected]
                })
        }
        var config: [String: String] = [:]
        #expect(
            eventually {
                config = (try? broker.retained(topic)) ?? [:]
                return config.count == 1
            })
        let object = try HomeAssistantSchema.object(config[topic] ?? "")
        #expect(HomeAssistantSchema.problems(component: "binary_sensor", config: object) == [])
        #expect(object["device_class"] as? String == "occupancy")
        #expect(object["state_topic"] as? String == "nightstand/test/presence")
        #expect(object["payload_on"] as? String == "ON")
    }
}

/// The diagnostics sensors: read on the client's thread every five minutes.
@Suite("Home Assistant diagnostics")
struct HomeAssistantDiagnosticsTests {
    @Test("the readings come from the system reader, and are taken again only when due")
    func readings() throws {
        let root = try TemporaryFolder()
        try FileManager.default.createDirectory(
            atPath: root.path("proc"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            atPath: root.path("sys/class/thermal/thermal_zone0"), withIntermediateDirectories: true)
        try "MemTotal: 1000 kB\nMemAvailable: 250 kB\n".write(
            toFile: root.path("proc/meminfo"), atomically: true, encoding: .utf8)
        try "cpu-thermal\n".write(
            toFile: root.path("sys/class/thermal/thermal_zone0/type"), atomically: true,
            encoding: .utf8)
        try "48312\n".write(
            toFile: root.path("sys/class/thermal/thermal_zone0/temp"), atomically: true,
            encoding: .utf8)
        let asked = Mutex(0)
        let apt = AptCandidate(policy: {
            asked.withLock { $0 += 1 }
            return "nightstand:\n  Installed: (none)\n  Candidate: 0.2.0\n  Version table:\n"
        })
        let problems = LastProblem()
        let diagnostics = Diagnostics(
            reader: SystemReader(
                root: root.path(""),
                interfaces: {
                    [
                        NetworkInterface(
                            name: "wlan0", address: "192.168.1.23", isUp: true, isLoopback: false)
                    ]
                }), apt: apt, problems: problems)
        let now = ContinuousClock.now
        _ = diagnostics.take(at: now - .seconds(600))  // asks apt, on its own thread
        #expect(eventually { apt.candidate(at: now - .seconds(600)) == "0.2.0" })
        let (values, next) = diagnostics.take(at: now)
        #expect(values?["temperature"] == "48.3")
        #expect(values?["memory"] == "75")
        #expect(values?["address"] == "192.168.1.23")
        #expect(values?["started"]?.hasSuffix("Z") == true)
        #expect(values?["last_error"] == "None", "no problem yet")
        let update = try HomeAssistantSchema.object(values?["update"] ?? "")
        #expect(update["installed_version"] as? String == BuildVersion.version)
        #expect(update["latest_version"] as? String == "0.2.0")
        #expect(next == now + Diagnostics.interval)
        #expect(diagnostics.take(at: now + .seconds(299)).values == nil, "not before 5 minutes")
        // A warning is the last error at the next reading; an info line after it is not.
        let log = Logger(
            label: "nightstand.widgets",
            handler: ProblemRecordingLogHandler(
                next: RecordingLogHandler(recorder: LogRecorder()), problems: problems))
        log.warning("weather: timed out", metadata: ["kind": "weather"])
        log.info("running")
        #expect(
            diagnostics.take(at: now + .seconds(300)).values?["last_error"]
                == "warning nightstand.widgets : kind=weather weather: timed out")
        log.error(String(repeating: "x", count: 400))
        #expect(diagnostics.values()["last_error"]?.count == 255, "cut at HA's longest state")
        #expect(
            diagnostics.values()["last_error"]?.hasPrefix("error nightstand.widgets : x") == true)
        #expect(asked.withLock { $0 } == 1, "apt is asked at most every 6 hours")
        // A tree without the files: unknown in Home Assistant.
        let empty = try TemporaryFolder()
        let none = Diagnostics(
            reader: SystemReader(root: empty.path(""), interfaces: { [] }),
            apt: AptCandidate(policy: { nil }))
        #expect(none.values()["temperature"] == "None" && none.values()["address"] == "None")
        let noApt = try HomeAssistantSchema.object(none.values()["update"] ?? "")
        #expect(noApt["latest_version"] as? String == BuildVersion.version)
        // apt-cache policy's answers.
        #expect(AptCandidate.candidate(inPolicy: "x:\n  Candidate: (none)\n") == nil)
        #expect(AptCandidate.candidate(inPolicy: "N: Unable to locate package nightstand") == nil)
        #expect(AptCandidate.candidate(inPolicy: "  Candidate: 1.0\u{1B}[2J") == nil)
        #expect(
            AptCandidate.candidate(inPolicy: "  Candidate: 0.1.0+git20261128.a005933")
                == "0.1.0+git20261128.a005933")
    }

    @Test("a connected bridge publishes the readings, retained, with their entities")
    func published() throws {
        let broker = try Broker()
        let bridge = try MQTTBridgeTests.startedBridge(broker, host: FakeHost())
        defer { bridge.stop() }
        var states: [String: String] = [:]
        #expect(
            eventually {
                states = (try? broker.retained("nightstand/test/diagnostics/#")) ?? [:]
                return states.count == 6
            })
        #expect(states["nightstand/test/diagnostics/started"]?.contains("T") == true)
        #expect(states["nightstand/test/diagnostics/last_error"] != nil)
        let config = try HomeAssistantSchema.object(
            broker.retained("homeassistant/sensor/nightstand-test/temperature/config").values.first
                ?? "")
        #expect(config["entity_category"] as? String == "diagnostic")
        #expect(config["device_class"] as? String == "temperature")
        #expect(config["unit_of_measurement"] as? String == "°C")
    }
}
