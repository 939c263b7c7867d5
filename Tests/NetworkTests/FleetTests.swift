import DisplayCommands
import Foundation
import NightstandTesting
import Settings
import SystemSupport
import Testing

@testable import Network

/// A fleet on a real Mosquitto: displays (bridges on fake hosts) and the operator's side.
@Suite("Fleet")
struct FleetTests {
    /// A display of the fleet on `broker`, started.
    static func member(
        _ broker: Broker, id: String, groups: [String] = [], host: FakeHost = FakeHost(),
        login: [String: SettingsValue] = [:]
    ) throws -> MQTTBridge {
        var values: [String: SettingsValue] = ["url": .string(broker.url)]
        values.merge(login) { $1 }
        let settings = try MQTTSettings(
            section: table("mqtt", values), hostname: "host", machineID: "m-\(id)")
        let bridge = MQTTBridge(
            settings: settings, fleet: FleetSettings(id: id, groups: groups), host: host)
        bridge.start()
        return bridge
    }

    /// An operator connected to `broker`.
    static func fleetOperator(_ broker: Broker, user: String? = nil, password: String? = nil)
        throws -> FleetOperator
    {
        var problem = ""
        let address = try #require(BrokerAddress(url: broker.url, problem: &problem))
        let fleet = FleetOperator(
            options: MQTTClient.Options(
                broker: address, username: user, password: password,
                clientID: "operator-\(UUID().uuidString.prefix(8))"),
            topics: FleetTopics(root: "nightstand"))
        try fleet.connect(timeout: .seconds(10))
        return fleet
    }

    /// Display `id`'s retained state document.
    static func state(_ broker: Broker, _ id: String) -> FleetState? {
        let topic = "nightstand/\(id)/state"
        let json = (try? broker.retained(topic))?[topic]
        return json.flatMap { FleetState(json: Array($0.utf8)) }
    }

