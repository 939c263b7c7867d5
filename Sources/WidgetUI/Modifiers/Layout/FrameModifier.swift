import Raster

extension View {
    /// Gives the view a fixed width, height, or both, and aligns it inside that frame.
    ///
    /// A given side is proposed to the view as is and becomes the frame's size whatever the
    /// view chooses; a `nil` side passes the proposal through and takes the view's size.
    ///
    /// ```swift
    /// Circle().frame(width: 44, height: 44)
    /// Text("Hi").frame(width: 100, alignment: .leading)
    /// ```
    public func frame(
        width: Double? = nil, height: Double? = nil, alignment: Alignment = .center
    ) -> some View {
        FrameModifier(content: self, width: width, height: height, alignment: alignment)
    }
}

/// The view `frame(width:height:alignment:)` returns.
struct FrameModifier<Content: View>: View, PrimitiveView {
    var content: Content
    var width: Double?
    var height: Double?
    var alignment: Alignment

    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        content.resolve(in: environment, into: &nodes) {
            FrameNode(child: $0, width: width, height: height, alignment: alignment)
        }
    }
}

/// A fixed frame: given sides replace the proposal and the child's answer.
final class FrameNode: ModifierNode {
    let width: Double?
    let height: Double?
    let alignment: Alignment

    init(child: LayoutNode, width: Double?, height: Double?, alignment: Alignment) {
        self.width = width
        self.height = height
        self.alignment = alignment
        super.init(kind: "frame", child: child)
    }

    private func childProposal(_ proposal: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: width ?? proposal.width, height: height ?? proposal.height)
    }

    override func computeSize(_ proposal: ProposedViewSize) -> Size {
        let size = child.sizeThatFits(childProposal(proposal))
        return Size(width: width ?? size.width, height: height ?? size.height)
    }

    override func place(in bounds: Rect, proposal: ProposedViewSize) -> PlacedView {
        placeAligned(in: bounds, childProposal: childProposal(proposal), alignment: alignment)
    }
}
