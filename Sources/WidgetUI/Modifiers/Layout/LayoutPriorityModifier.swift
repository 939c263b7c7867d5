extension View {
    /// Sets the priority a stack gives this view when dividing its space.
    ///
    /// A stack offers space to its highest-priority children first, keeping back only what the
    /// lower-priority ones need at minimum. Default: 0.
    ///
    /// ```swift
    /// HStack {
    ///     Text(entry.title).layoutPriority(1)   // truncates last
    ///     Text(entry.detail)
    /// }
    /// ```
    public func layoutPriority(_ value: Double) -> some View {
        LayoutPriorityModifier(content: self, priority: value)
    }
}

/// The view `layoutPriority` returns.
struct LayoutPriorityModifier<Content: View>: View, PrimitiveView {
    var content: Content
    var priority: Double

    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        content.resolve(in: environment, into: &nodes) {
            LayoutPriorityNode(child: $0, priority: priority)
        }
    }
}

/// Reports a layout priority; lays out as its child.
final class LayoutPriorityNode: ModifierNode {
    let priority: Double

    init(child: LayoutNode, priority: Double) {
        self.priority = priority
        super.init(kind: "layoutPriority", child: child)
    }

    override var layoutPriority: Double { priority }
}
