import Foundation
import Raster
import Testing
import WidgetUI

@testable import Widgets

struct FamilyProbe: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "probe", provider: EagerProvider()) { _ in
            FamilyProbeView()
        }
    }
}

struct FamilyProbeView: View {
    @Environment(\.widgetFamily) private var family

    var body: some View {
        (family == .systemSmall ? Color.white : Color.red)
            .containerBackground(Color.blue, for: .widget)
    }
}

struct EdgeToEdge: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "edge", provider: EagerProvider()) { _ in Color.white }
            .contentMarginsDisabled()
    }
}

@Suite("Rendering widgets")
struct WidgetRenderTests {
    let entry = TickEntry(date: .distantPast)

    private func draw(
        _ widget: some Widget, family: WidgetFamily = .systemSmall,
        environment: EnvironmentValues = EnvironmentValues()
    ) -> Canvas {
        let size = family.size
        let canvas = Canvas(width: Int(size.width), height: Int(size.height))
        canvas.clear(.black)
        WidgetDescriptor(widget).render(
            entry: entry, family: family, environment: environment, on: canvas, scale: 1)
        return canvas
    }

    @Test("content sits inside the family's margins; the background fills the rounded shape")
    func marginsAndShape() {
        let canvas = draw(FamilyProbe())
        #expect(canvas[0, 0] == RGBA.black.premultiplied, "the corner is outside the shape")
        #expect(canvas[8, 85] == RGBA.systemBlue.premultiplied, "the margin shows background")
        #expect(canvas[16, 85] == RGBA.white.premultiplied, "content starts 16 points in")
        #expect(canvas[153, 85] == RGBA.white.premultiplied)
        #expect(canvas[154, 85] == RGBA.systemBlue.premultiplied)
    }

    @Test("views read the family from the environment")
    func familyEnvironment() {
        let canvas = draw(FamilyProbe(), family: .systemMedium)
        #expect(canvas[182, 85] == RGBA.systemRed.premultiplied)
    }

    @Test("StandBy's removed background leaves black and no rounded clip")
    func removedBackground() {
        var environment = EnvironmentValues()
        environment.showsWidgetContainerBackground = false
        let canvas = draw(FamilyProbe(), environment: environment)
        #expect(canvas[8, 85] == RGBA.black.premultiplied)
        #expect(canvas[85, 85] == RGBA.white.premultiplied)
    }

    @Test("contentMarginsDisabled draws edge to edge, still inside the rounded shape")
    func marginsDisabled() {
        let canvas = draw(EdgeToEdge())
        #expect(canvas[1, 85] == RGBA.white.premultiplied)
        #expect(canvas[0, 0] == RGBA.black.premultiplied)
    }
}
