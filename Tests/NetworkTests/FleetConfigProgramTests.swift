import Foundation
import Network
import NightstandTesting
import Synchronization
import Testing

/// Configuration through the broker with the real programs: `nightstand run` with `[fleet]
/// accept_config`, `nightstand fleet push`, a real Mosquitto restarted under them.
@Suite("nightstand fleet push")
struct FleetConfigProgramTests {
    /// A display of the fleet taking configuration, with a state directory of its own.
    final class Member: @unchecked Sendable {
        let id: String
        let folder: URL
        let broker: Broker
        private var child: Child?

        init(_ id: String, broker: Broker) throws {
            self.id = id
            self.broker = broker
            folder = broker.folder.appendingPathComponent(id)
            for made in [folder, folder.appendingPathComponent("state")] {
                // Owner-only: the control socket refuses a folder others can reach.
                try FileManager.default.createDirectory(
                    at: made, withIntermediateDirectories: true,
                    attributes: [.posixPermissions: 0o700])
            }
            let configuration = """
                [display]
                backend = "headless"
                size = "320x240"
                output = "none"
                [ambient]
                sensor = "none"
                [layout]
                views = ["widgets", "clock"]
                [mqtt]
                url = "\(broker.url)"
                keepalive = 5
                [fleet]
                id = "\(id)"
                groups = ["beds"]
                accept_config = true
                """
            try configuration.write(
                to: folder.appendingPathComponent("nightstand.toml"), atomically: true,
                encoding: .utf8)
            try start()
        }

        /// Starts `nightstand run` (again).
        func start() throws {
            child = try Child(
                [
                    "/usr/bin/env", "STATE_DIRECTORY=\(folder.path)/state",
                    DisplayNetworkTests.program, "run", "--config",
                    folder.appendingPathComponent("nightstand.toml").path, "--socket",
                    folder.appendingPathComponent("control.sock").path,
                ], errors: folder.appendingPathComponent("display.log").path)
        }

        func stop() {
            child?.kill(SIGTERM)
            child?.wait()
        }

        deinit { child?.kill(SIGKILL) }

        var log: Comment {
            let text = try? String(
                contentsOf: folder.appendingPathComponent("display.log"), encoding: .utf8)
            return Comment(rawValue: "\(id)'s log:\n" + (text ?? "(none)"))
        }

        /// `nightstand status`'s table; empty when it does not answer.
        func status() -> String {
            let result = try? Broker.run(
                DisplayNetworkTests.program,
                ["status", "--socket", folder.appendingPathComponent("control.sock").path])
            return result?.output ?? ""
        }

        /// Its retained state document.
        var state: FleetState? { FleetTests.state(broker, id) }

        /// The revision of `layer` it applied.
        func applied(_ layer: String) -> String? { state?.config?.layers[layer] }
    }

    /// Writes `text` to a file in `broker`'s folder; its path.
    static func document(_ broker: Broker, _ name: String, _ text: String) throws -> String {
        let path = broker.folder.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func revision(_ text: String) -> String {
        FleetConfigStore.revision(of: Array(text.utf8))
    }

    static let good = "[layout]\nviews = [\"clock\", \"widgets\"]\n"
    static let hostile = "[ambient]\nsensor_command = [\"/bin/sh\", \"-c\", \"touch /tmp/owned\"]\n"
    static let group = "[layout]\nviews = [\"clock\"]\n"
    static let final = "[layout]\nviews = [\"widgets\"]\n"

    @Test("push: applied, hostile, malformed and oversized refused aloud, offline catch-up")
    func push() throws {
        let broker = try Broker()
        let a = try Member("a", broker: broker)
        let b = try Member("b", broker: broker)
        defer {
            a.stop()
            b.stop()
        }
        try #require(eventually(seconds: 60) { a.state?.config != nil }, a.log)
        try #require(eventually(seconds: 60) { b.state?.config != nil }, b.log)

        let good = try Self.document(broker, "good.toml", Self.good)
        let (pushed, said) = try FleetProgramTests.fleet(broker, ["push", "--all", good])
        #expect(pushed == 0, "\(said)")
        #expect(said.contains("a: done: applied \(Self.revision(Self.good))"), "\(said)")
        #expect(said.contains("2/2 applied"))
        #expect(a.status().contains("(of clock, widgets)"), "\(a.status())")

        // Hostile: refused with the named key, published; the display runs on.
        let hostile = try Self.document(broker, "hostile.toml", Self.hostile)
        let (refused, why) = try FleetProgramTests.fleet(
            broker, ["push", "--group", "beds", hostile])
        #expect(refused == 1)
        let named =
            "a: refused: configuration refused: fleet/group/beds@\(Self.revision(Self.hostile)):2: [ambient] "
            + "sensor_command: a configuration from the broker may not set what runs a program"
        #expect(why.contains(named), "\(why)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/owned"))
        #expect(a.status().contains("(of clock, widgets)"))
        #expect(a.applied("all") == Self.revision(Self.good))

        // Malformed and oversized, published by anyone with the right: refused aloud.
        try broker.publish("nightstand/fleet/device/a/config", "[layout\nviews = 3", retain: true)
        #expect(
            eventually { a.state?.config?.refused?.error.contains("not valid TOML") == true },
            "\(String(describing: a.state))")
        let big = String(repeating: "#", count: FleetConfigStore.limit + 10)
        try broker.publish("nightstand/fleet/device/a/config", big, retain: true)
        #expect(
            eventually {
                a.state?.config?.refused?.error.contains("expected at most 65536 bytes") == true
            }, "\(String(describing: a.state))")
        #expect(a.status().contains("(of clock, widgets)"))
        try broker.publish("nightstand/fleet/device/a/config", "", retain: true)

