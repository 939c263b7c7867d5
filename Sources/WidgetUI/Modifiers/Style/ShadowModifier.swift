import Foundation
import Raster

extension View {
    /// Draws a drop shadow under the view: its shape, blurred, in a color, moved by an offset.
    ///
    /// The shadow is cast by everything the view draws, as one picture. Layout doesn't change.
    ///
    /// ```swift
    /// Circle()
    ///     .fill(.orange)
    ///     .frame(width: 18, height: 18)
    ///     .shadow(color: .orange, radius: 6)
    /// Text("72°").shadow(radius: 2, y: 1)
    /// ```
    ///
    /// The blur is a Gaussian of standard deviation `radius / 2`, as CSS's box-shadow blur;
    /// the default color is black at 33 %, as SwiftUI's.
    public func shadow(
        color: Color = Color(white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0,
        y: CGFloat = 0
    ) -> some View {
        ShadowModifier(
            content: self, color: color, radius: Double(radius),
            offset: Point(x: Double(x), y: Double(y)))
    }
}

/// The view `shadow` returns.
struct ShadowModifier<Content: View>: View, PrimitiveView {
    var content: Content
    var color: Color
    var radius: Double
    var offset: Point

    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        let effect = PlacedView.Effect.shadow(color: color.rgba, radius: radius, offset: offset)
        content.resolve(in: environment, into: &nodes) {
            EffectNode(kind: "shadow", child: $0, effect: effect)
        }
    }
}