    @Test("[fleet]: the id defaults to the host name; bad ids, groups and topics are refused")
    func settings() throws {
        let plain = try FleetSettings(section: table("fleet", [:]), hostname: "Bed Room")
        #expect(plain == FleetSettings(id: "bed_room", groups: [], root: "nightstand"))
        let full = try FleetSettings(
            section: table(
                "fleet",
                [
                    "id": .string("room-204"), "topic": .string("hotel/screens"),
                    "groups": .array([.string("floor-2"), .string("beds"), .string("floor-2")]),
                ]), hostname: "x")
        #expect(full.groups == ["floor-2", "beds"])
        #expect(full.topics.state("room-204") == "hotel/screens/room-204/state")
        #expect(full.topics.group("beds") == "hotel/screens/fleet/group/beds/command")
        let refused: [(String, SettingsValue, String)] = [
            ("id", .string("a/b"), "letters, digits"), ("id", .string("fleet"), "not \"fleet\""),
            ("groups", .array([.string("+")]), "letters, digits"),
            ("groups", .array((0...16).map { .string("g\($0)") }), "at most 16"),
            ("topic", .string("a//b"), "levels joined by /"),
            ("topic", .string("$SYS"), "levels joined by /"), ("color", .string("red"), "unknown"),
        ]
        for (key, value, words) in refused {
            #expect(throws: ConfigurationError.self) {
                try FleetSettings(section: table("fleet", [key: value]), hostname: "x")
            }
            do {
                _ = try FleetSettings(section: table("fleet", [key: value]), hostname: "x")
            } catch {
                #expect(error.description.contains(words), "\(error)")
            }
        }
        #expect(try FleetSection(section: table("fleet", [:]), hostname: "x").settings == nil)
    }

    @Test("a member's topics and ids come from its fleet id; a chosen client id stays")
    func memberSettings() throws {
        let mqtt = try MQTTSettings(
            section: table("mqtt", ["url": .string("mqtt://b")]), hostname: "pi",
            machineID: "abc")
        let member = mqtt.member(of: FleetSettings(id: "room-1"))
        #expect(member.baseTopic == "nightstand/room-1")
        #expect(member.deviceID == "room-1")
        #expect(member.clientID.hasPrefix("nightstand-room-1-"))
        #expect(member.clientID.dropFirst("nightstand-room-1".count) == mqtt.clientID.dropFirst(13))
        let chosen = try MQTTSettings(
            section: table("mqtt", ["url": .string("mqtt://b"), "client_id": .string("mine")]),
            hostname: "pi")
        #expect(chosen.member(of: FleetSettings(id: "room-1")).clientID == "mine")
    }

    @Test("ten displays in two groups: listed, a group command reaches its group only, answered")
    func tenDisplays() throws {
        let broker = try Broker()
        let hosts = (0..<10).map { _ in FakeHost() }
        let bridges = try (0..<10).map { index in
            try Self.member(
                broker, id: "d\(index)", groups: [index % 2 == 0 ? "even" : "odd", "all-beds"],
                host: hosts[index])
        }
        defer { bridges.forEach { $0.stop() } }
        #expect(eventually { bridges.allSatisfy { $0.connection == .connected } })
        #expect(eventually { ((try? broker.retained("nightstand/+/state")) ?? [:]).count == 10 })

        let fleet = try Self.fleetOperator(broker)
        defer { fleet.stop() }
        let displays = fleet.displays
        #expect(displays.map(\.id) == (0..<10).map { "d\($0)" })
        #expect(displays.allSatisfy { $0.isOnline && $0.state?.mode == "auto" })
        #expect(displays[3].state?.groups == ["odd", "all-beds"])

        let outcomes = fleet.send(.setMode(.night), to: .group("even"), timeout: .seconds(10))
        #expect(outcomes.count == 5)
        #expect(outcomes.values.allSatisfy { $0 == .done("mode night") }, "\(outcomes)")
        for (index, host) in hosts.enumerated() {
            #expect(host.recorded.modeRequests == (index % 2 == 0 ? ["night"] : []))
        }
        // The answer is in each display's retained state, with the mode it now shows.
        let state = try #require(Self.state(broker, "d4"))
        #expect(state.mode == "night")
        #expect(state.command?.done == true)

        let one = fleet.send(.showView("clock"), to: .device("d1"), timeout: .seconds(10))
        #expect(one == ["d1": .done("view clock")])
        #expect(hosts[1].recorded.viewRequests == ["clock"])
        #expect(hosts[3].recorded.viewRequests.isEmpty)
        let everyone = fleet.send(.reloadTimelines(kind: nil), to: .all, timeout: .seconds(10))
        #expect(everyone.count == 10 && everyone.values.allSatisfy(\.isDone))
        #expect(hosts.allSatisfy { $0.recorded.reloads == 1 })
    }

    @Test("a command id is applied once, however often it arrives; a retained command never")
    func appliedOnce() throws {
        let broker = try Broker()
        let host = FakeHost()
        let bridge = try Self.member(broker, id: "hall", groups: ["halls"], host: host)
        defer { bridge.stop() }
        #expect(eventually { bridge.connection == .connected })
        #expect(eventually { ((try? broker.retained("nightstand/hall/state")) ?? [:]).count == 1 })
        let command = #"{"version":1,"command":"mode dim","id":"c-1"}"#
        // The same command to the display, its group and all, and again: one application.
        for topic in [
            "nightstand/hall/command", "nightstand/fleet/group/halls/command",
            "nightstand/fleet/all/command", "nightstand/hall/command",
        ] {
            try broker.publish(topic, command)
        }
        try broker.publish(
            "nightstand/fleet/all/command", #"{"version":1,"command":"mode day","id":"c-2"}"#)
        #expect(eventually { host.recorded.modeRequests == ["dim", "day"] })
        // Not a command: refused with why, on the state topic, with the id it carried.
        try broker.publish("nightstand/hall/command", #"{"version":1,"command":"fly","id":"c-4"}"#)
        #expect(
            eventually {
                let state = Self.state(broker, "hall")
                return state?.command?.id == "c-4" && state?.command?.done == false
                    && state?.error?.contains("fly") == true
            })
        #expect(host.recorded.modeRequests == ["dim", "day"])
        #expect(bridge.connection == .connected)

        // A retained command is not applied by a display that connects later.
        try broker.publish(
            "nightstand/fleet/all/command", #"{"version":1,"command":"mode night","id":"c-3"}"#,
            retain: true)
        let later = FakeHost()
        let porch = try Self.member(broker, id: "porch", host: later)
        defer { porch.stop() }
        #expect(eventually { Self.state(broker, "porch") != nil })
        Thread.sleep(forTimeInterval: 0.5)
        #expect(later.recorded.commands.isEmpty)
        #expect(Self.state(broker, "porch")?.command == nil)
    }

    @Test("a display that leaves is offline to the operator and not waited for; back, it answers")
    func leavesAndReturns() throws {
        let broker = try Broker()
        let first = try Self.member(broker, id: "car", groups: ["cars"])
        let stays = try Self.member(broker, id: "van", groups: ["cars"])
        defer { stays.stop() }
        #expect(eventually { first.connection == .connected && stays.connection == .connected })
        #expect(eventually { ((try? broker.retained("nightstand/+/state")) ?? [:]).count == 2 })
        first.stop()
        #expect(
            eventually {
                (try? broker.retained("nightstand/car/availability"))?.values.first == "offline"
            })

        let fleet = try Self.fleetOperator(broker)
        let outcomes = fleet.send(.setMode(.off), to: .group("cars"), timeout: .seconds(5))
        #expect(outcomes == ["car": .offline, "van": .done("mode off")])
        fleet.stop()

        let host = FakeHost()
        let back = try Self.member(broker, id: "car", groups: ["cars"], host: host)
        defer { back.stop() }
        #expect(eventually { back.connection == .connected })
        let again = try Self.fleetOperator(broker)
        defer { again.stop() }
        #expect(again.displays.first { $0.id == "car" }?.isOnline == true)
        let answered = again.send(.setMode(.off), to: .group("cars"), timeout: .seconds(10))
        #expect(answered == ["car": .done("mode off"), "van": .done("mode off")])
        #expect(host.recorded.modeRequests == ["off"])
    }
}

