import Raster

/// A node without children that draws a shape: shapes, colors and gradients used as views.
///
/// It takes the size the shape chooses for a proposal and fills or strokes the shape's outline
/// in its frame. The shape is kept in an existential, not captured in closures: a shape of up
/// to three words (a circle, a rounded rectangle, a trimmed circle) is stored inline, so the
/// node is one allocation.
final class ShapeNode: LayoutNode {
    let shape: any Shape
    /// The fill or stroke; a gradient resolves its unit points against the node's frame.
    let shading: Shading
    /// How the outline is stroked; nil fills it.
    let strokeStyle: StrokeStyle?
    /// Whether a fill uses the even-odd rule rather than non-zero winding.
    let isEOFilled: Bool

    init(
        kind: String, shape: any Shape, shading: Shading, strokeStyle: StrokeStyle? = nil,
        isEOFilled: Bool = false
    ) {
        self.shape = shape
        self.shading = shading
        self.strokeStyle = strokeStyle
        self.isEOFilled = isEOFilled
        super.init(kind: kind)
    }

    /// A node that takes the space proposed (10 points for an unspecified side) and fills it:
    /// a ``Color`` or a gradient used as a view.
    convenience init(kind: String, filling shading: Shading) {
        self.init(kind: kind, shape: Rectangle(), shading: shading)
    }

    override func computeSize(_ proposal: ProposedViewSize) -> Size {
        Size(shape.sizeThatFits(proposal))
    }

    override func place(in bounds: Rect, proposal: ProposedViewSize) -> PlacedView {
        let path = shape.outline(in: bounds)
        let shading = shading.placed(in: bounds)
        let item: DisplayList.Item =
            if let strokeStyle {
                .stroke(path, shading, strokeStyle)
            } else if isEOFilled {
                .eoFill(path, shading)
            } else {
                .fill(path, shading)
            }
        return PlacedView(kind: kind, frame: bounds, drawing: [item])
    }
}
