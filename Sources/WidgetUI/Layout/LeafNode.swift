import Raster

/// A node without children whose size and drawing are closures: dividers, gauge tracks, the
/// activity indicator.
final class LeafNode: LayoutNode {
    let size: (ProposedViewSize) -> Size
    let draw: (Rect) -> [DisplayList.Item]

    init(
        kind: String, size: @escaping (ProposedViewSize) -> Size,
        draw: @escaping (Rect) -> [DisplayList.Item]
    ) {
        self.size = size
        self.draw = draw
        super.init(kind: kind)
    }

    override func computeSize(_ proposal: ProposedViewSize) -> Size {
        size(proposal)
    }

    override func place(in bounds: Rect, proposal: ProposedViewSize) -> PlacedView {
        PlacedView(kind: kind, frame: bounds, drawing: draw(bounds))
    }
}
