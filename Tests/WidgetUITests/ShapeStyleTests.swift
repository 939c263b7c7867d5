import Foundation
import Raster
import Testing

@testable import WidgetUI

/// The shape styles iOS code uses, resolved to what they draw with (StandBy's dark values).
@Suite("Shape styles of iOS code")
struct ShapeStyleTests {
    private func color(_ style: some ShapeStyle, _ environment: EnvironmentValues = .init())
        -> RGBA?
    {
        guard case .color(let color) = style.resolvedShading(in: environment) else { return nil }
        return color
    }

    @Test("the fill style's levels are the dark system fill colors, the quinary as quaternary")
    func fillLevels() {
        #expect(color(.fill) == RGBA(hex: 0x787880, alpha: 0.36))
        #expect(color(.fill.secondary) == RGBA(hex: 0x787880, alpha: 0.32))
        #expect(color(.fill.tertiary) == RGBA(hex: 0x767680, alpha: 0.24))
        #expect(color(.fill.quaternary) == RGBA(hex: 0x767680, alpha: 0.18))
        #expect(color(.fill.quinary) == color(.fill.quaternary))
    }

    @Test("the background style is black, then the dark grouped backgrounds")
    func backgroundLevels() {
        #expect(color(.background) == .black)
        #expect(color(.background.secondary) == RGBA(hex: 0x1C1C1E))
        #expect(color(.background.tertiary) == RGBA(hex: 0x2C2C2E))
    }

    @Test("a level of a plain color is the color at the label colors' opacities")
    func colorLevels() {
        #expect(color(Color.red.secondary) == RGBA.systemRed.opacity(0.6))
        #expect(color(Color.red.tertiary) == RGBA.systemRed.opacity(0.3))
        #expect(color(Color.red.quaternary) == RGBA.systemRed.opacity(0.16))
        #expect(color(Color.red.opacity(0.5)) == RGBA.systemRed.opacity(0.5))
        let faded = AnyGradient(Gradient(colors: [.red, .blue])).opacity(0.5)
        guard case .gradient(let gradient) = faded.resolvedShading(in: EnvironmentValues()) else {
            Issue.record("not a gradient")
            return
        }
        #expect(gradient.stops.map(\.color.alpha) == [0.5, 0.5])
    }

    @Test("hierarchical levels follow the foreground, or the levels foregroundStyle gave")
    func hierarchicalLevels() {
        var environment = EnvironmentValues()
        environment.setForeground([.color(.systemOrange)])
        #expect(color(.secondary, environment) == RGBA.systemOrange.opacity(0.6))
        #expect(color(.quinary, environment) == RGBA.systemOrange.opacity(0.08))
        environment.setForeground([.color(.systemOrange), .color(.systemBlue), .color(.white)])
        #expect(color(.primary, environment) == .systemOrange)
        #expect(color(.secondary, environment) == .systemBlue)
        #expect(color(.tertiary, environment) == .white)
        #expect(color(.quaternary, environment) == RGBA.systemOrange.opacity(0.16))
    }

    @Test("foregroundStyle(_:_:) sets the secondary level for the views inside")
    func twoLevelForeground() {
        let placed = layout(
            Rectangle().fill(.secondary).foregroundStyle(.yellow, .white),
            in: Size(width: 10, height: 10))
        guard case .fill(_, .color(let color)) = placed.leaves[0].drawing[0] else {
            Issue.record("no fill")
            return
        }
        #expect(color == .white)
    }

    @Test("materials are a dark gray, more opaque as they thicken")
    func materials() {
        let alphas = [
            Material.ultraThin, .thin, .regular, .thick, .ultraThick,
        ].compactMap { color($0)?.alpha }
        #expect(alphas == [0.3, 0.45, 0.6, 0.75, 0.9])
        #expect(color(.regularMaterial) == RGBA(hex: 0x2C2C2E, alpha: 0.6))
        #expect(color(.bar) == color(.regularMaterial))
    }

    @Test("tint is the environment's tint, else the accent color; separator is iOS's")
    func tintAndSeparator() {
        var environment = EnvironmentValues()
        #expect(color(.tint, environment) == .systemBlue)
        environment.tintShading = .color(.systemMint)
        #expect(color(.tint, environment) == .systemMint)
        #expect(color(.separator) == RGBA(hex: 0x545458, alpha: 0.6))
    }

    @Test("AnyShapeStyle draws as the style it wraps")
    func anyShapeStyle() {
        #expect(color(AnyShapeStyle(Color.green)) == .systemGreen)
        #expect(color(AnyShapeStyle(.fill.tertiary)) == color(.fill.tertiary))
    }

    @Test("UIColor's names have their dark values; Color(_:) and Color(uiColor:) take them")
    func uiColors() {
        #expect(Color(.systemGray5) == Color(rgba: RGBA(hex: 0x2C2C2E)))
        #expect(Color(uiColor: .secondarySystemBackground) == Color(rgba: RGBA(hex: 0x1C1C1E)))
        #expect(Color(.white) == .white)
        #expect(Color(.label) == .primary)
        #expect(Color(.tertiarySystemFill) == Color(rgba: FillShapeStyle.levels[2]))
        #expect(
            UIColor(red: 1, green: 0, blue: 0, alpha: 1).withAlphaComponent(0.5).rgba
                == RGBA(red: 1, green: 0, blue: 0, alpha: 0.5))
    }

    @Test("Color(hue:saturation:brightness:) and color spaces")
    func colorInitializers() {
        #expect(Color(hue: 0, saturation: 1, brightness: 1) == Color(red: 1, green: 0, blue: 0))
        #expect(
            Color(hue: 2.0 / 3, saturation: 1, brightness: 1) == Color(red: 0, green: 0, blue: 1))
        #expect(Color(hue: 0.5, saturation: 0, brightness: 0.5) == Color(white: 0.5))
        // Linear 0.5 is sRGB 0.735 (the sRGB transfer function).
        let linear = Color(.sRGBLinear, red: 0.5, green: 0.5, blue: 0.5).rgba.red
        #expect(abs(linear - 0.735_357) < 1e-4)
        #expect(Color(.displayP3, white: 0.25) == Color(white: 0.25))
    }
}
