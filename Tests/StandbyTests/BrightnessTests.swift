import Ambient
import BuiltinWidgets
import DisplayCommands
import Foundation
import NightstandTesting
import SystemSupport
import Testing

@testable import Standby

/// Brightness set by command: in the state at once, used by the appearance (the pixels where
/// no backlight dims), kept across a restart in the state directory, back to the file's with
/// `default`; a bad file is ignored with a line naming it.
@Suite struct BrightnessTests {
    private let start = Date(timeIntervalSince1970: 1_795_255_200)

    /// A host whose `[ambient] dim_brightness` is 40 (the default), keeping state in `folder`.
    private func host(_ folder: TemporaryFolder, log: Logger = Logger(label: "test")) throws
        -> StandbyHost
    {
        var configuration = try Configuration.parse(
            "[[widget]]\nkind = \"date\"\n[[slot]]\nwidgets = [\"date\"]", file: "b.toml")
        configuration.stateDirectory = folder.path("")
        return try testHost(
            configuration, registry: WidgetRegistry(BuiltinWidgets.all),
            clock: SimulatedClock(start: start), log: log)
    }

    @Test("a brightness command takes effect, is kept across a restart, and default undoes it")
    func keptAcrossRestart() throws {
        let folder = try TemporaryFolder()
        let first = try host(folder)
        #expect(first.state.brightness == ["day": 100, "dim": 40, "night": 10])
        let file = first.style(for: .dim)
        first.apply(.setBrightness("dim", percent: 25))
        #expect(first.state.brightness?["dim"] == 25)
        let chosen = first.style(for: .dim)
        #expect(chosen != file, "no backlight: the pixels dim further")
        #expect(first.style(for: .day) == .day)
        #expect(
            try String(contentsOfFile: folder.path("brightness"), encoding: .utf8)
                == "{\"dim\":25}\n")

        let second = try host(folder)  // a restart
        #expect(second.state.brightness?["dim"] == 25)
        #expect(second.style(for: .dim) == chosen)
        second.apply(.setBrightness("dim", percent: nil))
        #expect(second.state.brightness?["dim"] == 40, "back to the configuration's")
        #expect(second.style(for: .dim) == file)
        let third = try host(folder)
        #expect(third.state.brightness?["dim"] == 40)
        #expect(third.style(for: .dim) == file)
    }

    @Test("a brightness file that is not JSON percentages is ignored, naming it")
    func badFile() throws {
        let folder = try TemporaryFolder()
        try "dim=25\n".write(toFile: folder.path("brightness"), atomically: true, encoding: .utf8)
        let recorder = LogRecorder()
        let host = try host(folder, log: recorder.logger(label: "test"))
        #expect(host.state.brightness?["dim"] == 40)
        #expect(
            recorder.messages.contains {
                $0.contains("brightness") && $0.contains("not a JSON object")
            })
    }
}
