import BuiltinWidgets
import DisplayCommands
import Foundation
import NightstandTesting
import StandbyViews
import Testing

@testable import Standby

/// The view a user chose survives a restart: kept in the state directory, read at start,
/// ignored (with a line naming the file) when it names no view.
@Suite struct ViewMemoryTests {
    private let start = Date(timeIntervalSince1970: 1_795_254_060)

    private func host(
        _ folder: TemporaryFolder, views: String = #"["widgets", "clock"]"#,
        recorder: LogRecorder = LogRecorder()
    ) throws -> StandbyHost {
        var configuration = try Configuration.parse(
            """
            [layout]
            views = \(views)
            [[widget]]
            kind = "clock"
            [[slot]]
            widgets = ["clock"]
            """, file: "memory.toml")
        configuration.stateDirectory = folder.path("")
        return try testHost(
            configuration, registry: WidgetRegistry(BuiltinWidgets.all),
            clock: SimulatedClock(start: start), log: recorder.logger(label: "nightstand"))
    }

    @Test("a view chosen by command is shown again after a restart; a step is kept too")
    func restart() throws {
        let folder = try TemporaryFolder()
        let first = try host(folder)
        #expect(first.state.view == "widgets")
        #expect(first.apply(.showView("clock")).isDone)
        #expect(try String(contentsOfFile: folder.path("view"), encoding: .utf8) == "clock\n")
        // A restart: a new host on the same state directory.
        let second = try host(folder)
        #expect(second.state.view == "clock")
        second.apply(.stepView(by: 1))
        #expect(second.state.view == "widgets")
        #expect(try host(folder).state.view == "widgets")
        // A refused view keeps the file as it was.
        second.apply(.showView("photos"))
        #expect(try String(contentsOfFile: folder.path("view"), encoding: .utf8) == "widgets\n")
    }

    @Test("a file naming no view, or a view no longer listed, starts on the first view")
    func badFile() throws {
        let folder = try TemporaryFolder()
        try "television\n".write(toFile: folder.path("view"), atomically: true, encoding: .utf8)
        let recorder = LogRecorder()
        let host = try host(folder, recorder: recorder)
        #expect(host.state.view == "widgets")
        #expect(
            recorder.messages.contains {
                $0.contains(folder.path("view")) && $0.contains("\"television\" is not a view")
            }, "\(recorder.messages)")
        try "photos\n".write(toFile: folder.path("view"), atomically: true, encoding: .utf8)
        #expect(try self.host(folder).state.view == "widgets", "photos is not in [layout] views")
    }

    @Test("without a state directory nothing is kept")
    func noDirectory() throws {
        let folder = try TemporaryFolder()
        var configuration = try Configuration.parse(
            """
            [layout]
            views = ["widgets", "clock"]
            """, file: "memory.toml")
        configuration.stateDirectory = nil
        let host = try testHost(
            configuration, registry: WidgetRegistry(BuiltinWidgets.all),
            clock: SimulatedClock(start: start))
        host.apply(.showView("clock"))
        #expect(host.state.view == "clock")
        #expect(!FileManager.default.fileExists(atPath: folder.path("view")))
    }
}
