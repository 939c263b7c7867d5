/// A view WidgetUI lays out itself instead of asking for its `body`.
///
/// This is the engine's seam: every view either is primitive, turning itself into layout nodes,
/// or is composed, and resolves to its body. ``View/resolve(in:into:)`` is the one place that
/// decides which.
protocol PrimitiveView {
    /// Appends the layout nodes this view contributes to its container to `nodes`, in order
    /// (none for ``EmptyView``, several for a ``TupleView`` or ``ForEach``).
    ///
    /// The whole tree appends into the array of the container it belongs to: no level makes an
    /// array of its own for the nodes it passes up.
    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode])
}

extension PrimitiveView {
    /// Appends the nodes of the view of this type stored at `address`.
    ///
    /// ``View/resolve(in:into:)`` asks the view's type, not the view, whether it is primitive:
    /// casting the value to `any PrimitiveView` would copy the whole subtree into an existential
    /// box at every level of the tree, every frame.
    static func makeNodes(
        at address: UnsafeRawPointer, in environment: EnvironmentValues,
        into nodes: inout [LayoutNode]
    ) {
        address.assumingMemoryBound(to: Self.self).pointee.makeNodes(in: environment, into: &nodes)
    }
}

extension View {
    /// Appends the layout nodes this view turns into under an environment to `nodes`.
    ///
    /// A primitive view makes its nodes; any other view gets its `@Environment` properties set
    /// (see ``EnvironmentReader``) and resolves its `body` in turn.
    func resolve(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        if let primitive = Self.self as? any PrimitiveView.Type {
            // The same type, so the address of `self` is that of a `primitive` value.
            withUnsafePointer(to: self) {
                primitive.makeNodes(at: $0, in: environment, into: &nodes)
            }
            return
        }
        if let problem = EnvironmentReader.inject(environment, into: self) {
            environment.imageCache?.reportOnce(problem)
            return
        }
        body.resolve(in: environment, into: &nodes)
    }

    /// The layout nodes this view turns into under an environment: the children of a container.
    func resolve(in environment: EnvironmentValues) -> [LayoutNode] {
        var nodes: [LayoutNode] = []
        resolve(in: environment, into: &nodes)
        return nodes
    }

    /// Appends this view's nodes to `nodes`, each wrapped by `wrap`: how a modifier applies to
    /// every view of a group it modifies, as in SwiftUI.
    func resolve(
        in environment: EnvironmentValues, into nodes: inout [LayoutNode],
        wrappingEach wrap: (LayoutNode) -> LayoutNode
    ) {
        let start = nodes.count
        resolve(in: environment, into: &nodes)
        for i in start..<nodes.count {
            nodes[i] = wrap(nodes[i])
        }
    }

    /// Resolves this view to a single node, stacking several in a ``ZStack``-like node so that a
    /// modifier's secondary content (a background, an overlay) is always one child.
    func resolveSingle(in environment: EnvironmentValues) -> LayoutNode {
        let nodes = resolve(in: environment)
        if nodes.count == 1 { return nodes[0] }
        return ZStackNode(children: nodes, alignment: .center)
    }
}
