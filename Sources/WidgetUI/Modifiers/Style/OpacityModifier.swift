import Raster

extension View {
    /// Draws the view, and everything in it, partly transparent.
    ///
    /// The subtree is drawn into a layer that is then composited at `opacity`, so overlapping
    /// children don't show through each other.
    ///
    /// ```swift
    /// Text("Offline").opacity(0.5)
    /// ```
    public func opacity(_ opacity: Double) -> some View {
        OpacityModifier(content: self, opacity: min(max(opacity, 0), 1))
    }
}

/// The view `opacity` returns.
struct OpacityModifier<Content: View>: View, PrimitiveView {
    var content: Content
    var opacity: Double

    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        content.resolve(in: environment, into: &nodes) {
            EffectNode(kind: "opacity", child: $0, effect: .opacity(opacity))
        }
    }
}
