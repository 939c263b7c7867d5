import Raster

/// Lays out as its child and wraps the placed child in an effect made from the frame it got:
/// opacity, a color transform, a clip, a rotation or a scale.
final class EffectNode: ModifierNode {
    let effect: (Rect) -> PlacedView.Effect

    init(kind: String, child: LayoutNode, effect: @escaping (Rect) -> PlacedView.Effect) {
        self.effect = effect
        super.init(kind: kind, child: child)
    }

    /// A node whose effect doesn't depend on its frame.
    convenience init(kind: String, child: LayoutNode, effect: PlacedView.Effect) {
        self.init(kind: kind, child: child) { _ in effect }
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
