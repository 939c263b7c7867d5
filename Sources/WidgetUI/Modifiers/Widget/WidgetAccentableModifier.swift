import Raster

extension View {
    /// Puts this view in the widget's accent group, or takes it out.
    ///
    /// In `.accented` mode the accent group is drawn in the accent tint and the rest in white;
    /// in `.vibrant` mode (night) the accent group is the brightest. In `.fullColor` nothing
    /// changes.
    ///
    /// ```swift
    /// HStack {
    ///     Image(systemName: "drop.fill").widgetAccentable()
    ///     Text("62 %")
    /// }
    /// ```
    public func widgetAccentable(_ accentable: Bool = true) -> some View {
        WidgetAccentableModifier(content: self, accentable: accentable)
    }
}

/// The view `widgetAccentable` returns.
struct WidgetAccentableModifier<Content: View>: View, PrimitiveView {
    var content: Content
    var accentable: Bool

    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        guard
            let groups = environment.widgetRenderingMode.groupTransforms(
                accentTint: environment.widgetAccentTint)
        else {
            content.resolve(in: environment, into: &nodes)
            return
        }
        let transform = accentable ? groups.accent : groups.content
        content.resolve(in: environment, into: &nodes) {
            EffectNode(kind: "widgetAccentable", child: $0, effect: .colorTransform(transform))
        }
    }
}
