import Ambient
import BuiltinWidgets
import Display
import Foundation
import NightstandTesting
import PhotoFixtures
import Raster
import Standby
import StandbyViews
import Testing
import Widgets

@testable import NightstandProgram

/// The repository's root, from this file's path.
private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

/// The pictures of StandBy's views in docs/views, drawn as `nightstand snapshot --view` draws
/// them (recorded by `scripts/docs-pictures`), and `--view`'s mistakes.
@Suite("The views' pictures")
struct ViewPicturesTests {
    /// A picture: its file, the view, `[layout]` and `[photos]` lines, and the appearance.
    struct Picture: Sendable, CustomStringConvertible {
        let name: String
        let view: String
        var layout = ""
        var photos = ""
        var appearance = Appearance.day
        var description: String { name }
    }

    static let pictures = [
        Picture(name: "photos", view: "photos"),
        Picture(
            name: "photos-night", view: "photos", photos: #"night = "photos""#,
            appearance: .night),
        Picture(name: "clock", view: "clock"),
        Picture(name: "clock-analog", view: "clock", layout: #"clock = "analog""#),
        Picture(name: "clock-night", view: "clock", appearance: .night),
    ]

    /// A configuration of the default widgets with the example lake photo in `folder`.
    private func configuration(_ picture: Picture, folder: TemporaryFolder) throws
        -> Configuration
    {
        for path in ExamplePhotos.write(to: folder.path("")) where !path.hasSuffix("lake.jpg") {
            try FileManager.default.removeItem(atPath: path)
        }
        return try Configuration.parse(
            """
            [ambient]
            sensor = "none"
            [layout]
            burn_in_shift = 0
            \(picture.layout)
            [photos]
            folder = "\(folder.path(""))"
            \(picture.photos)
            """, file: "views.toml")
    }

    @Test("each view's picture is what snapshot --view draws", arguments: pictures)
    func picture(_ picture: Picture) async throws {
        let folder = try TemporaryFolder()
        let configuration = try SnapshotCommand.showing(
            picture.view, in: configuration(picture, folder: folder))
        let sink = try HeadlessSink(
            size: PixelSize(width: 800, height: 480), format: .xrgb8888, rotation: .degrees0,
            imagePath: nil, rawPath: nil)
        // 2026-11-21 21:41 UTC; the clocks show the machine's zone (UTC on our machines).
        let start = Date(timeIntervalSince1970: 1_795_297_260)
        let (host, _) = try await SnapshotCommand.draw(
            configuration, on: sink, at: start, appearance: picture.appearance, lux: nil)
        // Text across FreeType builds: 2 per channel, as the default display's goldens.
        assertGolden(
            host.screen,
            at: GoldenLocation(package: root.path, path: "docs/views/\(picture.name).png"),
            tolerance: 2)
    }

    @Test("--view names a view, and the photos view needs a folder")
    func viewMistakes() throws {
        let plain = try Configuration.parse("", file: "plain.toml")
        #expect(throws: (any Error).self) { try SnapshotCommand.showing("tv", in: plain) }
        #expect(throws: (any Error).self) { try SnapshotCommand.showing("photos", in: plain) }
        let clock = try SnapshotCommand.showing("clock", in: plain)
        #expect(clock.layout.views == [.clock])
    }
}
