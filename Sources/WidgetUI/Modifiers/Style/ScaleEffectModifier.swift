import Foundation
import Raster

extension View {
    /// Draws the view scaled around an anchor point, without changing its layout.
    ///
    /// ```swift
    /// Gauge(value: level) { Text("") }
    ///     .gaugeStyle(.accessoryCircularCapacity)
    ///     .scaleEffect(1.2)
    /// ```
    public func scaleEffect(_ s: Double, anchor: UnitPoint = .center) -> some View {
        scaleEffect(x: s, y: s, anchor: anchor)
    }

    /// Draws the view scaled by a size's width and height around an anchor point.
    ///
    /// ```swift
    /// Text("Wide").scaleEffect(CGSize(width: 1.5, height: 1))
    /// ```
    public func scaleEffect(_ scale: CGSize, anchor: UnitPoint = .center) -> some View {
        scaleEffect(x: Double(scale.width), y: Double(scale.height), anchor: anchor)
    }

    /// Draws the view scaled horizontally and vertically around an anchor point.
    ///
    /// A negative factor mirrors the view.
    ///
    /// ```swift
    /// Image(systemName: "arrow.right").scaleEffect(x: -1, y: 1)   // points left
    /// ```
    public func scaleEffect(x: Double = 1, y: Double = 1, anchor: UnitPoint = .center)
        -> some View
    {
        TransformEffectModifier(
            content: self, kind: "scaleEffect", anchor: anchor,
            transform: Transform(scaleX: x, y: y))
    }
}
