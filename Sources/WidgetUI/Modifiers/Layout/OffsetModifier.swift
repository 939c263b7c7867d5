import Foundation
import Raster

extension View {
    /// Draws the view moved by an offset, without changing its layout.
    ///
    /// Siblings are laid out as if the view hadn't moved.
    ///
    /// ```swift
    /// Circle().frame(width: 8, height: 8).offset(x: 20, y: -4)
    /// ```
    public func offset(x: Double = 0, y: Double = 0) -> some View {
        OffsetModifier(content: self, offset: Size(width: x, height: y))
    }

    /// Draws the view moved by an offset given as a size.
    ///
    /// ```swift
    /// Text("Hi").offset(CGSize(width: 2, height: 2))
    /// ```
    public func offset(_ offset: CGSize) -> some View {
        OffsetModifier(content: self, offset: Size(offset))
    }
}

/// The view `offset` returns.
struct OffsetModifier<Content: View>: View, PrimitiveView {
    var content: Content
    var offset: Size

    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        content.resolve(in: environment, into: &nodes) { OffsetNode(child: $0, offset: offset) }
    }
}

/// Sizes as its child; places the child moved by the offset.
final class OffsetNode: ModifierNode {
    let offset: Size

    init(child: LayoutNode, offset: Size) {
        self.offset = offset
        super.init(kind: "offset", child: child)
    }

    override func place(in bounds: Rect, proposal: ProposedViewSize) -> PlacedView {
        let moved = bounds.offsetBy(dx: offset.width, dy: offset.height)
        return PlacedView(
            kind: kind, frame: bounds, children: [child.place(in: moved, proposal: proposal)])
    }
}
