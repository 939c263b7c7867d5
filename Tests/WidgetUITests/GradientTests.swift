import Raster
import Testing

@testable import WidgetUI

@Suite("Gradients")
struct GradientTests {
    @Test("colors spread evenly from 0 to 1; stops are drawn in order of location")
    func stops() {
        let three = Gradient(colors: [.red, .green, .blue])
        #expect(three.stops.map(\.location) == [0, 0.5, 1])
        #expect(Gradient(colors: [.red]).stops.map(\.location) == [0])
        let unordered = Gradient(stops: [
            .init(color: .blue, location: 1), .init(color: .red, location: 0),
            .init(color: .green, location: .nan),
        ])
        #expect(unordered.rasterStops.map(\.location) == [0, 1])
        #expect(unordered.rasterStops.map(\.color) == [.systemRed, .systemBlue])
    }

    @Test("unit points name positions in a frame")
    func unitPoints() {
        let frame = rect(10, 20, 100, 50)
        #expect(UnitPoint.topLeading.point(in: frame) == Point(x: 10, y: 20))
        #expect(UnitPoint.center.point(in: frame) == Point(x: 60, y: 45))
        #expect(UnitPoint.bottomTrailing.point(in: frame) == Point(x: 110, y: 70))
        #expect(UnitPoint(x: 0.25, y: 2).point(in: frame) == Point(x: 35, y: 120))
    }

    @Test("a gradient fill resolves its unit points against the shape's frame, not its path")
    func frameOfTheFilledView() throws {
        let view = Circle()
            .fill(LinearGradient(colors: [.red, .blue], startPoint: .leading, endPoint: .trailing))
            .frame(width: 60, height: 30)
        let placed = layout(view, in: Size(width: 60, height: 30))
        guard case .fill(let path, let shading) = placed.leaves[0].drawing.first else {
            Issue.record("expected a fill")
            return
        }
        let paint = shading.paint(in: path.boundingRect)
        guard case .linearGradient(let gradient) = paint.shader else {
            Issue.record("expected a linear gradient")
            return
        }
        #expect(gradient.start == Point(x: 0, y: 15))
        #expect(gradient.end == Point(x: 60, y: 15))
    }

    @Test("a radial gradient centers on its unit point, radii in points")
    func radial() {
        let shading = RadialGradient(
            colors: [.white, .black], center: .top, startRadius: 2, endRadius: 30
        ).shading(in: EnvironmentValues())
        guard case .radialGradient(let gradient) = shading.paint(in: rect(0, 0, 40, 40)).shader
        else {
            Issue.record("expected a radial gradient")
            return
        }
        #expect(gradient.center == Point(x: 20, y: 0))
        #expect(gradient.startRadius == 2 && gradient.endRadius == 30)
    }

    @Test("text in a gradient foreground runs from its first to its last glyph")
    func textGradient() throws {
        let canvas = Canvas(width: 120, height: 30)
        canvas.clear(.black)
        render(
            Text("IIIIIIIIII").font(.system(size: 24, weight: .black))
                .foregroundStyle(
                    .linearGradient(
                        colors: [.red, .blue], startPoint: .leading, endPoint: .trailing)
                ),
            size: Size(width: 120, height: 30), on: canvas, scale: 1)
        let lit = (0..<120).filter { Int(canvas[$0, 15].r) + Int(canvas[$0, 15].b) > 200 }
        let first = try #require(lit.first)
        let last = try #require(lit.last)
        #expect(canvas[first, 15].r > canvas[first, 15].b)
        #expect(canvas[last, 15].b > canvas[last, 15].r)
    }

    @Test("hierarchical levels fade a gradient foreground's stops")
    func hierarchical() {
        var environment = EnvironmentValues()
        environment.foregroundShading = Gradient(colors: [.red, .blue]).shading(in: environment)
        let shading = HierarchicalShapeStyle.secondary.resolvedShading(in: environment)
        guard case .gradient(let gradient) = shading else {
            Issue.record("expected a gradient")
            return
        }
        #expect(gradient.stops.map(\.color.alpha) == [0.6, 0.6])
    }

    @Test("Color.gradient and a bare Gradient run top to bottom")
    func anyGradient() {
        let shading = Color.blue.gradient.resolvedShading(in: EnvironmentValues())
        guard case .gradient(let gradient) = shading else {
            Issue.record("expected a gradient")
            return
        }
        #expect(gradient.geometry == .linear(start: .top, end: .bottom))
        #expect(gradient.stops.last?.color == .systemBlue)
        #expect(gradient.stops.first?.color == RGBA.systemBlue.lerp(to: .white, 0.2))
        #expect(gradient.color(at: 1) == .systemBlue)
    }

    @Test("a gradient as a view fills the space offered")
    func asView() {
        let placed = layout(
            LinearGradient(colors: [.red, .blue], startPoint: .top, endPoint: .bottom)
                .frame(width: 30, height: 20),
            in: Size(width: 50, height: 50))
        #expect(placed.all("LinearGradient")[0].frame == rect(10, 15, 30, 20))
    }
}
