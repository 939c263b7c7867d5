import DisplayCommands
import Foundation
import Testing

@testable import Network
@testable import NightstandProgram

/// `nightstand fleet list`'s table.
@Suite("Fleet list table")
struct FleetListTableTests {
    @Test("a row per display: its version, and the version apt would install where newer")
    func table() {
        let now = Date(timeIntervalSince1970: 1_795_903_600)
        let state = DisplayState(mode: .auto, appearance: "night", lux: nil)
        let behind = FleetState(
            id: "hall", groups: ["floor-2"], program: "0.1.0", candidate: "0.2.0", state: state,
            lux: nil, started: 0, updated: 1_795_903_600 - 300)
        let current = FleetState(
            id: "car", groups: [], program: "0.2.0", candidate: "0.2.0", state: state, lux: nil,
            started: 0, updated: 1_795_903_600 - 12, error: "mode sunrise: no such mode")
        let table = FleetListCommand.table(
            [
                FleetOperator.Display(id: "hall", state: behind, availability: "online"),
                FleetOperator.Display(id: "car", state: current, availability: "offline"),
                FleetOperator.Display(id: "new", state: nil, availability: nil),
            ], now: now)
        let lines = table.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines[0].hasPrefix("id") && lines[0].contains("version"))
        #expect(lines[1].contains("hall") && lines[1].contains("0.1.0 (0.2.0 available)"))
        #expect(lines[1].contains("online (night)") && lines[1].contains("5 min ago"))
        #expect(lines[2].contains("0.2.0") && !lines[2].contains("available"))
        #expect(lines[2].contains("12 s ago") && lines[2].contains("mode sunrise: no such mode"))
        #expect(lines[3].hasPrefix("new") && lines[3].contains("?"))
        #expect(lines[4] == "3 displays")
    }
}