extension FleetOperator.Outcome {
    /// Whether the display applied the command.
    var isDone: Bool {
        if case .done = self { return true }
        return false
    }
}

/// The fleet's Mosquitto ACL (docs/fleet.md) on a real broker, and two sites bridged.
@Suite("Fleet broker")
struct FleetBrokerTests {
    /// The ACL of docs/fleet.md, word for word between its markers.
    static func documentedACL() throws -> String {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../docs/fleet.md").standardized
        let text = try String(contentsOf: docs, encoding: .utf8)
        let start = try #require(text.range(of: "```text\n# nightstand-acl\n"))
        let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        return String(text[start.upperBound..<end.lowerBound])
    }

    @Test(
        "with the documented ACL a display's login commands neither another display nor the fleet")
    func acl() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "nightstand-broker-" + UUID().uuidString)
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let passwords = folder.appendingPathComponent("passwd").path
        for (user, index) in [("fleet-admin", 0), ("d1", 1), ("d2", 2)] {
            let made = try Broker.run(
                "mosquitto_passwd",
                (index == 0 ? ["-c"] : []) + ["-b", passwords, user, "pw-\(user)"])
            #expect(made.status == 0, "\(made.errors)")
        }
        let acl = folder.appendingPathComponent("acl").path
        try Self.documentedACL().write(toFile: acl, atomically: true, encoding: .utf8)
        let broker = try Broker(
            settings: ["allow_anonymous false", "password_file \(passwords)", "acl_file \(acl)"],
            directory: folder)
        func login(_ user: String) throws -> [String: SettingsValue] {
            let file = folder.appendingPathComponent("secret-\(user)").path
            try "pw-\(user)\n".write(toFile: file, atomically: true, encoding: .utf8)
            return ["username": .string(user), "password_file": .string(file)]
        }
        let host1 = FakeHost()
        let host2 = FakeHost()
        let d1 = try FleetTests.member(
            broker, id: "d1", groups: ["g"], host: host1, login: login("d1"))
        let d2 = try FleetTests.member(
            broker, id: "d2", groups: ["g"], host: host2, login: login("d2"))
        defer { [d1, d2].forEach { $0.stop() } }
        #expect(eventually { d1.connection == .connected && d2.connection == .connected })

        // The admin sees both (each display could publish its state and availability).
        let admin = try FleetTests.fleetOperator(
            broker, user: "fleet-admin", password: "pw-fleet-admin")
        defer { admin.stop() }
        #expect(eventually { admin.displays.filter(\.isOnline).map(\.id) == ["d1", "d2"] })

        // d1's credentials: commands to d2, its group and the whole fleet don't arrive, nor
        // does a state or availability forged for d2, nor a fleet configuration document (not
        // even its own: a display reads its configuration, the admin writes it).
        broker.peerLogin = ["-u", "d1", "-P", "pw-d1"]
        for topic in [
            "nightstand/d2/command", "nightstand/fleet/group/g/command",
            "nightstand/fleet/all/command", "nightstand/d2/mode/set",
        ] {
            try broker.publish(
                topic, #"{"version":1,"command":"mode night","id":"x-\#(topic.count)"}"#)
        }
        try broker.publish("nightstand/d2/availability", "offline", retain: true)
        for layer in ["all", "group/g", "device/d2", "device/d1"] {
            try broker.publish("nightstand/fleet/\(layer)/config", "[layout]\n", retain: true)
        }
        broker.peerLogin = ["-u", "fleet-admin", "-P", "pw-fleet-admin"]
        #expect(try broker.retained("nightstand/fleet/#").isEmpty)
        #expect(
            try broker.retained("nightstand/d2/availability")["nightstand/d2/availability"]
                == "online")
        // The admin's command, sent after them, arrives: d2 got only that one.
        let outcomes = admin.send(.setMode(.dim), to: .device("d2"), timeout: .seconds(10))
        #expect(outcomes == ["d2": .done("mode dim")])
        #expect(host2.recorded.modeRequests == ["dim"])
        #expect(host1.recorded.modeRequests.isEmpty)
        // d1 may still command itself (its own topics).
        broker.peerLogin = ["-u", "d1", "-P", "pw-d1"]
        try broker.publish("nightstand/d1/command", #"{"version":1,"command":"mode day"}"#)
        #expect(eventually { host1.recorded.modeRequests == ["day"] })
    }

    @Test(
        "two sites: the site broker bridged to the central one; fleet on the central lists and commands"
    )
    func bridgedSites() throws {
        let central = try Broker()
        let site = try Broker(settings: [
            "allow_anonymous true", "connection central",
            "address 127.0.0.1:\(central.port)", "topic nightstand/# both 1",
            "cleansession true", "restart_timeout 1",
        ])
        let host = FakeHost()
        let display = try FleetTests.member(site, id: "site-a-1", groups: ["site-a"], host: host)
        defer { display.stop() }
        #expect(eventually { display.connection == .connected })
        #expect(eventually(seconds: 20) { FleetTests.state(central, "site-a-1") != nil })
        let fleet = try FleetTests.fleetOperator(central)
        defer { fleet.stop() }
        #expect(fleet.displays.map(\.id) == ["site-a-1"])
        #expect(fleet.displays.first?.isOnline == true)
        let outcomes = fleet.send(.setMode(.night), to: .group("site-a"), timeout: .seconds(10))
        #expect(outcomes == ["site-a-1": .done("mode night")])
        #expect(host.recorded.modeRequests == ["night"])
    }

    @Test("a display's state names the version apt would install, once apt has answered")
    func candidate() throws {
        let state = DisplayState(mode: .auto, appearance: "day", lux: nil)
        let apt = AptCandidate(policy: { "nightstand:\n  Installed: 0.1.0\n  Candidate: 0.2.0\n" })
        let member = FleetMember(
            settings: FleetSettings(id: "d1", groups: []), host: FakeHost(), apt: apt)
        let first = try #require(member.document(state: state, lux: nil, force: true))
        #expect(first.candidate == nil, "apt answers on a thread of its own, later")
        #expect(eventually { apt.candidate() == "0.2.0" })
        let second = try #require(
            member.document(state: state, lux: nil, force: false), "a new candidate is news")
        #expect(second.candidate == "0.2.0")
        #expect(FleetState(json: second.json)?.candidate == "0.2.0")
        #expect(member.document(state: state, lux: nil, force: false) == nil, "said once")
        // apt's candidate is the version running: nothing to say.
        let current = AptCandidate(policy: { "  Candidate: \(BuildVersion.version)\n" })
        let upToDate = FleetMember(
            settings: FleetSettings(id: "d2", groups: []), host: FakeHost(), apt: current)
        _ = upToDate.document(state: state, lux: nil, force: true)
        #expect(eventually { current.candidate() == BuildVersion.version })
        #expect(upToDate.document(state: state, lux: nil, force: true)?.candidate == nil)
    }

    @Test("a push with no display online is kept on the broker for the displays that come")
    func pushToNobody() throws {
        let broker = try Broker()
        let fleet = try FleetTests.fleetOperator(broker)
        defer { fleet.stop() }
        let document = Array("# one line, as mosquitto_sub prints it".utf8)
        #expect(fleet.push(document, to: .group("empty"), timeout: .seconds(1)).isEmpty)
        let topic = "nightstand/fleet/group/empty/config"
        #expect(
            eventually {
                (try? broker.retained(topic))?[topic] == "# one line, as mosquitto_sub prints it"
            })
        // A display of the group connecting then applies it (FleetConfigProgramTests: a
        // display offline during a push is on the pushed revision once back).
    }
}
