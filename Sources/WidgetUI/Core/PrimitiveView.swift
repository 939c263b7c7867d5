/// A view WidgetUI lays out itself instead of asking for its `body`.
///
/// This is the engine's seam: every view either is primitive, turning itself into layout nodes,
/// or is composed, and resolves to its body. ``View/resolve(in:)`` is the one place that
/// decides which.
protocol PrimitiveView {
    /// The layout nodes this view contributes to its container, in order (none for
    /// ``EmptyView``, several for a ``TupleView`` or ``ForEach``).
    func makeNodes(in environment: EnvironmentValues) -> [LayoutNode]
}

extension View {
    /// Turns this view into layout nodes under an environment.
    ///
    /// A primitive view makes its nodes; any other view gets its `@Environment` properties set
    /// (see ``EnvironmentReader``) and resolves its `body` in turn.
    func resolve(in environment: EnvironmentValues) -> [LayoutNode] {
        if let primitive = self as? any PrimitiveView {
            return primitive.makeNodes(in: environment)
        }
        EnvironmentReader.inject(environment, into: self)
        return body.resolve(in: environment)
    }

    /// Resolves this view to a single node, stacking several in a ``ZStack``-like node so that a
    /// modifier's secondary content (a background, an overlay) is always one child.
    func resolveSingle(in environment: EnvironmentValues) -> LayoutNode {
        let nodes = resolve(in: environment)
        if nodes.count == 1 { return nodes[0] }
        return ZStackNode(children: nodes, alignment: .center)
    }
}
