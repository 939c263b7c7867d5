import NightstandTesting
import Raster
import Testing

@testable import WidgetUI

@Suite("ContainerRelativeShape")
struct ContainerRelativeShapeTests {
    /// An environment whose container is a 170-point widget tile of radius 22.
    private func widget(radius: Double = 22) -> EnvironmentValues {
        var environment = EnvironmentValues()
        environment.containerShape = ContainerShape(cornerRadius: radius, style: .continuous)
        return environment
    }

    /// The fill path the first ContainerRelativeShape of a view was drawn with.
    private func drawnPath(_ view: some View, _ environment: EnvironmentValues) -> Raster.Path? {
        let placed = layout(view, in: Size(width: 170, height: 170), environment: environment)
        guard case .fill(let path, _) = placed.all("ContainerRelativeShape").first?.drawing.first
        else { return nil }
        return path
    }

    @Test("a view at inset d in a container of radius R gets radius max(R − d, 0)")
    func concentricRadius() {
        let container = ContainerShape(
            frame: rect(0, 0, 170, 170), cornerRadius: 22, style: .continuous)
        #expect(container.cornerRadius(for: rect(0, 0, 170, 170)) == 22)
        #expect(container.cornerRadius(for: rect(6, 6, 158, 158)) == 16)
        #expect(container.cornerRadius(for: rect(16, 16, 138, 138)) == 6)
        #expect(container.cornerRadius(for: rect(30, 30, 110, 110)) == 0)
        // The smallest inset counts; a frame past an edge counts as inset 0.
        #expect(container.cornerRadius(for: rect(4, 10, 100, 20)) == 18)
        #expect(container.cornerRadius(for: rect(-5, 10, 200, 20)) == 22)
    }

    @Test("padding insets the drawn shape concentrically with the widget")
    func paddedShape() {
        let environment = widget()
        let padded = ContainerRelativeShape().fill(.blue).padding(6)
        let expected = Path(
            roundedRect: rect(6, 6, 158, 158), cornerRadius: 16, style: .continuous)
        #expect(drawnPath(padded, environment) == expected)
        let full = Path(roundedRect: rect(0, 0, 170, 170), cornerRadius: 22, style: .continuous)
        #expect(drawnPath(ContainerRelativeShape(), environment) == full)
    }

    @Test("without a container it is a rectangle")
    func defaultIsRectangle() {
        let path = drawnPath(ContainerRelativeShape().padding(10), EnvironmentValues())
        #expect(path == Path(rect(10, 10, 150, 150)))
    }

    @Test("clipShape and trim resolve the container where they are drawn")
    func clipAndTrim() {
        let environment = widget()
        let placed = layout(
            Color.red.padding(2).clipShape(ContainerRelativeShape()),
            in: Size(width: 170, height: 170), environment: environment)
        let clip = placed.all("clipShape")[0].effect
        #expect(
            clip
                == .clip(
                    Path(roundedRect: rect(0, 0, 170, 170), cornerRadius: 22, style: .continuous)))
        let trimmed = layout(
            ContainerRelativeShape().trim(from: 0, to: 0.5).stroke(.red).padding(12),
            in: Size(width: 170, height: 170), environment: environment)
        guard case .stroke(let path, _, _) = trimmed.leaves[0].drawing.first else {
            Issue.record("expected a stroke")
            return
        }
        let whole = Path(roundedRect: rect(12, 12, 146, 146), cornerRadius: 10, style: .continuous)
        #expect(path == whole.trimmedPath(from: 0, to: 0.5))
    }

    @Test("nested concentric tiles in a small widget and an accessory circle")
    func nestingGolden() {
        let tiles = ZStack(alignment: .topLeading) {
            ContainerRelativeShape().fill(.indigo)
            ContainerRelativeShape().fill(.black).padding(6)
            ContainerRelativeShape()
                .fill(.linearGradient(colors: [.blue, .teal], startPoint: .top, endPoint: .bottom))
                .padding(12)
            ContainerRelativeShape().fill(.orange).frame(width: 50, height: 50).padding(16)
            ContainerRelativeShape().stroke(.white, lineWidth: 1).padding(24)
        }
        assertGolden(
            renderSheet(tiles, size: Size(width: 170, height: 170), environment: widget()),
            named: "small-widget-nesting")

        var circular = EnvironmentValues()
        circular.containerShape = ContainerShape(cornerRadius: 38, style: .circular)
        let accessory = ZStack {
            AccessoryWidgetBackground()
            Gauge(value: 0.62) {
                Text("⚡︎")
            } currentValueLabel: {
                Text("62")
            }
            .gaugeStyle(.accessoryCircularCapacity)
        }
        assertGolden(
            renderSheet(
                accessory, size: Size(width: 76, height: 76), scale: 3, environment: circular),
            named: "accessory-circular-background")
    }
}
