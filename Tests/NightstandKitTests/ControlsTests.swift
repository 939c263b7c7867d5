import Ambient
import BuiltinWidgets
import DisplayCommands
import Foundation
import Input
import NightstandTesting
import PhotoFixtures
import SystemSupport
import Testing

@testable import NightstandProgram
@testable import Standby
@testable import StandbyViews

/// The controls Home Assistant's numbers set (`idle-off`, `night-red`, `photos-interval`):
/// each takes effect on the running display, is kept across a restart in the state directory,
/// and goes back to the configuration's with `default`.
@Suite struct ControlsTests {
    private let start = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15 08:00 UTC

    /// A host with the widgets and photos views, `[input] idle_off = "60s"`, `[ambient]
    /// night_red = 50`, the example photos every 60 s, keeping state in `folder`.
    private func host(_ folder: TemporaryFolder, log: Logger = Logger(label: "test")) throws
        -> StandbyHost
    {
        let photos = folder.path("photos")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        ExamplePhotos.write(to: photos + "/")
        var configuration = try Configuration.parse(
            """
            [ambient]
            sensor = "none"
            time_zone = "UTC"
            fade = 0
            night_red = 50
            [layout]
            views = ["widgets", "photos"]
            burn_in_shift = 0
            [input]
            idle_off = "60s"
            [photos]
            folder = "\(photos)"
            interval = "60s"
            [[widget]]
            kind = "date"
            [[slot]]
            widgets = ["date"]
            """, file: "controls.toml", sections: [InputConfiguration.self])
        configuration.stateDirectory = folder.path("")
        return try testHost(
            configuration, registry: WidgetRegistry(BuiltinWidgets.all),
            clock: SimulatedClock(start: start), log: log)
    }

    /// The running photos view's interval.
    private func photosInterval(_ host: StandbyHost) -> Double? {
        (host.views.pages[.photos] as? PhotosPage)?.photos.configuration.interval
    }

    @Test("idle-off: the panel goes off at the new time, kept across a restart; 0 never")
    func idleOff() throws {
        let folder = try TemporaryFolder()
        let first = try host(folder)
        #expect(first.state.controls?["idle-off"] == 60)
        first.add(InputSource(directory: folder.path("input")))
        var seen: [Appearance] = []
        first.add(
            AtInstant(start + 10) { [unowned first] in first.apply(.setControl(.idleOff, 600)) })
        first.add(AtInstant(start + 120) { [unowned first] in seen.append(first.shownAppearance) })
        first.run(until: start + 700)
        #expect(seen == [.day], "not off after 60 s: the command's 600 s hold")
        #expect(first.shownAppearance == .off, "off after 600 s")
        #expect(first.state.controls?["idle-off"] == 600)

        let second = try host(folder)  // a restart
        #expect(second.state.controls?["idle-off"] == 600)
        second.apply(.setControl(.idleOff, 0))
        #expect(second.state.controls?["idle-off"] == 0)
        second.add(InputSource(directory: folder.path("input")))
        second.run(until: start + 3600)
        #expect(second.shownAppearance == .day, "0: never off")

        let third = try host(folder)
        third.apply(.setControl(.idleOff, nil))
        #expect(third.state.controls?["idle-off"] == 60, "default: the configuration's")
        third.add(InputSource(directory: folder.path("input")))
        third.run(until: start + 120)
        #expect(third.shownAppearance == .off)
    }

    @Test("night-red: night's red changes at once, kept across a restart, default undoes it")
    func nightRed() throws {
        let folder = try TemporaryFolder()
        let first = try host(folder)
        #expect(first.state.controls?["night-red"] == 50)
        let file = first.style(for: .night)
        #expect(first.apply(.setControl(.nightRed, 20)) == .done("night-red 20 %"))
        let chosen = first.style(for: .night)
        #expect(chosen != file)
        #expect(first.style(for: .day) == .day)
        #expect(
            try String(contentsOfFile: folder.path("controls"), encoding: .utf8)
                == "{\"night-red\":20}\n")
        let second = try host(folder)
        #expect(second.state.controls?["night-red"] == 20)
        #expect(second.style(for: .night) == chosen)
        second.apply(.setControl(.nightRed, nil))
        #expect(second.state.controls?["night-red"] == 50)
        #expect(second.style(for: .night) == file)
    }

    @Test("photos-interval: the photos view takes it, kept; not longer than the fade is refused")
    func photosInterval() throws {
        let folder = try TemporaryFolder()
        let first = try host(folder)
        #expect(photosInterval(first) == 60)
        #expect(first.apply(.setControl(.photosInterval, 15)) == .done("photos-interval 15 s"))
        #expect(photosInterval(first) == 15)
        #expect(first.state.controls?["photos-interval"] == 15)
        let second = try host(folder)
        #expect(photosInterval(second) == 15)
        let recorder = LogRecorder()
        let third = try host(folder, log: recorder.logger(label: "test"))
        var configuration = third.configuration
        configuration.photos.fade = 20
        third.configuration = configuration
        let refused = third.apply(.setControl(.photosInterval, 10))
        #expect(refused == .refused("photos-interval 10: expected more than [photos] fade (20 s)"))
        #expect(photosInterval(third) == 15)
        #expect(recorder.messages.contains { $0.contains("photos-interval 10: expected more") })
        third.apply(.setControl(.photosInterval, nil))
        #expect(photosInterval(third) == 60)
    }

    @Test("a controls file that is not JSON numbers is ignored, naming it")
    func badFile() throws {
        let folder = try TemporaryFolder()
        try "idle-off=5\n".write(toFile: folder.path("controls"), atomically: true, encoding: .utf8)
        let recorder = LogRecorder()
        let host = try host(folder, log: recorder.logger(label: "test"))
        #expect(host.state.controls?["idle-off"] == 60)
        #expect(
            recorder.messages.contains {
                $0.contains("controls") && $0.contains("not a JSON object")
            })
    }
}
