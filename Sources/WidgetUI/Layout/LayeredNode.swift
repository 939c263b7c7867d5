import Raster

/// The node of `background` and `overlay`: a primary child that decides the size, and a
/// secondary child proposed exactly that size, aligned over it, drawn behind or in front.
final class LayeredNode: ModifierNode {
    let secondary: LayoutNode
    let alignment: Alignment
    let secondaryInFront: Bool

    init(
        kind: String, child: LayoutNode, secondary: LayoutNode, alignment: Alignment,
        secondaryInFront: Bool
    ) {
        self.secondary = secondary
        self.alignment = alignment
        self.secondaryInFront = secondaryInFront
        super.init(kind: kind, child: child)
    }

    override func place(in bounds: Rect, proposal: ProposedViewSize) -> PlacedView {
        let primary = child.place(in: bounds, proposal: proposal)
        let p = ProposedViewSize(bounds.size)
        let size = secondary.sizeThatFits(p)
        let origin = ZStackNode.origin(of: secondary, size: size, in: bounds, alignment: alignment)
        let layer = secondary.place(in: Rect(origin: origin, size: size), proposal: p)
        return PlacedView(
            kind: kind, frame: bounds,
            children: secondaryInFront ? [primary, layer] : [layer, primary])
    }

    override func alignmentGuide(_ alignment: AxisAlignment, in size: Size) -> Double {
        child.alignmentGuide(alignment, in: size)
    }
}

extension View {
    /// Resolves the secondary content of a `background` or `overlay`, outside any stack.
    func resolveLayer(in environment: EnvironmentValues) -> LayoutNode {
        resolveSingle(in: environment.inStack(nil))
    }
}
