import Raster

/// The layout node of `HStack` and `VStack`: ``StackLayout`` over its children.
final class StackNode: LayoutNode {
    let children: [LayoutNode]
    let layout: StackLayout

    init(kind: String, children: [LayoutNode], layout: StackLayout) {
        self.children = children
        self.layout = layout
        super.init(kind: kind)
    }

    override func computeSize(_ proposal: ProposedViewSize) -> Size {
        layout.sizeThatFits(children, proposal: proposal)
    }

    override func place(in bounds: Rect, proposal: ProposedViewSize) -> PlacedView {
        PlacedView(
            kind: kind, frame: bounds,
            children: layout.place(children, in: bounds, proposal: proposal))
    }
}

extension EnvironmentValues {
    /// The axis of the stack a view is a direct child of, `nil` outside stacks: it tells
    /// `Spacer` and `Divider` which way to extend.
    var stackAxis: Axis? {
        get { self[StackAxisKey.self] }
        set { self[StackAxisKey.self] = newValue }
    }

    /// This environment for the children of a container: in a stack along `axis`, or outside
    /// stacks when `nil` (a `ZStack`, a background).
    ///
    /// Unchanged when the axis already is `axis`, as for a `ZStack` in a `ZStack`: writing a
    /// value copies the environment's storage.
    func inStack(_ axis: Axis?) -> EnvironmentValues {
        guard stackAxis != axis else { return self }
        var inner = self
        inner.stackAxis = axis
        return inner
    }
}

private struct StackAxisKey: EnvironmentKey {
    static let defaultValue: Axis? = nil
}
