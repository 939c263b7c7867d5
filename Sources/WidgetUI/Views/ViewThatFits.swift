import Raster

/// The first of several views that fits the space offered, or the last one if none does.
///
/// Each child is measured at its ideal size along the constrained axes (proposed an
/// unspecified size there, the proposal as is along the others) and chosen if that fits the
/// proposal; the chosen child is then laid out with the proposal as usual. Only the chosen
/// child is drawn.
///
/// ```swift
/// ViewThatFits(in: .horizontal) {
///     Text("Wednesday, 12 June")
///     Text("Wed, 12 Jun")
///     Text("12/6")
/// }
/// ```
public struct ViewThatFits<Content: View>: View {
    /// The axes along which a child must fit.
    ///
    /// Default: both.
    public var axes: Axis.Set
    /// The candidates, in order of preference.
    public var content: Content

    /// Creates a view that shows the first of its children that fits along `axes`.
    public init(
        in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> Content
    ) {
        self.axes = axes
        self.content = content()
    }
}

extension ViewThatFits: PrimitiveView {
    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        let children = content.resolve(in: environment.inStack(nil))
        guard !children.isEmpty else { return }
        nodes.append(ViewThatFitsNode(children: children, axes: axes))
    }
}

/// Chooses a child per proposal; sizes, places and aligns as that child.
final class ViewThatFitsNode: LayoutNode {
    let children: [LayoutNode]
    let axes: Axis.Set
    private var choices: [ProposedViewSize: Int] = [:]

    /// `children` must not be empty.
    init(children: [LayoutNode], axes: Axis.Set) {
        self.children = children
        self.axes = axes
        super.init(kind: "ViewThatFits")
    }

    /// The index of the child shown for a proposal.
    func choice(for proposal: ProposedViewSize) -> Int {
        if let known = choices[proposal] { return known }
        var ideal = proposal
        if axes.contains(.horizontal) { ideal.width = nil }
        if axes.contains(.vertical) { ideal.height = nil }
        let index =
            children.firstIndex { child in
                let size = child.sizeThatFits(ideal)
                return fits(size.width, proposal.width, along: .horizontal)
                    && fits(size.height, proposal.height, along: .vertical)
            } ?? children.count - 1
        choices[proposal] = index
        return index
    }

    private func fits(_ side: Double, _ proposed: Double?, along axis: Axis.Set) -> Bool {
        guard axes.contains(axis), let proposed else { return true }
        return side <= proposed
    }

    override func computeSize(_ proposal: ProposedViewSize) -> Size {
        children[choice(for: proposal)].sizeThatFits(proposal)
    }

    override func place(in bounds: Rect, proposal: ProposedViewSize) -> PlacedView {
        PlacedView(
            kind: kind, frame: bounds,
            children: [children[choice(for: proposal)].place(in: bounds, proposal: proposal)])
    }

    override func alignmentGuide(_ alignment: AxisAlignment, in size: Size) -> Double {
        // The child chosen for a proposal that gave this size.
        let chosen = choices.first { children[$0.value].sizeThatFits($0.key) == size }
        let child = children[chosen?.value ?? children.count - 1]
        return child.alignmentGuide(alignment, in: size)
    }
}
