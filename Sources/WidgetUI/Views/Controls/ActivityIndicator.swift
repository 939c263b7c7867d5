import FoundationEssentials
import Glibc
import Raster

/// The spinner of an indeterminate progress view, as iOS draws it at rest: eight spokes around
/// a 20-point circle, fading clockwise behind the brightest one at 12 o'clock.
struct ActivityIndicator: View, PrimitiveView {
    /// The side of the indicator, in points.
    static let side = 20.0
    /// The number of spokes.
    static let spokes = 8

    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        let color = Color.gray.rgba
        nodes.append(
            LeafNode(kind: "ActivityIndicator") { _ in
                Size(width: Self.side, height: Self.side)
            } draw: { bounds in
                let c = bounds.center
                let scale = min(bounds.width, bounds.height) / Self.side
                let width = 2.4 * scale
                return (0..<Self.spokes).map { i in
                    // Spoke i trails the leading spoke by i steps, counterclockwise.
                    let a = -Double.pi / 2 - Double(i) * 2 * .pi / Double(Self.spokes)
                    var spoke = Raster.Path()
                    spoke.move(
                        to: Point(x: c.x + 4.6 * scale * cos(a), y: c.y + 4.6 * scale * sin(a)))
                    spoke.addLine(
                        to: Point(x: c.x + 8.6 * scale * cos(a), y: c.y + 8.6 * scale * sin(a)))
                    let opacity = 1 - Float(i) / Float(Self.spokes) * 0.75
                    return .stroke(
                        spoke, .color(color.opacity(opacity)),
                        StrokeStyle(lineWidth: width, lineCap: .round))
                }
            })
    }
}
