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
}

private struct StackAxisKey: EnvironmentKey {
    static let defaultValue: Axis? = nil
}
