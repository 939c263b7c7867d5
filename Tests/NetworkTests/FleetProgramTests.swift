import Foundation
import NightstandTesting
import Raster
import Testing

/// `nightstand run` with `[fleet]` and the operator's `nightstand fleet`, both the real
/// program, on a real broker.
@Suite("nightstand fleet")
struct FleetProgramTests {
    /// Runs `nightstand fleet ARGUMENTS --broker URL`: its status and output.
    static func fleet(_ broker: Broker, _ arguments: [String]) throws -> (Int32, String) {
        let result = try Broker.run(
            DisplayNetworkTests.program, ["fleet"] + arguments + ["--broker", broker.url])
        return (result.status, result.output + result.errors)
    }

    @Test("list, command a group and a device, a refusal, a killed display: the exit statuses")
    func program() throws {
        let broker = try Broker()
        let display = try DisplayNetworkTests.Display(
            broker: broker, mqtt: ["[fleet]", "id = \"room-1\"", "groups = [\"beds\"]"])
        defer { display.kill(SIGKILL) }
        try #require(
            eventually(seconds: 60) { FleetTests.state(broker, "room-1") != nil }, display.log)

        let (listed, table) = try Self.fleet(broker, ["list"])
        #expect(listed == 0)
        #expect(table.contains("room-1  beds    online"), "\(table)")
        #expect(table.contains("1 displays"))
        let (_, json) = try Self.fleet(broker, ["list", "--json"])
        #expect(json.contains(#""id":"room-1""#), "\(json)")

        let (sent, answers) = try Self.fleet(
            broker, ["command", "--group", "beds", "mode", "night"])
        #expect(sent == 0)
        #expect(answers.contains("room-1: done: mode night") && answers.contains("1/1 applied"))
        #expect(FleetTests.state(broker, "room-1")?.mode == "night")
        #expect(display.status().contains("night"))

        let (refused, why) = try Self.fleet(
            broker, ["command", "--device", "room-1", "view", "nope"])
        #expect(refused == 1)
        #expect(why.contains("room-1: refused: no view \"nope\""), "\(why)")
        // The frame it shows, as `GET /screen.png` gives it.
        let out = broker.folder.appendingPathComponent("shot.png").path
        let (shot, said) = try Self.fleet(broker, ["screenshot", "room-1", "--out", out])
        #expect(shot == 0, "\(said)")
        let picture = try PNGDecoder.decode(file: out)
        #expect(picture.width == 400 && picture.height == 240)
        let (unknown, _) = try Self.fleet(
            broker, ["screenshot", "nobody", "--out", out, "--timeout", "1"])
        #expect(unknown == 1)

        let (bad, words) = try Self.fleet(broker, ["command", "--all", "fly"])
        #expect(bad == 64, "\(words)")
        let (none, _) = try Self.fleet(broker, ["command", "--group", "nobody", "mode", "day"])
        #expect(none == 1)

        // Killed: the broker's last will says offline; the display is not waited for.
        display.kill(SIGKILL)
        #expect(
            eventually {
                (try? broker.retained("nightstand/room-1/availability"))?.values.first
                    == "offline"
            })
        let (gone, offline) = try Self.fleet(broker, ["command", "--all", "mode", "day"])
        #expect(gone == 1)
        #expect(offline.contains("room-1: offline"), "\(offline)")
        let (_, after) = try Self.fleet(broker, ["list"])
        #expect(after.contains("room-1  beds    offline"), "\(after)")

        // No broker: status 69 with the reason.
        let port = try Broker.freePort()
        let result = try Broker.run(
            DisplayNetworkTests.program,
            ["fleet", "list", "--broker", "mqtt://127.0.0.1:\(port)", "--timeout", "1"])
        #expect(result.status == 69)
        #expect(result.errors.contains("the broker did not answer in time"), "\(result.errors)")
    }
}
