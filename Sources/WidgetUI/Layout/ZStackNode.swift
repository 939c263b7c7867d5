import Raster

/// The layout node of `ZStack`: children on top of each other, aligned.
///
/// Every child gets the stack's proposal. The stack's size is the union of the children's
/// frames once their alignment guides coincide; with edge or center alignments that is the
/// largest width and the largest height.
final class ZStackNode: LayoutNode {
    let children: [LayoutNode]
    let alignment: Alignment

    init(children: [LayoutNode], alignment: Alignment, kind: String = "ZStack") {
        self.children = children
        self.alignment = alignment
        super.init(kind: kind)
    }

    override func computeSize(_ proposal: ProposedViewSize) -> Size {
        var size = Size.zero
        for axis in Axis.allCases {
            let extents = self.extents(along: axis, proposal: proposal)
            size[axis] = extents.before + extents.after
        }
        return size
    }

    override func place(in bounds: Rect, proposal: ProposedViewSize) -> PlacedView {
        // Unspecified sides are the stack's own (see `ProposedViewSize.specified(by:)`).
        let proposal = proposal.specified(by: bounds.size)
        // A guide that depends on content (a baseline) lies where the children's furthest one
        // does, as measured; every child's guide goes there.
        var lines = GuideLines()
        for axis in Axis.allCases where AxisAlignment(alignment, along: axis).fraction == nil {
            lines[axis] = extents(along: axis, proposal: proposal).before
        }
        return PlacedView(
            kind: kind, frame: bounds,
            children: children.map { child in
                let size = child.sizeThatFits(proposal)
                let origin = Self.origin(
                    of: child, size: size, in: bounds, alignment: alignment, lines: lines)
                return child.place(in: Rect(origin: origin, size: size), proposal: proposal)
            })
    }

    /// How far the children, at their sizes for `proposal`, reach before and after their
    /// meeting guides along an axis.
    private func extents(
        along axis: Axis, proposal: ProposedViewSize
    ) -> (before: Double, after: Double) {
        let a = AxisAlignment(alignment, along: axis)
        var before = 0.0
        var after = 0.0
        for child in children {
            let s = child.sizeThatFits(proposal)
            let guide = child.alignmentGuide(a, in: s)
            before = max(before, guide)
            after = max(after, s[axis] - guide)
        }
        return (before, after)
    }

    /// Where guides that depend on content lie along each axis, from the bounds' origin, where
    /// known.
    struct GuideLines {
        var horizontal: Double?
        var vertical: Double?

        /// The line along an axis.
        subscript(axis: Axis) -> Double? {
            get { axis == .horizontal ? horizontal : vertical }
            set { if axis == .horizontal { horizontal = newValue } else { vertical = newValue } }
        }
    }

    /// Where a child of a size goes so that its alignment guides meet the bounds' guides.
    ///
    /// `lines` gives, per axis, where a guide that depends on content lies from the bounds'
    /// origin; without one, a single child's own guide at the bounds' size.
    static func origin(
        of child: LayoutNode, size: Size, in bounds: Rect, alignment: Alignment,
        lines: GuideLines = GuideLines()
    ) -> Point {
        var origin = bounds.origin
        for axis in Axis.allCases {
            let a = AxisAlignment(alignment, along: axis)
            let line =
                a.fraction.map { $0 * bounds.size[axis] } ?? lines[axis]
                ?? child.alignmentGuide(a, in: bounds.size)
            origin[axis] += line - child.alignmentGuide(a, in: size)
        }
        return origin
    }
}
