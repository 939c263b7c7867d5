import Foundation
import Raster

extension View {
    /// Places the view's center at a point of its parent's space, which it fills.
    ///
    /// The modified view takes all the space offered (10 points for an unspecified side); the
    /// view is laid out in that space at its own size and centered on the point, given in that
    /// space's coordinates.
    ///
    /// ```swift
    /// GeometryReader { proxy in
    ///     Circle()
    ///         .frame(width: 18, height: 18)
    ///         .position(x: proxy.size.width * progress, y: proxy.size.height / 2)
    /// }
    /// ```
    public func position(_ position: CGPoint) -> some View {
        PositionModifier(content: self, position: Point(position))
    }

    /// Places the view's center at a point of its parent's space, which it fills.
    public func position(x: CGFloat = 0, y: CGFloat = 0) -> some View {
        position(CGPoint(x: x, y: y))
    }
}

/// The view `position` returns.
struct PositionModifier<Content: View>: View, PrimitiveView {
    var content: Content
    var position: Point

    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        let position = position
        content.resolve(in: environment, into: &nodes) {
            PositionNode(child: $0, position: position)
        }
    }
}

/// Takes the space offered; places its child centered on a point of it.
final class PositionNode: ModifierNode {
    let position: Point

    init(child: LayoutNode, position: Point) {
        self.position = position
        super.init(kind: "position", child: child)
    }

    override func computeSize(_ proposal: ProposedViewSize) -> Size {
        proposal.filled()
    }

    override func place(in bounds: Rect, proposal: ProposedViewSize) -> PlacedView {
        let p = ProposedViewSize(bounds.size)
        let size = child.sizeThatFits(p)
        let origin = Point(
            x: bounds.minX + position.x - size.width / 2,
            y: bounds.minY + position.y - size.height / 2)
        return PlacedView(
            kind: kind, frame: bounds,
            children: [child.place(in: Rect(origin: origin, size: size), proposal: p)])
    }
}
