import Foundation
import NightstandTesting
import Testing

/// One command language on every channel of the real program: the control socket
/// (`nightstand send`), HTTP (`POST /api/command`) and MQTT (`<base>/command`) take the same
/// words in the same wire form, act alike, and refuse what is not a command in the same words.
/// (The input's side: `InputSourceTests.anyCommandFromAKey`.)
@Suite("One command, every channel")
struct CommandChannelsTests {
    @Test("the socket, HTTP and MQTT each switch the view with the same command, and refuse alike")
    func everyChannel() throws {
        let broker = try Broker()
        let display = try DisplayNetworkTests.Display(broker: broker)
        defer { display.kill(SIGTERM) }
        try #require(
            eventually(seconds: 60) {
                let status = display.status()
                return status.contains("mqtt: connected to \(broker.url)")
                    && status.contains("http: listening on 127.0.0.1:\(display.httpPort)")
            }, display.log)
        let socket = display.folder.appendingPathComponent("control.sock").path
        func send(_ words: [String]) throws -> (status: Int32, output: String, errors: String) {
            try Broker.run(DisplayNetworkTests.program, ["send"] + words + ["--socket", socket])
        }

        // The control socket.
        let sent = try send(["view", "clock"])
        #expect(sent.status == 0, "\(sent.errors)")
        #expect(eventually { display.status().contains("view: clock") }, display.log)
        // HTTP, with the wire form.
        let http = RawHTTP(port: display.httpPort)
        let posted = try http.request(
            "POST", "/api/command", token: HTTPServerTests.token,
            body: #"{"version": 1, "command": "view widgets"}"#)
        #expect(posted.status == 202)
        #expect(posted.text.contains(#""command":"view widgets""#))
        #expect(eventually { display.status().contains("view: widgets") }, display.log)
        // MQTT, with the same wire form.
        try broker.publish("nightstand/e2e/command", #"{"version": 1, "command": "view clock"}"#)
        #expect(eventually { display.status().contains("view: clock") }, display.log)

        // What is not a command: one wording everywhere.
        let wording =
            #"not a display command: "view": expected view next, view previous or view NAME"#
        let refused = try send(["view"])
        #expect(refused.status != 0)
        #expect(refused.errors.contains(wording), "\(refused.errors)")
        let bad = try http.request(
            "POST", "/api/command", token: HTTPServerTests.token,
            body: #"{"version": 1, "command": "view"}"#)
        #expect(bad.status == 400)
        #expect(bad.text.contains(wording.replacingOccurrences(of: "\"", with: "\\\"")))
        try broker.publish("nightstand/e2e/command", #"{"version": 1, "command": "view"}"#)
        #expect(
            eventually {
                let log =
                    (try? String(
                        contentsOf: display.folder.appendingPathComponent("display.log"),
                        encoding: .utf8)) ?? ""
                return log.contains(wording)
            }, display.log)
        #expect(display.status().contains("view: clock"))
    }
}
