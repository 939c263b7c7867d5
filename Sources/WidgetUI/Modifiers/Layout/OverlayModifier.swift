extension View {
    /// Draws a view in front of this one, sized to match it.
    ///
    /// The overlay is proposed this view's size and aligned over it; it doesn't change this
    /// view's size.
    ///
    /// ```swift
    /// Circle().fill(.blue).overlay(Text("3"))
    /// ```
    public func overlay<Overlay: View>(
        _ overlay: Overlay, alignment: Alignment = .center
    ) -> some View {
        OverlayModifier(content: self, overlay: overlay, alignment: alignment)
    }

    /// Draws the views the builder makes in front of this one, sized to match it.
    ///
    /// ```swift
    /// RoundedRectangle(cornerRadius: 8)
    ///     .overlay(alignment: .topTrailing) {
    ///         Circle().fill(.red).frame(width: 8, height: 8)
    ///     }
    /// ```
    public func overlay<Overlay: View>(
        alignment: Alignment = .center, @ViewBuilder content: () -> Overlay
    ) -> some View {
        OverlayModifier(content: self, overlay: content(), alignment: alignment)
    }
}

/// The view `overlay` returns.
struct OverlayModifier<Content: View, Overlay: View>: View, PrimitiveView {
    var content: Content
    var overlay: Overlay
    var alignment: Alignment

    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        content.resolve(in: environment, into: &nodes) {
            LayeredNode(
                kind: "overlay", child: $0, secondary: overlay.resolveLayer(in: environment),
                alignment: alignment, secondaryInFront: true)
        }
    }
}
