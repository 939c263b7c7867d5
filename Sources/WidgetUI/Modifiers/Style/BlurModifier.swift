import Foundation
import Raster

extension View {
    /// Blurs the view and everything in it: a Gaussian of standard deviation `radius` points.
    ///
    /// The blur spreads past the view's frame, whose layout doesn't change; edges fade into
    /// what is behind.
    ///
    /// ```swift
    /// Image("backdrop").resizable().blur(radius: 8)
    /// Text("Locked").blur(radius: 3)
    /// ```
    ///
    /// ## Differences from SwiftUI
    ///
    /// `opaque` is accepted and ignored: the blur always fades into transparency at the edges.
    public func blur(radius: CGFloat, opaque: Bool = false) -> some View {
        BlurModifier(content: self, radius: max(Double(radius), 0))
    }

    /// Hides the view: it keeps its place in the layout and draws nothing.
    ///
    /// ```swift
    /// Text("72°").hidden()   // holds the space a temperature takes
    /// ```
    public func hidden() -> some View {
        HiddenModifier(content: self)
    }
}

/// The view `blur(radius:opaque:)` returns.
struct BlurModifier<Content: View>: View, PrimitiveView {
    var content: Content
    var radius: Double

    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        let radius = radius
        content.resolve(in: environment, into: &nodes) {
            radius > 0 ? EffectNode(kind: "blur", child: $0, effect: .blur(radius: radius)) : $0
        }
    }
}

/// The view `hidden()` returns: its content laid out, its drawing left out.
struct HiddenModifier<Content: View>: View, PrimitiveView {
    var content: Content

    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        content.resolve(in: environment, into: &nodes) { HiddenNode(kind: "hidden", child: $0) }
    }
}

/// Lays out as its child and places it, keeping none of its drawing.
final class HiddenNode: ModifierNode {
    override func place(in bounds: Rect, proposal: ProposedViewSize) -> PlacedView {
        // The child is placed (its frame is known to tests) but nothing of it is kept.
        _ = child.place(in: bounds, proposal: proposal)
        return PlacedView(kind: kind, frame: bounds)
    }

    override func alignmentGuide(_ alignment: AxisAlignment, in size: Size) -> Double {
        child.alignmentGuide(alignment, in: size)
    }
}
