import Foundation
import NightstandTesting
import Raster
import Testing

/// The real program, `nightstand run` with `[mqtt]` and `[http]`, end to end.
///
/// On the headless backend, with a real broker and clients on loopback: what Home Assistant
/// and a browser would do, and what a killed display leaves behind.
@Suite("nightstand run on the network")
struct DisplayNetworkTests {
    /// The `nightstand` built next to this test executable.
    static var program: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("nightstand").path
    }

    /// A running display with `[mqtt]` on `broker` (and the `mqtt` lines) and `[http]` on a
    /// free port.
    final class Display: @unchecked Sendable {
        let folder: URL
        let httpPort: Int
        private(set) var process: Child?

        init(broker: Broker, mqtt: [String] = []) throws {
            folder = broker.folder
            httpPort = try Broker.freePort()
            try HTTPServerTests.token.write(
                to: folder.appendingPathComponent("token"), atomically: true, encoding: .utf8)
            let configuration = """
                [display]
                backend = "headless"
                size = "400x240"
                output = "\(folder.path)/screen.png"
                [ambient]
                sensor = "none"
                [layout]
                views = ["widgets", "clock"]
                [mqtt]
                url = "\(broker.url)"
                client_id = "nightstand-e2e"
                base_topic = "nightstand/e2e"
                \(mqtt.joined(separator: "\n"))
                [http]
                listen = "127.0.0.1:\(httpPort)"
                token_file = "\(folder.path)/token"
                [[widget]]
                kind = "mqtt"
                topic = "home/temperature"
                unit = "°C"
                [[slot]]
                widgets = ["mqtt"]
                """
            try configuration.write(
                to: folder.appendingPathComponent("nightstand.toml"), atomically: true,
                encoding: .utf8)
            process = try Child(
                [
                    DisplayNetworkTests.program, "run", "--config",
                    folder.appendingPathComponent("nightstand.toml").path, "--socket",
                    folder.appendingPathComponent("control.sock").path,
                ], errors: folder.appendingPathComponent("display.log").path)
        }

        /// What the display logged so far, for a failed expectation's message.
        var log: Comment {
            let text = try? String(
                contentsOf: folder.appendingPathComponent("display.log"), encoding: .utf8)
            return Comment(rawValue: "the display's log:\n" + (text ?? "(none)"))
        }

        deinit { kill(SIGKILL) }

        /// `nightstand status`'s table.
        func status() -> String {
            let result = try? Broker.run(
                DisplayNetworkTests.program,
                ["status", "--socket", folder.appendingPathComponent("control.sock").path])
            return result?.output ?? ""
        }

        /// Sends `signal` and waits for the end.
        func kill(_ signal: Int32) {
            process?.kill(signal)
            process?.wait()
        }
    }

    @Test("status, MQTT commands, the mqtt widget, the API and the screen, end to end")
    func endToEnd() throws {
        let broker = try Broker()
        try broker.publish("home/temperature", "21.5", retain: true)
        let display = try Display(broker: broker)
        defer { display.kill(SIGTERM) }
        try #require(
            eventually(seconds: 60) {
                let status = display.status()
                return status.contains("mqtt: connected to \(broker.url) as nightstand-e2e")
                    && status.contains("http: listening on 127.0.0.1:\(display.httpPort)")
            }, display.log)
        // Home Assistant's side: the device announced itself (no illuminance: sensor = "none"),
        // and its mode select works.
        #expect(
            eventually { ((try? broker.retained("homeassistant/#")) ?? [:]).count == 21 })
        #expect(
            try broker.retained("homeassistant/sensor/nightstand-e2e/illuminance/config").isEmpty)
        #expect(
            eventually {
                try? broker.publish("nightstand/e2e/mode/set", "night")
                return display.status().contains("(mode night)")
            })
        #expect(
            eventually {
                (try? broker.retained("nightstand/e2e/mode")) == ["nightstand/e2e/mode": "night"]
            })
        // The view select: the views of [layout] views, and a command shows one.
        let viewConfig = try broker.retained("homeassistant/select/nightstand-e2e/view/config")
        let options = try HomeAssistantSchema.object(viewConfig.values.first ?? "")["options"]
        #expect(options as? [String] == ["widgets", "clock"])
        #expect(
            eventually {
                try? broker.publish("nightstand/e2e/view/set", "clock")
                return display.status().contains("view: clock")
            })
        #expect(
            eventually {
                (try? broker.retained("nightstand/e2e/view")) == ["nightstand/e2e/view": "clock"]
            })

        // The HTTP side: bad requests change nothing; a good one sets the mode.
        let http = RawHTTP(port: display.httpPort)
        let bad = try http.exchange(Array("POST /api/mode HTTP/1.1\r\n\r\n".utf8))
        #expect(bad.status == 401)
        let oversized = try http.exchange(
            Array(
                ("GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 10000) + "\r\n\r\n").utf8))
        #expect(oversized.status == 431)
        #expect(display.status().contains("(mode night)"))
        let mode = try http.request(
            "POST", "/api/mode", token: HTTPServerTests.token, body: #"{"mode":"day"}"#)
        #expect(mode.status == 200)
        #expect(eventually { display.status().contains("(mode day)") })
        let status = try http.request("GET", "/api/status", token: HTTPServerTests.token)
        #expect(status.text.contains(#""mode":"day""#))
        let view = try http.request(
            "POST", "/api/view", token: HTTPServerTests.token, body: #"{"view":"widgets"}"#)
        #expect(view.status == 200)
        #expect(eventually { display.status().contains("view: widgets") })

        // The screen as the API gives it is the frame the headless display wrote, pixel for
        // pixel, and it shows the widget's value from the broker.
        let written = display.folder.appendingPathComponent("screen.png").path
        var shown: Bitmap?
        var served: Bitmap?
        #expect(
            eventually(seconds: 30) {
                let answer = try? http.request("GET", "/screen.png", token: HTTPServerTests.token)
                served = answer.flatMap { try? PNGDecoder.decode(data: $0.body) }
                shown = try? PNGDecoder.decode(file: written)
                guard let shown, let served, shown.size == served.size else { return false }
                return (0..<shown.height).allSatisfy { y in
                    (0..<shown.width).allSatisfy { x in shown[x, y] == served[x, y] }
                }
            })
        #expect(display.status().contains("mqtt"))
    }

    @Test("connected on mqtt://, the display keeps none of OpenSSL's load-time pages resident")
    func openSSLPagesGivenBack() throws {
        let broker = try Broker()
        let display = try Display(broker: broker)
        defer { display.kill(SIGTERM) }
        try #require(
            eventually(seconds: 60) {
                display.status().contains("mqtt: connected to \(broker.url)")
            }, display.log)
        let pid = try #require(display.process?.pid)
        // Read to the end: a /proc file's size is 0.
        let file = try #require(FileHandle(forReadingAtPath: "/proc/\(pid)/smaps"))
        let smaps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
        let (mapped, clean) = Self.residentKiB(of: "/libcrypto.so.3", in: smaps)
        // libmosquitto links OpenSSL, so libcrypto is mapped; loading it reads about 1 MiB of
        // its symbol and relocation tables, which a plain connection never reads again.
        #expect(mapped, "libcrypto is not mapped: the display did not load libmosquitto")
        #expect(clean < 256, "\(clean) KiB of libcrypto's file pages are resident")
    }

    /// Whether a mapping of a file whose path ends in `suffix` is in `smaps` (a
    /// /proc/PID/smaps), and its resident kilobytes that are the file's own (Rss less
    /// Anonymous: not written since they were read).
    static func residentKiB(of suffix: String, in smaps: String) -> (mapped: Bool, clean: Int) {
        var mapped = false
        var inside = false
        var clean = 0
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let key = fields.first else { continue }
            if !key.hasSuffix(":") {
                inside = fields.count >= 6 && fields[5].hasSuffix(suffix)
                mapped = mapped || inside
            } else if inside, fields.count >= 2, let kilobytes = Int(fields[1]) {
                if key == "Rss:" { clean += kilobytes }
                if key == "Anonymous:" { clean -= kilobytes }
            }
        }
        return (mapped, clean)
    }

    @Test("a display killed with SIGKILL is offline for Home Assistant: its last will")
    func killed() throws {
        let broker = try Broker()
        let display = try Display(broker: broker)
        try #require(
            eventually(seconds: 60) {
                (try? broker.retained("nightstand/e2e/availability"))
                    == ["nightstand/e2e/availability": "online"]
            }, display.log)
        display.kill(SIGKILL)
        #expect(
            eventually {
                (try? broker.retained("nightstand/e2e/availability"))
                    == ["nightstand/e2e/availability": "offline"]
            })
    }

    @Test("a rotated broker password is read again on reload: the display logs in with the new one")
    func rotatedPassword() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "nightstand-broker-" + UUID().uuidString)
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let passwords = folder.appendingPathComponent("passwd").path
        let secret = folder.appendingPathComponent("mqtt-password")
        func rotate(to password: String) throws {
            let made = try Broker.run("mosquitto_passwd", ["-b", passwords, "display", password])
            #expect(made.status == 0, "\(made.errors)")
        }
        try "".write(toFile: passwords, atomically: true, encoding: .utf8)
        try rotate(to: "old-secret")
        try "old-secret\n".write(to: secret, atomically: true, encoding: .utf8)
        let broker = try Broker(
            settings: ["allow_anonymous false", "password_file \(passwords)"], directory: folder)
        let display = try Display(
            broker: broker,
            mqtt: ["username = \"display\"", "password_file = \"\(secret.path)\""])
        defer { display.kill(SIGTERM) }
        try #require(
            eventually(seconds: 60) { display.status().contains("mqtt: connected") }, display.log)

        try rotate(to: "new-secret")
        broker.stop()
        try broker.start()
        try #require(
            eventually(seconds: 60) { display.status().contains("refused the connection") },
            display.log)
        try "new-secret\n".write(to: secret, atomically: true, encoding: .utf8)
        display.process?.kill(SIGHUP)
        #expect(
            eventually(seconds: 60) { display.status().contains("mqtt: connected") }, display.log)
    }

    @Test(
        "a token changed in its file takes effect on SIGHUP: the old one is refused, the new one works"
    )
    func rotatedToken() throws {
        let broker = try Broker()
        let display = try Display(broker: broker)
        defer { display.kill(SIGTERM) }
        try #require(
            eventually(seconds: 60) {
                display.status().contains("http: listening on 127.0.0.1:\(display.httpPort)")
            }, display.log)
        let http = RawHTTP(port: display.httpPort)
        #expect(try http.request("GET", "/api/status", token: HTTPServerTests.token).status == 200)
        let rotated = "fedcba9876543210fedcba9876543210"
        try (rotated + "\n").write(
            to: display.folder.appendingPathComponent("token"), atomically: true, encoding: .utf8)
        display.process?.kill(SIGHUP)
        #expect(
            eventually(seconds: 30) {
                (try? http.request("GET", "/api/status", token: rotated).status) == 200
            }, display.log)
        #expect(try http.request("GET", "/api/status", token: HTTPServerTests.token).status == 401)
    }
}
