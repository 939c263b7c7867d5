import Foundation
import Raster

/// A column of a ``LazyVGrid`` (or a row of a ``LazyHGrid``): its size rule, the space after
/// it, and where its cells sit.
///
/// ```swift
/// LazyVGrid(columns: Array(repeating: GridItem(.flexible(), spacing: 6), count: 4)) { … }
/// LazyVGrid(columns: [GridItem(.adaptive(minimum: 40))]) { … }
/// ```
///
/// ## Differences from SwiftUI
///
/// Sizes are `Double`s rather than `CGFloat`s (a `CGFloat` converts implicitly), so that the
/// program keeps no Foundation geometry type in its data (see docs/porting.md).
public struct GridItem: Hashable, Sendable {
    /// How a track's size is chosen.
    public enum Size: Hashable, Sendable {
        /// Exactly this many points.
        case fixed(Double)
        /// A share of the space left by the fixed tracks, within bounds.
        case flexible(minimum: Double = 10, maximum: Double = .infinity)
        /// As many tracks as fit, each at least `minimum`, sharing the space (up to `maximum`).
        case adaptive(minimum: Double, maximum: Double = .infinity)
    }

    /// The size rule.
    public var size: Size
    /// The space after this track, in points; `nil` for the default (8).
    public var spacing: Double?
    /// Where cells sit in this track; `nil` for the center.
    public var alignment: Alignment?

    /// Creates a track.
    public init(_ size: Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) {
        self.init(size: size, spacing: spacing.map { Double($0) }, alignment: alignment)
    }

    private init(size: Size, spacing: Double?, alignment: Alignment?) {
        self.size = size
        self.spacing = spacing
        self.alignment = alignment
    }
}

/// A grid that fills its rows left to right with its views, in columns sized by
/// ``GridItem``s: a fixed number of flexible columns, or as many adaptive ones as fit.
///
/// ```swift
/// LazyVGrid(columns: Array(repeating: GridItem(.flexible(), spacing: 6), count: 4),
///           spacing: 6) {
///     ForEach(0..<goal, id: \.self) { index in
///         GlassView(filled: index < glasses)
///     }
/// }
/// ```
///
/// The grid is as wide as offered; each row is as tall as its tallest cell.
///
/// ## Differences from SwiftUI
///
/// A widget doesn't scroll, so nothing is lazy: every cell is laid out. `pinnedViews` is
/// accepted and has no section headers to pin.
public struct LazyVGrid<Content: View>: View {
    let columns: [GridItem]
    let alignment: HorizontalAlignment
    let spacing: Double?
    let content: Content

    /// Creates a grid with columns.
    public init(
        columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
        pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
    ) {
        self.columns = columns
        self.alignment = alignment
        self.spacing = spacing.map { Double($0) }
        self.content = content()
    }
}

/// A grid that fills its columns top to bottom with its views, in rows sized by
/// ``GridItem``s: ``LazyVGrid`` turned a quarter.
///
/// ```swift
/// LazyHGrid(rows: [GridItem(.fixed(20)), GridItem(.fixed(20))]) {
///     ForEach(days) { day in Circle().fill(day.color) }
/// }
/// ```
public struct LazyHGrid<Content: View>: View {
    let rows: [GridItem]
    let alignment: VerticalAlignment
    let spacing: Double?
    let content: Content

    /// Creates a grid with rows.
    public init(
        rows: [GridItem], alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
        pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
    ) {
        self.rows = rows
        self.alignment = alignment
        self.spacing = spacing.map { Double($0) }
        self.content = content()
    }
}

/// The kinds of views a scrolling stack pins to its edges; widgets don't scroll.
public struct PinnedScrollableViews: OptionSet, Hashable, Sendable {
    /// The bits of this set.
    public let rawValue: UInt32

    /// Creates a set from its bits.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// Section headers.
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1 << 0)
    /// Section footers.
    public static let sectionFooters = PinnedScrollableViews(rawValue: 1 << 1)
}

extension LazyVGrid: PrimitiveView {
    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        nodes.append(
            LazyGridNode(
                kind: "LazyVGrid", cells: content.resolve(in: environment.inStack(nil)),
                tracks: columns, trackAxis: .horizontal, spacing: spacing,
                alignment: Alignment(horizontal: alignment, vertical: .center)))
    }
}

extension LazyHGrid: PrimitiveView {
    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        nodes.append(
            LazyGridNode(
                kind: "LazyHGrid", cells: content.resolve(in: environment.inStack(nil)),
                tracks: rows, trackAxis: .vertical, spacing: spacing,
                alignment: Alignment(horizontal: .center, vertical: alignment)))
    }
}

/// Lays cells out in tracks across `trackAxis` (columns of a vertical grid), filling each line
/// along it before the next.
final class LazyGridNode: LayoutNode {
    let cells: [LayoutNode]
    let tracks: [GridItem]
    /// The axis the tracks are laid side by side along: horizontal for a `LazyVGrid`.
    let trackAxis: Axis
    /// The space between lines; `nil` for the default.
    let spacing: Double?
    let alignment: Alignment

