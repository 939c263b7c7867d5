import BuiltinWidgets
import Display
import Foundation
import NightstandTesting
import Raster
import Testing
import WidgetUI
import Widgets

@testable import Standby

/// A user's widget: an orange tile of its own kind.
private struct Tides: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "tides", provider: MinuteProvider()) { _ in
            Color.orange.frame(maxWidth: .infinity, maxHeight: .infinity)
        }
        .contentMarginsDisabled()
    }
}

/// A user's widget named like a built-in one: a green tile.
private struct GreenClock: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "clock", provider: MinuteProvider()) { _ in
            Color.green.frame(maxWidth: .infinity, maxHeight: .infinity)
        }
        .contentMarginsDisabled()
    }
}

private struct TidesBundle: WidgetBundle {
    var body: some Widget {
        Tides()
    }
}

private struct OverridingBundle: WidgetBundle {
    var body: some Widget {
        Tides()
        GreenClock()
    }
}

@Suite("A bundle's widgets in the configuration")
struct BundleKindsTests {
    /// The registry a `@main` bundle runs with: the built-in kinds, then the bundle's.
    private func registry(_ bundle: some WidgetBundle) -> WidgetRegistry {
        WidgetRegistry(
            BuiltinWidgets.all + WidgetDescriptor.all(in: bundle).map { ConfigurableWidget($0) })
    }

    /// A 400x240 host of a clock and a tides slot, settled at 08:00 UTC.
    private func screen(_ registry: WidgetRegistry) async throws -> Canvas {
        let configuration = try Configuration.parse(
            """
            [layout]
            burn_in_shift = 0
            [[widget]]
            kind = "clock"
            [[widget]]
            kind = "tides"
            [[slot]]
            widgets = ["clock"]
            [[slot]]
            widgets = ["tides"]
            """, file: "bundle.toml")
        let host = try testHost(
            configuration, registry: registry,
            clock: SimulatedClock(start: Date(timeIntervalSince1970: 1_800_000_000)))
        host.drawSettledFrame()
        return host.screen
    }

    @Test("a bundle's kind is named in the configuration next to a built-in one, and drawn")
    func bundleNextToBuiltIn() async throws {
        let registry = registry(TidesBundle())
        #expect(registry.kindNames.contains("tides"))
        #expect(Set(BuiltinWidgets.all.map(\.kind)).isSubset(of: registry.kindNames))
        let canvas = try await screen(registry)
        #expect(canvas[300, 120] == RGBA.systemOrange.premultiplied, "the tides slot")
        let clockSlot = (0..<200).contains { x in canvas[x, 120].r > 200 && canvas[x, 120].b > 200 }
        #expect(clockSlot, "the built-in clock draws white digits in the left slot")
    }

    @Test("a bundle's kind takes no options: one in the file is an error at its line")
    func bundleKindRejectsOptions() throws {
        let configuration = try Configuration.parse(
            """
            [[widget]]
            kind = "tides"
            station = "Brest"
            [[slot]]
            widgets = ["tides"]
            """, file: "bundle.toml")
        #expect {
            _ = try registry(TidesBundle()).makeWidgets(for: configuration)
        } throws: { error in
            "\(error)"
                == "bundle.toml:3: [[widget]] tides station: expected no options, found an unknown option"
        }
    }

    @Test("a bundle's kind replaces the built-in kind of the same name")
    func bundleOverridesBuiltIn() async throws {
        let canvas = try await screen(registry(OverridingBundle()))
        #expect(canvas[100, 120] == RGBA.systemGreen.premultiplied)
        #expect(canvas[300, 120] == RGBA.systemOrange.premultiplied)
    }
}
