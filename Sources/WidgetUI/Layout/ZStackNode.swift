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
        let sizes = children.map { $0.sizeThatFits(proposal) }
        var size = Size.zero
        for axis in Axis.allCases {
            let extents = self.extents(along: axis, sizes: sizes)
            size[axis] = extents.before + extents.after
        }
        return size
    }

    override func place(in bounds: Rect, proposal: ProposedViewSize) -> PlacedView {
        let sizes = children.map { $0.sizeThatFits(proposal) }
        // A guide that depends on content (a baseline) lies where the children's furthest one
        // does, as measured; every child's guide goes there.
        let lines = Axis.allCases.map { axis in
            AxisAlignment(alignment, along: axis).fraction == nil
                ? extents(along: axis, sizes: sizes).before : nil
        }
        return PlacedView(
            kind: kind, frame: bounds,
            children: zip(children, sizes).map { child, size in
                let origin = Self.origin(
                    of: child, size: size, in: bounds, alignment: alignment, lines: lines)
                return child.place(in: Rect(origin: origin, size: size), proposal: proposal)
            })
    }

    /// How far the children reach before and after their meeting guides along an axis.
    private func extents(along axis: Axis, sizes: [Size]) -> (before: Double, after: Double) {
        let a = AxisAlignment(alignment, along: axis)
        var before = 0.0
        var after = 0.0
        for (child, s) in zip(children, sizes) {
            let guide = child.alignmentGuide(a, in: s)
            before = max(before, guide)
            after = max(after, s[axis] - guide)
        }
        return (before, after)
    }

    /// Where a child of a size goes so that its alignment guides meet the bounds' guides.
    ///
    /// `lines` gives, per axis of `Axis.allCases`, where a guide that depends on content lies
    /// from the bounds' origin; without one, a single child's own guide at the bounds' size.
    static func origin(
        of child: LayoutNode, size: Size, in bounds: Rect, alignment: Alignment,
        lines: [Double?] = [nil, nil]
    ) -> Point {
        var origin = bounds.origin
        for (axis, known) in zip(Axis.allCases, lines) {
            let a = AxisAlignment(alignment, along: axis)
            let line =
                a.fraction.map { $0 * bounds.size[axis] } ?? known
                ?? child.alignmentGuide(a, in: bounds.size)
            origin[axis] += line - child.alignmentGuide(a, in: size)
        }
        return origin
    }
}
