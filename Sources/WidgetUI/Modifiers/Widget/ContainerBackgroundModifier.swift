import Raster

extension View {
    /// Sets the background of the container this view sits in: for `.widget`, the whole
    /// widget, edge to edge, behind the content margins.
    ///
    /// The background is drawn only where the environment's
    /// ``EnvironmentValues/showsWidgetContainerBackground`` is `true`; StandBy removes it. In
    /// the `.accented` and `.vibrant` rendering modes the system draws its own translucent
    /// backdrop (``AccessoryWidgetBackground``) instead, as WidgetKit replaces the background
    /// with glass there, so that content stays readable over a bright background.
    ///
    /// ```swift
    /// VStack { Text("Up next") }
    ///     .containerBackground(.indigo.gradient, for: .widget)
    /// ```
    public func containerBackground<S: ShapeStyle>(
        _ style: S, for placement: ContainerBackgroundPlacement
    ) -> some View {
        containerBackground(for: placement) { Rectangle().fill(style) }
    }

    /// Sets the background of the container this view sits in to the views the builder makes.
    ///
    /// ```swift
    /// content.containerBackground(for: .widget) {
    ///     LinearGradient(colors: [.blue, .indigo], startPoint: .top, endPoint: .bottom)
    /// }
    /// ```
    public func containerBackground<Background: View>(
        for placement: ContainerBackgroundPlacement, alignment: Alignment = .center,
        @ViewBuilder content: () -> Background
    ) -> some View {
        ContainerBackgroundModifier(
            content: self, background: content(), alignment: alignment)
    }
}

/// Where a container background goes.
///
/// ## Differences from WidgetKit
///
/// Only `.widget` exists: the container is the widget being rendered.
public struct ContainerBackgroundPlacement: Hashable, Sendable {
    /// The background of the whole widget.
    public static let widget = ContainerBackgroundPlacement()
}

/// The view `containerBackground` returns: its content, with the background reported to the
/// render pass.
struct ContainerBackgroundModifier<Content: View, Background: View>: View, PrimitiveView {
    var content: Content
    var background: Background
    var alignment: Alignment

    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        if environment.showsWidgetContainerBackground, let context = environment.renderContext,
            context.containerBackground == nil
        {
            context.containerBackground =
                environment.widgetRenderingMode == .fullColor
                ? (background.resolveLayer(in: environment), alignment)
                : (AccessoryWidgetBackground().resolveLayer(in: environment), .center)
        }
        content.resolve(in: environment, into: &nodes)
    }
}
