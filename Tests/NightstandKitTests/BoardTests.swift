import BuiltinWidgets
import Display
import Foundation
import NightstandTesting
import Raster
import Standby
import Testing
import Widgets

@testable import NightstandProgram

/// The repository's root, from this file's path.
private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

@Suite("Board profiles")
struct BoardTests {
    static let boards =
        (try? FileManager.default.contentsOfDirectory(
            atPath: root.appendingPathComponent("boards").path))?.filter { $0.hasSuffix(".toml") }
        .sorted() ?? []

    @Test("there are board profiles for the targets the README names")
    func profilesExist() {
        #expect(
            Set(Self.boards).isSuperset(of: [
                "pi-dsi-7in.toml", "pi-hdmi-1080p.toml", "spi-3.5in-drm.toml",
                "spi-3.5in-fbdev.toml", "car-bar-1280x480.toml", "headless.toml",
                "pi5-dsi-7in.toml", "pi-touch-display-2.toml",
            ]))
    }

    @Test(
        "each board passes the configuration check and draws every slot at its resolution",
        arguments: boards)
    func boardRenders(_ name: String) async throws {
        let file = root.appendingPathComponent("boards").appendingPathComponent(name).path
        let configuration = try Configuration.load(file: file)
        let registry = WidgetRegistry(BuiltinWidgets.all)
        _ = try registry.makeWidgets(for: configuration)
        let size = configuration.expectedScreenSize
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let host = try testHost(
            configuration, registry: registry,
            sink: memorySink(width: size.width, height: size.height),
            clock: SimulatedClock(start: start))
        host.drawSettledFrame()
        let layout = SceneLayout(
            screen: size, layout: configuration.layout, count: configuration.slots.count)
        for slot in layout.slots {
            var lit = 0
            for y in slot.y..<(slot.y + slot.height) {
                for x in slot.x..<(slot.x + slot.width) where host.screen[x, y].r > 128 { lit += 1 }
            }
            #expect(lit > 100, "\(name): slot \(slot) shows something")
        }
    }

    @Test("the Pi's names as its kernel has them: no card number, no DSI number, no stale advice")
    func piNames() throws {
        for name in Self.boards {
            let text = try String(
                contentsOf: root.appendingPathComponent("boards").appendingPathComponent(name),
                encoding: .utf8)
            let configuration = try Configuration.parse(text, file: name)
            // Card numbers follow probe order (v3d, vc4, drm-rp1-dsi): chosen by what they drive.
            #expect(configuration.display.device?.contains("/dev/dri/") != true, "\(name)")
            // DSI-1 or DSI-2 depending on which card registered first: the kind alone.
            #expect(configuration.display.connector?.hasPrefix("DSI-") != true, "\(name)")
            // i2c-sensor has no veml7700 option; bookworm is not the release the boards are for.
            #expect(!text.contains("i2c-sensor,veml7700") && !text.contains("Bookworm"), "\(name)")
        }
        let unit = try String(
            contentsOf: root.appendingPathComponent("systemd/nightstand.service"), encoding: .utf8)
        let groups = unit.split(separator: "\n").first { $0.hasPrefix("SupplementaryGroups=") }
        // IIO sysfs is world-readable and /dev/i2c-* is never opened: no i2c group.
        #expect(groups == "SupplementaryGroups=video input render audio")
        #expect(!unit.contains("After=systemd-udev-settle") && !unit.contains("Wants=systemd-udev"))
    }

    /// The resolution of each board's screen: its mode (or headless size), turned by its
    /// rotation.
    ///
    /// A new profile adds its line here.
    static let resolutions: [String: PixelSize] = [
        "car-bar-1280x480": PixelSize(width: 1280, height: 480),
        "headless": PixelSize(width: 800, height: 480),
        "pi-dsi-7in": PixelSize(width: 800, height: 480),
        "pi-hdmi-1080p": PixelSize(width: 1920, height: 1080),
        "pi-touch-display-2": PixelSize(width: 1280, height: 720),
        "pi5-dsi-7in": PixelSize(width: 800, height: 480),
        "spi-3.5in-drm": PixelSize(width: 480, height: 320),
        "spi-3.5in-fbdev": PixelSize(width: 480, height: 320),
    ]

    /// The instant of the board pictures in docs/boards (local time, as `--at` reads it):
    /// `scripts/docs-pictures` passes the same.
    static let pictureInstant = "2026-11-21T09:41:00"

    @Test(
        "each board's snapshot renders at its resolution and is the picture in docs/boards",
        arguments: boards)
    func boardSnapshot(_ name: String) async throws {
        let stem = String(name.dropLast(".toml".count))
        let file = root.appendingPathComponent("boards").appendingPathComponent(name).path
        let configuration = try Configuration.load(file: file)
        let size = try #require(
            Self.resolutions[stem], "\(name): add its resolution to BoardTests.resolutions")
        #expect(configuration.expectedScreenSize == size)
        let sink = try HeadlessSink(
            size: configuration.expectedScreenSize, format: .xrgb8888, rotation: .degrees0,
            imagePath: nil, rawPath: nil)
        let start = try #require(DateTimeText.parse(Self.pictureInstant))
        let (host, appearance) = try await SnapshotCommand.draw(
            configuration, on: sink, at: start, appearance: nil, lux: nil)
        #expect(appearance == .day)
        #expect(host.screen.size == size)
        // Text across FreeType builds: 2 per channel, as the default display's goldens.
        assertGolden(
            host.screen, at: GoldenLocation(package: root.path, path: "docs/boards/\(stem).png"),
            tolerance: 2)
    }
}