        // Refused before publishing: too big, or a table no document may set.
        let (local, localWhy) = try FleetProgramTests.fleet(
            broker, ["push", "--all", try Self.document(broker, "big.toml", big)])
        #expect(local == 65, "\(localWhy)")
        #expect(localWhy.contains("larger than 64 KiB"), "\(localWhy)")
        let mqtt = try Self.document(broker, "mqtt.toml", "[mqtt]\nurl = \"mqtt://elsewhere\"\n")
        let (broken, brokenWhy) = try FleetProgramTests.fleet(broker, ["push", "--all", mqtt])
        #expect(broken == 65 && brokenWhy.contains("may not set [mqtt]"), "\(brokenWhy)")

        // Offline during a push: reported; catches up from the retained document on return.
        b.stop()
        #expect(
            eventually {
                (try? broker.retained("nightstand/b/availability"))?.values.first == "offline"
            })
        let group = try Self.document(broker, "group.toml", Self.group)
        let (partial, answers) = try FleetProgramTests.fleet(
            broker, ["push", "--group", "beds", group])
        #expect(partial == 1)
        #expect(
            answers.contains("a: done: applied") && answers.contains("b: offline"), "\(answers)")
        try b.start()
        #expect(
            eventually(seconds: 60) { b.applied("group/beds") == Self.revision(Self.group) }, b.log)
        #expect(eventually { b.status().contains("(of clock)") }, "\(b.status())")
    }

    @Test("the broker restarted during a push; a restart with the broker down keeps the config")
    func faults() throws {
        let folder = "/tmp/nightstand-fleet-config-\(UUID().uuidString)"
        defer { _ = try? FileManager.default.removeItem(atPath: folder) }
        let broker = try Broker(
            settings: [
                "allow_anonymous true", "persistence true", "persistence_location \(folder)/",
            ],
            directory: URL(fileURLWithPath: folder))
        let members = try ["a", "b", "c"].map { try Member($0, broker: broker) }
        defer { for member in members { member.stop() } }
        for member in members {
            try #require(eventually(seconds: 60) { member.state?.config != nil }, member.log)
        }
        let good = try Self.document(broker, "good.toml", Self.good)
        let (first, said) = try FleetProgramTests.fleet(broker, ["push", "--all", good])
        try #require(first == 0, "\(said)")

        // The push and the broker's restart at once.
        let final = try Self.document(broker, "final.toml", Self.final)
        let result = PushResult()
        let pusher = Thread {
            let status = try? FleetProgramTests.fleet(
                broker, ["push", "--all", final, "--timeout", "20"]
            ).0
            result.status.withLock { $0 = status ?? -1 }
        }
        pusher.start()
        usleep(50_000)
        broker.stop()
        usleep(500_000)
        try broker.start()
        #expect(eventually(seconds: 40) { result.status.withLock { $0 } != nil })
        let revisions = [Self.revision(Self.good), Self.revision(Self.final)]
        for member in members {
            #expect(
                eventually(seconds: 30) {
                    (try? broker.retained("nightstand/\(member.id)/availability"))?.values.first
                        == "online"
                }, member.log)
            let applied = member.applied("all")
            #expect(
                applied.map(revisions.contains) == true,
                "\(member.id): \(String(describing: applied))")
            // What it shows is what it says it applied: never a mix.
            let views = applied == revisions[1] ? "(of widgets)" : "(of clock, widgets)"
            #expect(member.status().contains(views), "\(member.id): \(member.status())")
        }
        // Pushed again once the broker is back: every display on the new revision.
        let (again, answers) = try FleetProgramTests.fleet(broker, ["push", "--all", final])
        #expect(again == 0 && answers.contains("3/3 applied"), "\(answers)")

        // Restarted with the broker down: starts on the configuration kept.
        broker.stop()
        let a = members[0]
        a.stop()
        try a.start()
        #expect(eventually(seconds: 30) { a.status().contains("(of widgets)") }, a.log)
        try broker.start()
        #expect(
            eventually(seconds: 30) {
                (try? broker.retained("nightstand/a/availability"))?.values.first == "online"
            }, a.log)
        #expect(a.applied("all") == Self.revision(Self.final))
    }
}

/// The status of a `fleet push` run on a thread of its own, once it ended.
private final class PushResult: Sendable {
    let status = Mutex<Int32?>(nil)
}
