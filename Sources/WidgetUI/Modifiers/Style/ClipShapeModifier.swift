import Foundation
import Raster

extension View {
    /// Clips the view, and everything in it, to a shape in its frame, with anti-aliased edges.
    ///
    /// The view's layout doesn't change; only what is drawn outside the shape is cut off.
    ///
    /// ```swift
    /// Color.orange.frame(width: 40, height: 40).clipShape(Circle())
    /// Image("cover").clipShape(ContainerRelativeShape())
    /// ```
    ///
    /// ## Differences from SwiftUI
    ///
    /// Clips are always anti-aliased: ``FillStyle`` has no `antialiased` switch.
    public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View {
        ClipShapeModifier(content: self, shape: shape, style: style)
    }

    /// Clips the view to a rounded rectangle of its frame (circular corners).
    ///
    /// ```swift
    /// Color.blue.frame(width: 60, height: 40).cornerRadius(8)
    /// ```
    ///
    /// ## Differences from SwiftUI
    ///
    /// There is no `antialiased` parameter: corners are always anti-aliased.
    public func cornerRadius(_ radius: CGFloat) -> some View {
        clipShape(RoundedRectangle(cornerRadius: radius))
    }
}

/// How the inside of a shape is found when it fills or clips.
///
/// ```swift
/// Text("Ring").clipShape(RingShape(), style: FillStyle(eoFill: true))
/// ```
///
/// ## Differences from SwiftUI
///
/// There is no `antialiased` switch: WidgetUI always anti-aliases.
public struct FillStyle: Hashable, Sendable {
    /// Whether the inside is where the winding number is odd (even-odd), rather than non-zero.
    ///
    /// Default: false.
    public var isEOFilled: Bool

    /// Creates a fill style.
    public init(eoFill: Bool = false) {
        isEOFilled = eoFill
    }

    /// The Raster fill rule.
    var rule: FillRule { isEOFilled ? .evenOdd : .nonZero }
}

/// The view `clipShape` and `cornerRadius` return.
struct ClipShapeModifier<Content: View, ClipShape: Shape>: View, PrimitiveView {
    var content: Content
    var shape: ClipShape
    var style: FillStyle

    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        let shape = shape.resolved(in: environment)
        let rule = style.rule
        content.resolve(in: environment, into: &nodes) {
            EffectNode(kind: "clipShape", child: $0) { bounds in
                .clip(shape.outline(in: bounds), rule)
            }
        }
    }
}