    init(
        kind: String, cells: [LayoutNode], tracks: [GridItem], trackAxis: Axis, spacing: Double?,
        alignment: Alignment
    ) {
        self.cells = cells
        self.tracks = tracks
        self.trackAxis = trackAxis
        self.spacing = spacing
        self.alignment = alignment
        super.init(kind: kind)
    }

    /// The tracks' extents and the gaps after them for the space offered across the lines
    /// (nil: each track at its minimum).
    func trackExtents(in available: Double?) -> [(
        extent: Double, gap: Double, alignment: Alignment?
    )] {
        var result: [(extent: Double, gap: Double, alignment: Alignment?)] = []
        let gaps = tracks.map { $0.spacing ?? StackLayout.defaultSpacing }
        let fixed = tracks.reduce(0.0) { total, item in
            if case .fixed(let size) = item.size { return total + size }
            return total
        }
        let flexibleCount = tracks.filter { if case .fixed = $0.size { false } else { true } }.count
        let gapTotal = gaps.dropLast().reduce(0, +)
        var left = max((available ?? 0) - fixed - gapTotal, 0)
        var sharing = flexibleCount
        for (i, item) in tracks.enumerated() {
            let gap = i == tracks.count - 1 ? 0 : gaps[i]
            switch item.size {
            case .fixed(let size):
                result.append((size, gap, item.alignment))
            case .flexible(let minimum, let maximum):
                let share = available == nil ? minimum : left / Double(max(sharing, 1))
                let extent = min(max(share, minimum), maximum)
                result.append((extent, gap, item.alignment))
                left -= extent
                sharing -= 1
            case .adaptive(let minimum, let maximum):
                let space = available == nil ? minimum : left / Double(max(sharing, 1))
                let minimum = max(minimum, 1)
                let count = max(1, Int((space + gaps[i]) / (minimum + gaps[i])))
                let each = min(
                    (space - Double(count - 1) * gaps[i]) / Double(count), Double(maximum))
                for k in 0..<count {
                    result.append(
                        (max(each, minimum), k == count - 1 ? gap : gaps[i], item.alignment))
                }
                left -= space
                sharing -= 1
            }
        }
        return result
    }

    /// The tracks, the lines' extents along the grid, and the grid's size.
    private func layout(_ proposal: ProposedViewSize)
        -> (
            tracks: [(extent: Double, gap: Double, alignment: Alignment?)], lines: [Double],
            size: Size
        )
    {
        let lineAxis = trackAxis.cross
        let tracks = trackExtents(in: proposal[trackAxis].flatMap { $0.isFinite ? $0 : nil })
        guard !tracks.isEmpty else { return ([], [], .zero) }
        var lines: [Double] = []
        var start = 0
        while start < cells.count {
            let end = min(start + tracks.count, cells.count)
            let extents = (start..<end).map { i in
                cells[i].sizeThatFits(
                    ProposedViewSize(main: nil, cross: tracks[i - start].extent, axis: lineAxis)
                )[lineAxis]
            }
            lines.append(extents.max() ?? 0)
            start = end
        }
        let across = tracks.reduce(0.0) { $0 + $1.extent + $1.gap }
        let gap = spacing ?? StackLayout.defaultSpacing
        let along = lines.reduce(0, +) + Double(max(lines.count - 1, 0)) * gap
        let acrossExtent =
            proposal[trackAxis].flatMap { $0.isFinite ? max($0, across) : nil } ?? across
        return (tracks, lines, Size(main: along, cross: acrossExtent, axis: lineAxis))
    }

    override func computeSize(_ proposal: ProposedViewSize) -> Size {
        layout(proposal).size
    }

    override func place(in bounds: Rect, proposal: ProposedViewSize) -> PlacedView {
        let lineAxis = trackAxis.cross
        let (tracks, lines, _) = layout(proposal)
        let gap = spacing ?? StackLayout.defaultSpacing
        let used = tracks.reduce(0.0) { $0 + $1.extent + $1.gap }
        // The tracks as a block, placed across the bounds by the grid's alignment.
        let free = bounds.size[trackAxis] - used
        let fraction = AxisAlignment(alignment, along: trackAxis).fraction ?? 0.5
        var placed: [PlacedView] = []
        var along = bounds.origin[lineAxis]
        for (line, extent) in lines.enumerated() {
            var across = bounds.origin[trackAxis] + free * fraction
            for (t, track) in tracks.enumerated() {
                let index = line * tracks.count + t
                guard index < cells.count else { break }
                var origin = bounds.origin
                origin[lineAxis] = along
                origin[trackAxis] = across
                let rect = Rect(
                    origin: origin, size: Size(main: extent, cross: track.extent, axis: lineAxis))
                let p = ProposedViewSize(rect.size)
                let size = cells[index].sizeThatFits(p)
                let at = ZStackNode.origin(
                    of: cells[index], size: size, in: rect, alignment: track.alignment ?? .center)
                placed.append(cells[index].place(in: Rect(origin: at, size: size), proposal: p))
                across += track.extent + track.gap
            }
            along += extent + gap
        }
        return PlacedView(kind: kind, frame: bounds, children: placed)
    }
}
