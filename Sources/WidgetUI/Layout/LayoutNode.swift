import Raster

/// One laid-out unit of the resolved view tree: sizes itself for a proposal, then places itself.
///
/// Resolving a view (``View/resolve(in:into:)``) evaluates bodies under their environment and leaves
/// a tree of nodes made only of primitives. Layout is then pure: a parent asks
/// ``sizeThatFits(_:)`` as often as it likes (stacks probe with 0 and `.infinity`), and calls
/// ``place(in:proposal:)`` once with the frame it chose, which returns the ``PlacedView``.
///
/// Subclasses override ``computeSize(_:)`` and ``place(in:proposal:)``; answers are cached per
/// proposal, which keeps nested stacks from re-measuring exponentially.
class LayoutNode {
    /// What this node is, for the placed tree and for tests ("Color", "HStack", "padding", …).
    let kind: String
    /// The answers so far: the first inline (most nodes are asked about one proposal, or one
    /// again and again), the others in a dictionary.
    private var first: (proposal: ProposedViewSize, size: Size)?
    private var sizes: [ProposedViewSize: Size] = [:]

    init(kind: String) {
        self.kind = kind
    }

    /// The size this node chooses for a proposal.
    final func sizeThatFits(_ proposal: ProposedViewSize) -> Size {
        if let first, first.proposal == proposal { return first.size }
        if first != nil, let size = sizes[proposal] { return size }
        let size = computeSize(proposal)
        if first == nil {
            first = (proposal, size)
        } else {
            sizes[proposal] = size
        }
        return size
    }

    /// Computes the size for a proposal; called once per distinct proposal.
    func computeSize(_ proposal: ProposedViewSize) -> Size { .zero }

    /// Places this node (and its descendants) in `bounds`, absolute points, whose size is what
    /// ``sizeThatFits(_:)`` answered for `proposal`.
    func place(in bounds: Rect, proposal: ProposedViewSize) -> PlacedView {
        PlacedView(kind: kind, frame: bounds)
    }

    /// The priority a stack gives this node when dividing space; higher goes first.
    ///
    /// Default: 0.
    var layoutPriority: Double { 0 }

    /// The position of an alignment guide, from this node's top-leading corner, at a size.
    ///
    /// Edges and centers are fractions of the size; a text baseline is the bottom edge unless
    /// the node holds text.
    func alignmentGuide(_ alignment: AxisAlignment, in size: Size) -> Double {
        switch alignment {
        case .horizontal(let h): return h.fraction * size.width
        case .vertical(let v):
            if case .fraction(let f) = v.guide { return f * size.height }
            return size.height
        }
    }
}

/// A node that wraps one child: most modifiers.
///
/// It forwards the child's layout priority, so `.layoutPriority(1).padding()` still counts in a
/// stack, as in SwiftUI, where priority is a trait that travels up through modifiers.
class ModifierNode: LayoutNode {
    let child: LayoutNode

    init(kind: String, child: LayoutNode) {
        self.child = child
        super.init(kind: kind)
    }

    override var layoutPriority: Double { child.layoutPriority }

    override func computeSize(_ proposal: ProposedViewSize) -> Size {
        child.sizeThatFits(proposal)
    }

    override func place(in bounds: Rect, proposal: ProposedViewSize) -> PlacedView {
        PlacedView(
            kind: kind, frame: bounds, children: [child.place(in: bounds, proposal: proposal)])
    }

    /// Places the child at its own size for `childProposal`, aligned within `bounds`: what
    /// frames do with a child smaller or larger than themselves.
    final func placeAligned(
        in bounds: Rect, childProposal p: ProposedViewSize, alignment: Alignment
    ) -> PlacedView {
        let size = child.sizeThatFits(p)
        let origin = ZStackNode.origin(of: child, size: size, in: bounds, alignment: alignment)
        return PlacedView(
            kind: kind, frame: bounds,
            children: [child.place(in: Rect(origin: origin, size: size), proposal: p)])
    }
}
