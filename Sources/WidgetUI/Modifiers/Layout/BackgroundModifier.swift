extension View {
    /// Draws a view behind this one, sized to match it.
    ///
    /// The background is proposed this view's size and aligned over it; it doesn't change this
    /// view's size.
    ///
    /// ```swift
    /// Text("Now").padding(6).background(Color.red)
    /// ```
    public func background<Background: View>(
        _ background: Background, alignment: Alignment = .center
    ) -> some View {
        BackgroundModifier(content: self, background: background, alignment: alignment)
    }

    /// Draws the views the builder makes behind this one, sized to match it.
    ///
    /// ```swift
    /// Text("Now")
    ///     .padding(6)
    ///     .background(alignment: .leading) {
    ///         Capsule().fill(.blue)
    ///     }
    /// ```
    public func background<Background: View>(
        alignment: Alignment = .center, @ViewBuilder content: () -> Background
    ) -> some View {
        BackgroundModifier(content: self, background: content(), alignment: alignment)
    }
}

/// The view `background` returns.
struct BackgroundModifier<Content: View, Background: View>: View, PrimitiveView {
    var content: Content
    var background: Background
    var alignment: Alignment

    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        content.resolve(in: environment, into: &nodes) {
            LayeredNode(
                kind: "background", child: $0,
                secondary: background.resolveLayer(in: environment), alignment: alignment,
                secondaryInFront: false)
        }
    }
}
