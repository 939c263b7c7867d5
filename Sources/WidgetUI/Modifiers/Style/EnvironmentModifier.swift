extension View {
    /// Sets an environment value for this view and everything inside it.
    ///
    /// ```swift
    /// ClockFace()
    ///     .environment(\.displayScale, 3)
    /// ```
    public func environment<V>(
        _ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V
    ) -> some View {
        EnvironmentModifier(content: self) { $0[keyPath: keyPath] = value }
    }
}

/// The one modifier every environment change goes through.
///
/// It serves `environment(_:_:)`, `foregroundStyle`, the font modifiers, `lineLimit`…
///
/// It resolves its content under a changed copy of the environment and adds no node of its own.
struct EnvironmentModifier<Content: View>: View, PrimitiveView {
    var content: Content
    var transform: (inout EnvironmentValues) -> Void

    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        var changed = environment
        transform(&changed)
        content.resolve(in: changed, into: &nodes)
    }
}
