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

/// A concentric inner tile, 6 points inside the widget's edges.
struct InnerTile: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "tile", provider: EagerProvider()) { _ in
            ContainerRelativeShape().fill(Color.white).padding(6)
        }
        .contentMarginsDisabled()
    }
}

/// What `ContainerRelativeShape` sees: the container shape of the environment.
struct ContainerShapeProbe: View {
    @Environment(\.containerShape) private var shape
    @Environment(\.widgetFamily) private var family

    var body: some View {
        let expected = family == .accessoryCircular ? RoundedCornerStyle.circular : .continuous
        (shape.cornerRadius == family.cornerRadius && shape.style == expected
            ? Color.white : Color.red)
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

    @Test("ContainerRelativeShape takes the family's corners, concentric inside the widget")
    func containerShape() {
        var environment = EnvironmentValues()
        environment.showsWidgetContainerBackground = false
        let canvas = draw(InnerTile(), environment: environment)
        // Inset 6 in a radius-22 widget: radius 16, so the inner tile's corner is empty.
        #expect(canvas[7, 7] == RGBA.black.premultiplied)
        #expect(canvas[85, 7] == RGBA.white.premultiplied)
        #expect(canvas[7, 85] == RGBA.white.premultiplied)
    }

    @Test(
        "every family's container is its shape: continuous corners, a circle for accessoryCircular",
        arguments: WidgetFamily.allCases)
    func containerShapePerFamily(family: WidgetFamily) {
        let probe = StaticConfiguration(kind: "probe", provider: EagerProvider()) { _ in
            ContainerShapeProbe()
        }
        let size = family.size
        let canvas = Canvas(width: Int(size.width), height: Int(size.height))
        canvas.clear(.black)
        WidgetDescriptor(probe.contentMarginsDisabled()).render(
            entry: entry, family: family, on: canvas, scale: 1)
        let center = canvas[Int(size.width) / 2, Int(size.height) / 2]
        #expect(center == RGBA.white.premultiplied)
    }

    @Test("an accessoryCircular widget is clipped to a circle")
    func circularClip() {
        let canvas = draw(EdgeToEdge(), family: .accessoryCircular)
        #expect(canvas[12, 12] == RGBA.white.premultiplied, "inside the circle, near its edge")
        #expect(canvas[9, 9] == RGBA.black.premultiplied, "outside the circle")
        #expect(canvas[38, 0].r > 0 && canvas[38, 75].r > 0 && canvas[0, 38].r > 0)
    }

    @Test("contentMarginsDisabled draws edge to edge, still inside the rounded shape")
    func marginsDisabled() {
        let canvas = draw(EdgeToEdge())
        #expect(canvas[1, 85] == RGBA.white.premultiplied)
        #expect(canvas[0, 0] == RGBA.black.premultiplied)
    }
}
