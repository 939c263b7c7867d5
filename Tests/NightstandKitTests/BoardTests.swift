import BuiltinWidgets
import Display
import Foundation
import Raster
import Standby
import Testing
import Widgets

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
        let sink = try HeadlessSink(
            size: size, format: .xrgb8888, rotation: .degrees0, imagePath: nil, rawPath: nil)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let host = try StandbyHost(
            configuration: configuration, registry: registry, sink: sink,
            clock: SimulatedClock(start: start))
        await host.drawSettledFrame()
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
}
