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

extension PrimitiveView {
    /// The nodes of the view of this type stored at `address`.
    ///
    /// ``View/resolve(in:)`` asks the view's type, not the view, whether it is primitive: casting
    /// the value to `any PrimitiveView` would copy the whole subtree into an existential box at
    /// every level of the tree, every frame.
    static func makeNodes(at address: UnsafeRawPointer, in environment: EnvironmentValues)
        -> [LayoutNode]
    {
        address.assumingMemoryBound(to: Self.self).pointee.makeNodes(in: environment)
    }
}

extension View {
    /// Turns this view into layout nodes under an environment.
    ///
    /// A primitive view makes its nodes; any other view gets its `@Environment` properties set
    /// (see ``EnvironmentReader``) and resolves its `body` in turn.
    func resolve(in environment: EnvironmentValues) -> [LayoutNode] {
        if let primitive = Self.self as? any PrimitiveView.Type {
            // The same type, so the address of `self` is that of a `primitive` value.
            return withUnsafePointer(to: self) { primitive.makeNodes(at: $0, in: environment) }
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
