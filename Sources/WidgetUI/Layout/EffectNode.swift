import Raster

/// A modifier node that lays out as its child and wraps it in an effect made from its frame:
/// clips, rotations and scales, whose geometry follows the laid-out frame.
final class EffectNode: ModifierNode {
    let effect: (Rect) -> PlacedView.Effect

    init(kind: String, child: LayoutNode, effect: @escaping (Rect) -> PlacedView.Effect) {
        self.effect = effect
        super.init(kind: kind, child: child)
    }

    override func place(in bounds: Rect, proposal: ProposedViewSize) -> PlacedView {
        PlacedView(
            kind: kind, frame: bounds, effect: effect(bounds),
            children: [child.place(in: bounds, proposal: proposal)])
    }

    override func alignmentGuide(_ alignment: AxisAlignment, in size: Size) -> Double {
        child.alignmentGuide(alignment, in: size)
    }
}
