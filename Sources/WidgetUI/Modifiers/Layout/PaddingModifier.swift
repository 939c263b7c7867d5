import Raster

extension View {
    /// Adds space around the view, the same on every side.
    ///
    /// The view is offered the proposal minus the padding, and the result is its size plus the
    /// padding.
    ///
    /// ```swift
    /// Text("Hi").padding()       // 16 points on every side
    /// Text("Hi").padding(4)
    /// ```
    ///
    /// ## Differences from SwiftUI
    ///
    /// The default length is always 16 points; SwiftUI picks it per platform and context.
    public func padding(_ length: Double? = nil) -> some View {
        padding(.all, length)
    }

    /// Adds space on some sides of the view.
    ///
    /// ```swift
    /// Text("Hi").padding(.horizontal, 12)
    /// Text("Hi").padding(.top)   // 16 points
    /// ```
    public func padding(_ edges: Edge.Set = .all, _ length: Double? = nil) -> some View {
        padding(EdgeInsets(edges, length ?? PaddingModifier<Self>.defaultLength))
    }

    /// Adds space given side by side.
    ///
    /// ```swift
    /// Text("Hi").padding(EdgeInsets(top: 2, leading: 6, bottom: 2, trailing: 6))
    /// ```
    public func padding(_ insets: EdgeInsets) -> some View {
        PaddingModifier(content: self, insets: insets)
    }
}

/// The view `padding` returns: its content inset.
struct PaddingModifier<Content: View>: View, PrimitiveView {
    /// The padding when no length is given, in points.
    static var defaultLength: Double { 16 }

    var content: Content
    var insets: EdgeInsets

    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        content.resolve(in: environment, into: &nodes) { PaddingNode(child: $0, insets: insets) }
    }
}

/// Shrinks the proposal by the insets, asks the child, grows the answer back.
final class PaddingNode: ModifierNode {
    let insets: EdgeInsets

    init(child: LayoutNode, insets: EdgeInsets) {
        self.insets = insets
        super.init(kind: "padding", child: child)
    }

    private func childProposal(_ proposal: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(
            width: proposal.width.map { max(0, $0 - insets.horizontal) },
            height: proposal.height.map { max(0, $0 - insets.vertical) })
    }

    override func computeSize(_ proposal: ProposedViewSize) -> Size {
        let size = child.sizeThatFits(childProposal(proposal))
        return Size(width: size.width + insets.horizontal, height: size.height + insets.vertical)
    }

    override func place(in bounds: Rect, proposal: ProposedViewSize) -> PlacedView {
        let p = childProposal(proposal)
        let inner = Rect(
            x: bounds.minX + insets.leading, y: bounds.minY + insets.top,
            width: max(0, bounds.width - insets.horizontal),
            height: max(0, bounds.height - insets.vertical))
        return PlacedView(
            kind: kind, frame: bounds, children: [child.place(in: inner, proposal: p)])
    }

    override func alignmentGuide(_ alignment: AxisAlignment, in size: Size) -> Double {
        // Edges and centers are fractions of this node's size; baselines come from the child.
        guard alignment.fraction == nil else { return super.alignmentGuide(alignment, in: size) }
        let inner = Size(
            width: max(0, size.width - insets.horizontal),
            height: max(0, size.height - insets.vertical))
        return insets.top + child.alignmentGuide(alignment, in: inner)
    }
}
