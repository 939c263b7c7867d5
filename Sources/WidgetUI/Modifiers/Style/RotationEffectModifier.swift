import Raster

extension View {
    /// Draws the view rotated by an angle around an anchor point, without changing its layout.
    ///
    /// Positive angles turn clockwise. The anchor is a ``UnitPoint`` of the view's frame.
    ///
    /// ```swift
    /// Capsule().frame(width: 4, height: 30).rotationEffect(.degrees(entry.minutes * 6),
    ///                                                      anchor: .bottom)
    /// ```
    ///
    /// ## Differences from SwiftUI
    ///
    /// Raster draws glyphs upright: rotated text moves along its rotated baseline, but each
    /// glyph keeps its orientation. Shapes, colors and images rotate fully.
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View {
        TransformEffectModifier(
            content: self, kind: "rotationEffect", anchor: anchor,
            transform: Transform(rotation: angle.radians))
    }
}

/// The view `rotationEffect` and `scaleEffect` return: its content drawn through a transform
/// about an anchor of its frame.
struct TransformEffectModifier<Content: View>: View, PrimitiveView {
    var content: Content
    var kind: String
    var anchor: UnitPoint
    /// The transform about the origin; the modifier moves it to the anchor.
    var transform: Transform

    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        content.resolve(in: environment, into: &nodes) {
            EffectNode(kind: kind, child: $0) { [anchor, transform] bounds in
                let a = anchor.point(in: bounds)
                return .transform(
                    Transform(translationX: -a.x, y: -a.y)
                        .concatenating(transform)
                        .concatenating(Transform(translationX: a.x, y: a.y)))
            }
        }
    }
}
