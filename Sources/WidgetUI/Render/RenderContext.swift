/// What one render pass collects while it resolves the view tree: state that belongs to the
/// whole widget rather than to the view that declares it.
///
/// ``RootLayout`` makes one per frame and puts it in the environment; modifiers such as
/// `containerBackground(for:)` report to it, and the root reads it back after resolving.
final class RenderContext {
    /// The widget's container background, resolved, and its alignment.
    ///
    /// Set when a view declared one and the environment shows it; the first declaration (the
    /// outermost) wins.
    var containerBackground: (node: LayoutNode, alignment: Alignment)?
}

extension EnvironmentValues {
    /// The current render pass's collector; `nil` outside a render.
    var renderContext: RenderContext? {
        get { self[RenderContextKey.self]?.context }
        set { self[RenderContextKey.self] = newValue.map(RenderContextBox.init) }
    }
}

/// Holds the (non-`Sendable`) render context in the environment.
private struct RenderContextBox {
    let context: RenderContext
}

private struct RenderContextKey: EnvironmentKey {
    static var defaultValue: RenderContextBox? { nil }
}
