import Foundation
import NightstandTesting
import Settings
import Synchronization
import SystemSupport
import Testing

@testable import Network

/// The connection's life against a real broker: restarts, refused logins, TLS, and what an
/// idle connection costs. (The last will of a killed display: DisplayNetworkTests.)
@Suite("MQTT connection")
struct MQTTConnectionTests {
    @Test(
        "after the broker restarts the bridge reconnects and announces again; one log line per change"
    )
    func reconnect() throws {
        let broker = try Broker()
        let recorder = LogRecorder()
        let bridge = try MQTTBridgeTests.startedBridge(
            broker, host: FakeHost(), log: recorder.logger(label: "test"))
        defer { bridge.stop() }
        #expect(eventually { bridge.connection == .connected })
        #expect(eventually { ((try? broker.retained("nightstand/#")) ?? [:]).count == 10 })

        broker.stop()
        // Several attempts fail while the broker is away: each a new retry time.
        var attempts: Set<Date> = []
        #expect(
            eventually(seconds: 30) {
                if case .disconnected(_, let retry) = bridge.connection { attempts.insert(retry) }
                return attempts.count >= 3
            })
        try broker.start()
        #expect(eventually(seconds: 90) { bridge.connection == .connected })
        // The restarted broker kept nothing (no persistence): the bridge published it all again.
        #expect(
            eventually {
                (try? broker.retained("nightstand/#"))?["nightstand/test/availability"] == "online"
            })
        let warnings = recorder.messages.filter { $0.hasPrefix("warning: mqtt:") }
        let connected = recorder.messages.filter { $0.contains("mqtt: connected to") }
        #expect(connected.count == 2)
        // "connection lost", then "can't connect: Connection refused": one line each, however
        // many attempts failed.
        #expect((1...2).contains(warnings.count), "\(warnings)")
        #expect(warnings.count < attempts.count)
    }

    @Test("a refused login says so; the password from password_file logs in")
    func login() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "nightstand-broker-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let passwords = folder.appendingPathComponent("passwd").path
        let made = try Broker.run("mosquitto_passwd", ["-b", "-c", passwords, "display", "s3cret"])
        #expect(made.status == 0, "\(made.errors)")
        let broker = try Broker(
            settings: ["allow_anonymous false", "password_file \(passwords)"], directory: folder)
        broker.peerLogin = ["-u", "display", "-P", "s3cret"]

        let wrong = folder.appendingPathComponent("wrong").path
        try "guess\n".write(toFile: wrong, atomically: true, encoding: .utf8)
        let refused = try MQTTBridgeTests.startedBridge(
            broker, host: FakeHost(),
            extra: ["username": .string("display"), "password_file": .string(wrong)])
        #expect(
            eventually {
                guard case .disconnected(let reason, _) = refused.connection else { return false }
                return reason.hasPrefix("the broker refused the connection: ")
            })
        refused.stop()

        let right = folder.appendingPathComponent("right").path
        try "s3cret\n".write(toFile: right, atomically: true, encoding: .utf8)
        let bridge = try MQTTBridgeTests.startedBridge(
            broker, host: FakeHost(),
            extra: ["username": .string("display"), "password_file": .string(right)])
        defer { bridge.stop() }
        #expect(eventually { bridge.connection == .connected })
        #expect(
            eventually {
                (try? broker.retained("nightstand/test/mode")) == ["nightstand/test/mode": "auto"]
            })

        let missing = try MQTTBridgeTests.startedBridge(
            broker, host: FakeHost(),
            extra: ["username": .string("display"), "password_file": .string("/nonexistent/pw")])
        #expect(
            missing.connection
                == .failed(
                    reason: "password_file: can't use /nonexistent/pw: No such file or directory"))
    }

    @Test("mqtts:// verifies the broker against ca_file, and refuses a broker it can't verify")
    func tls() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "nightstand-broker-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let files = try TestCertificates(in: folder)
        let broker = try Broker(
            settings: [
                "allow_anonymous true", "cafile \(files.ca)", "certfile \(files.certificate)",
                "keyfile \(files.key)",
            ], directory: folder)
        let url = "mqtts://127.0.0.1:\(broker.port)"

        let bridge = try MQTTBridgeTests.startedBridge(
            broker, host: FakeHost(), extra: ["url": .string(url), "ca_file": .string(files.ca)])
        #expect(eventually { bridge.connection == .connected })
        bridge.stop()

        // Without ca_file the system's CAs are trusted, and they never signed this broker.
        let untrusted = try MQTTBridgeTests.startedBridge(
            broker, host: FakeHost(), extra: ["url": .string(url)])
        defer { untrusted.stop() }
        #expect(
            eventually {
                guard case .disconnected(let reason, _) = untrusted.connection else { return false }
                return reason.hasPrefix("TLS failed")
                    && reason.contains("certificate verify failed")
            })
    }

    @Test("an idle connection wakes its thread for the keep-alive only")
    func idle() throws {
        let broker = try Broker()
        let recorder = LogRecorder()
        let bridge = try MQTTBridgeTests.startedBridge(
            broker, host: FakeHost(), extra: ["keepalive": .string("5s")],
            log: recorder.logger(label: "test"))
        defer { bridge.stop() }
        #expect(eventually { bridge.connection == .connected })
        #expect(eventually { ((try? broker.retained("nightstand/#")) ?? [:]).count == 10 })
        let thread = ThreadSwitches(thread: try #require(bridge.clientThread))
        // Two keep-alive rounds in 11 s (a ping out, its answer in): about 4 wake-ups. A
        // window counts only while the client said nothing: on a machine loaded enough for a
        // ping to come late the broker drops the connection, and the client connects again (a
        // log line). A window can also count waits for locks that the test process's other
        // threads hold (the whole suite runs at once); a periodic wake-up shows in every
        // window. Up to three windows, until a quiet one has at most 6.
        var quiet: [Int] = []
        for _ in 0..<3 where !quiet.contains(where: { $0 <= 6 }) {
            let (before, said) = (thread.voluntary(), recorder.messages.count)
            usleep(11_000_000)
            let wakeups = thread.voluntary() - before
            if recorder.messages.count == said { quiet.append(wakeups) }
        }
        #expect(
            quiet.contains { $0 <= 6 },
            """
            wake-ups in each quiet 11 s window with a 5 s keep-alive: \(quiet); the client's log:
            \(recorder.messages.joined(separator: "\n"))
            """)
        #expect(eventually { bridge.connection == .connected })
    }
}
