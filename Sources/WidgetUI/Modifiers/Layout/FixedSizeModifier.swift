import Raster

extension View {
    /// Lets the view take its ideal size on both axes, whatever is proposed.
    ///
    /// The view is proposed an unspecified size, so text doesn't wrap or truncate and shapes
    /// take their 10-point default.
    ///
    /// ```swift
    /// Text("Never truncated").fixedSize()
    /// ```
    public func fixedSize() -> some View {
        fixedSize(horizontal: true, vertical: true)
    }

    /// Lets the view take its ideal size on the chosen axes.
    ///
    /// ```swift
    /// Text(longNote).fixedSize(horizontal: false, vertical: true)   // wraps, never truncates
    /// ```
    public func fixedSize(horizontal: Bool, vertical: Bool) -> some View {
        FixedSizeModifier(content: self, horizontal: horizontal, vertical: vertical)
    }
}

/// The view `fixedSize` returns.
struct FixedSizeModifier<Content: View>: View, PrimitiveView {
    var content: Content
    var horizontal: Bool
    var vertical: Bool

    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        content.resolve(in: environment, into: &nodes) {
            FixedSizeNode(child: $0, horizontal: horizontal, vertical: vertical)
        }
    }
}

/// Replaces the fixed sides of the proposal with "unspecified".
final class FixedSizeNode: ModifierNode {
    let horizontal: Bool
    let vertical: Bool

    init(child: LayoutNode, horizontal: Bool, vertical: Bool) {
        self.horizontal = horizontal
        self.vertical = vertical
        super.init(kind: "fixedSize", child: child)
    }

    private func childProposal(_ proposal: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(
            width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height)
    }

    override func computeSize(_ proposal: ProposedViewSize) -> Size {
        child.sizeThatFits(childProposal(proposal))
    }

    override func place(in bounds: Rect, proposal: ProposedViewSize) -> PlacedView {
        PlacedView(
            kind: kind, frame: bounds,
            children: [child.place(in: bounds, proposal: childProposal(proposal))])
    }
}
