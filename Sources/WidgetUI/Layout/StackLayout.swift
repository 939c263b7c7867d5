import Raster

/// The one stack algorithm, for `HStack` (horizontal) and `VStack` (vertical).
///
/// It follows SwiftUI's stack layout, as measured and described in objc.io's *Thinking in
/// SwiftUI* ("Layout" chapter) and implemented by SwiftCrossUI's `computeStackLayout`:
///
/// 1. Spacing between adjacent children is subtracted from the proposal along the axis.
/// 2. Each child's flexibility is its maximum minus minimum size along the axis, probed with
///    proposals of 0 and `.infinity` (the cross side stays as proposed).
/// 3. Children are grouped by ``LayoutNode/layoutPriority``, highest first. A group is offered
///    the remaining space minus the minimum sizes of all lower-priority children.
/// 4. Within a group, the least flexible child goes first and is offered an equal share of what
///    remains; whatever it takes is gone, and the next child shares the rest.
/// 5. The stack is as long as its children plus spacing, and as thick as its children's extents
///    around the alignment guide.
///
/// An unspecified proposal along the axis proposes unspecified to every child (ideal sizes).
struct StackLayout {
    /// The axis children are laid out along.
    var axis: Axis
    /// The alignment across the axis.
    var alignment: AxisAlignment
    /// The space between adjacent children; `nil` for the default.
    var spacing: Double?

    /// The default space between adjacent children, in points.
    static let defaultSpacing = 8.0

    /// Children's sizes and the proposals that produced them.
    struct Distribution {
        var sizes: [Size]
        var proposals: [ProposedViewSize]
    }

    /// Total spacing between `count` children.
    func totalSpacing(_ count: Int) -> Double {
        Double(max(0, count - 1)) * (spacing ?? Self.defaultSpacing)
    }

    /// Divides a proposal among children (steps 1–4).
    func distribute(_ children: [LayoutNode], proposal: ProposedViewSize) -> Distribution {
        let cross = proposal[axis.cross]
        let count = children.count
        guard let main = proposal[axis] else {
            let p = ProposedViewSize(main: nil, cross: cross, axis: axis)
            return Distribution(
                sizes: children.map { $0.sizeThatFits(p) },
                proposals: Array(repeating: p, count: count))
        }
        let minimum = ProposedViewSize(main: 0, cross: cross, axis: axis)
        let maximum = ProposedViewSize(main: .infinity, cross: cross, axis: axis)
        let mins = children.map { $0.sizeThatFits(minimum)[axis] }
        let flexibility = children.indices.map { i in
            children[i].sizeThatFits(maximum)[axis] - mins[i]
        }
        var sizes = Array(repeating: Size.zero, count: count)
        var proposals = Array(repeating: ProposedViewSize.zero, count: count)
        var remaining = main - totalSpacing(count)
        let priorities = Set(children.map(\.layoutPriority)).sorted(by: >)
        for priority in priorities {
            let group = children.indices.filter { children[$0].layoutPriority == priority }
            let reservedForLower = children.indices
                .filter { children[$0].layoutPriority < priority }
                .reduce(0.0) { $0 + mins[$1] }
            var available = remaining - reservedForLower
            // Stable: equal flexibility keeps source order.
            let ordered = group.sorted { (flexibility[$0], $0) < (flexibility[$1], $1) }
            for (n, i) in ordered.enumerated() {
                let share = max(0, available / Double(ordered.count - n))
                let p = ProposedViewSize(main: share, cross: cross, axis: axis)
                let size = children[i].sizeThatFits(p)
                sizes[i] = size
                proposals[i] = p
                available -= size[axis]
                remaining -= size[axis]
            }
        }
        return Distribution(sizes: sizes, proposals: proposals)
    }

    /// The extents above and below (or before and after) the alignment guide, across the axis.
    func crossExtents(_ children: [LayoutNode], sizes: [Size]) -> (before: Double, after: Double) {
        var before = 0.0
        var after = 0.0
        for (child, size) in zip(children, sizes) {
            let guide = child.alignmentGuide(alignment, in: size)
            before = max(before, guide)
            after = max(after, size[axis.cross] - guide)
        }
        return (before, after)
    }

    /// The stack's size for a proposal (step 5).
    func sizeThatFits(_ children: [LayoutNode], proposal: ProposedViewSize) -> Size {
        guard !children.isEmpty else { return .zero }
        let d = distribute(children, proposal: proposal)
        let main = d.sizes.reduce(0.0) { $0 + $1[axis] } + totalSpacing(children.count)
        let extents = crossExtents(children, sizes: d.sizes)
        return Size(main: main, cross: extents.before + extents.after, axis: axis)
    }

    /// Places children one after another along the axis from the start of `bounds`, each at its
    /// alignment guide across it.
    func place(
        _ children: [LayoutNode], in bounds: Rect, proposal: ProposedViewSize
    ) -> [PlacedView] {
        // Across the axis, an unspecified side is the stack's own extent (see
        // `ProposedViewSize.specified(by:)`).
        var proposal = proposal
        proposal[axis.cross] = proposal[axis.cross] ?? bounds.size[axis.cross]
        let d = distribute(children, proposal: proposal)
        let extents = crossExtents(children, sizes: d.sizes)
        // The guide's line across the axis: at its fraction of the bounds for edges and
        // centers, below the tallest ascent for baselines.
        let crossExtent = bounds.size[axis.cross]
        let line = alignment.fraction.map { $0 * crossExtent } ?? extents.before
        var position = bounds.origin[axis]
        let gap = spacing ?? Self.defaultSpacing
        var placed: [PlacedView] = []
        for (i, child) in children.enumerated() {
            let size = d.sizes[i]
            var origin = bounds.origin
            origin[axis] = position
            origin[axis.cross] += line - child.alignmentGuide(alignment, in: size)
            placed.append(
                child.place(in: Rect(origin: origin, size: size), proposal: d.proposals[i]))
            position += size[axis] + gap
        }
        return placed
    }
}
