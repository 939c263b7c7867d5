import Raster

extension View {
    /// Bounds the view's size between a minimum and a maximum, and aligns it inside the frame.
    ///
    /// The proposal is clamped to the bounds before the view sees it; the frame then takes the
    /// view's size, pulled toward the proposal up to `max…` and pushed up to at least `min…`.
    /// `maxWidth: .infinity` makes a frame take all the width offered; an `ideal…` side is what
    /// the frame proposes when its own proposal leaves that side unspecified.
    ///
    /// ```swift
    /// Text("Title").frame(maxWidth: .infinity, alignment: .leading)
    /// Color.blue.frame(minHeight: 20, maxHeight: 40)
    /// ```
    public func frame(
        minWidth: Double? = nil, idealWidth: Double? = nil, maxWidth: Double? = nil,
        minHeight: Double? = nil, idealHeight: Double? = nil, maxHeight: Double? = nil,
        alignment: Alignment = .center
    ) -> some View {
        FlexibleFrameModifier(
            content: self,
            width: FlexibleFrameNode.Bounds(min: minWidth, ideal: idealWidth, max: maxWidth),
            height: FlexibleFrameNode.Bounds(min: minHeight, ideal: idealHeight, max: maxHeight),
            alignment: alignment)
    }
}

/// The view `frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`
/// returns.
struct FlexibleFrameModifier<Content: View>: View, PrimitiveView {
    var content: Content
    var width: FlexibleFrameNode.Bounds
    var height: FlexibleFrameNode.Bounds
    var alignment: Alignment

    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        content.resolve(in: environment, into: &nodes) {
            FlexibleFrameNode(child: $0, width: width, height: height, alignment: alignment)
        }
    }
}

/// A flexible frame.
///
/// It follows SwiftUI's `_FlexibleFrameLayout` rules per side:
///
/// - proposal: an unspecified side becomes `ideal` if given; then it is clamped to
///   `min…max`;
/// - size: the child's size `c` against the (clamped) proposal `p`, or `c` if unspecified:
///   with a minimum, `max(min, min(c, p))`; with a maximum, `min(max, max(c, p))`.
final class FlexibleFrameNode: ModifierNode {
    /// The bounds along one side.
    struct Bounds: Hashable {
        var min: Double?
        var ideal: Double?
        var max: Double?

        /// The proposal the child sees along this side.
        func propose(_ side: Double?) -> Double? {
            guard var p = side ?? ideal else { return nil }
            if let min, p < min { p = min }
            if let max, p > max { p = max }
            return p
        }

        /// The frame's size along this side.
        func size(child c: Double, proposed: Double?) -> Double {
            let p = proposed ?? c
            var s = c
            if let max { s = Swift.min(max, Swift.max(c, p)) }
            if let min { s = Swift.max(min, Swift.min(s, p)) }
            return s
        }
    }

    let width: Bounds
    let height: Bounds
    let alignment: Alignment

    init(child: LayoutNode, width: Bounds, height: Bounds, alignment: Alignment) {
        self.width = width
        self.height = height
        self.alignment = alignment
        super.init(kind: "frame", child: child)
    }

    private func childProposal(_ proposal: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(
            width: width.propose(proposal.width), height: height.propose(proposal.height))
    }

    override func computeSize(_ proposal: ProposedViewSize) -> Size {
        let p = childProposal(proposal)
        let c = child.sizeThatFits(p)
        return Size(
            width: width.size(child: c.width, proposed: p.width),
            height: height.size(child: c.height, proposed: p.height))
    }

    override func place(in bounds: Rect, proposal: ProposedViewSize) -> PlacedView {
        placeAligned(in: bounds, childProposal: childProposal(proposal), alignment: alignment)
    }
}
