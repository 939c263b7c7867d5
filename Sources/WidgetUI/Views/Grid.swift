import Foundation
import Raster

/// A table of views: rows of cells in columns as wide as their widest cell.
///
/// Each ``GridRow`` is a row whose views are its cells, one per column; any other view is a
/// row of its own that spans every column.
///
/// ```swift
/// Grid(horizontalSpacing: 6, verticalSpacing: 6) {
///     GridRow {
///         RoomTile(room: rooms[0])
///         RoomTile(room: rooms[1])
///     }
///     Divider()
///     GridRow {
///         Text("Bedroom")
///         Text("18 °C")
///     }
/// }
/// ```
///
/// Columns share the width offered as stack children do: each column is as flexible as its
/// most flexible cell, the least flexible is sized first, and a column of views with
/// `maxWidth: .infinity` takes what is left. Rows share the height the same way. A cell is
/// placed at its own size in its column and row, by the grid's alignment (or its row's).
///
/// ## Differences from SwiftUI
///
/// There are no `gridCellColumns(_:)` spans, `gridColumnAlignment(_:)` or
/// `gridCellUnsizedAxes(_:)`.
public struct Grid<Content: View>: View {
    /// Where each cell sits in its column and row.
    public var alignment: Alignment
    /// The space between columns, in points; `nil` for the default (8).
    public var horizontalSpacing: Double?
    /// The space between rows, in points; `nil` for the default (8).
    public var verticalSpacing: Double?
    /// The rows.
    public var content: Content

    /// Creates a grid of rows.
    public init(
        alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil,
        verticalSpacing: CGFloat? = nil, @ViewBuilder content: () -> Content
    ) {
        self.alignment = alignment
        self.horizontalSpacing = horizontalSpacing.map { Double($0) }
        self.verticalSpacing = verticalSpacing.map { Double($0) }
        self.content = content()
    }
}

/// A row of a ``Grid``: its views are the row's cells, left to right.
///
/// ```swift
/// GridRow(alignment: .firstTextBaseline) {
///     Text("Living")
///     Text("21.5°")
/// }
/// ```
public struct GridRow<Content: View>: View {
    /// Where the cells sit vertically in the row; `nil` for the grid's alignment.
    public var alignment: VerticalAlignment?
    /// The cells.
    public var content: Content

    /// Creates a row of cells.
    public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }
}

extension Grid: PrimitiveView {
    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        let rows = content.resolve(in: environment.inStack(nil)).map { node in
            (node as? GridRowNode).map { GridNode.Row(cells: $0.cells, alignment: $0.alignment) }
                ?? GridNode.Row(spanning: node)
        }
        nodes.append(
            GridNode(
                rows: rows, alignment: alignment,
                spacing: (
                    horizontalSpacing ?? StackLayout.defaultSpacing,
                    verticalSpacing ?? StackLayout.defaultSpacing
                )))
    }
}

extension GridRow: PrimitiveView {
    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        nodes.append(
            GridRowNode(cells: content.resolve(in: environment.inStack(nil)), alignment: alignment))
    }
}

/// A ``GridRow`` as its grid finds it among its children: the row's cells.
///
/// Outside a grid it lays its cells out as an `HStack` would.
final class GridRowNode: LayoutNode {
    let cells: [LayoutNode]
    let alignment: VerticalAlignment?
    private let stack: StackLayout

    init(cells: [LayoutNode], alignment: VerticalAlignment?) {
        self.cells = cells
        self.alignment = alignment
        stack = StackLayout(axis: .horizontal, alignment: .vertical(alignment ?? .center))
        super.init(kind: "GridRow")
    }

    override func computeSize(_ proposal: ProposedViewSize) -> Size {
        stack.sizeThatFits(cells, proposal: proposal)
    }

    override func place(in bounds: Rect, proposal: ProposedViewSize) -> PlacedView {
        PlacedView(
            kind: kind, frame: bounds, children: stack.place(cells, in: bounds, proposal: proposal))
    }
}

/// Lays out a grid: column widths, then row heights, each shared out by the stack algorithm
/// over one stand-in node per column (and per row).
final class GridNode: LayoutNode {
    /// A row: cells, or one view across every column.
    struct Row {
        var cells: [LayoutNode]
        var alignment: VerticalAlignment?
        var spanning: LayoutNode?

        init(cells: [LayoutNode], alignment: VerticalAlignment?) {
            self.cells = cells
            self.alignment = alignment
        }

        init(spanning node: LayoutNode) {
            cells = []
            spanning = node
        }
    }

    let rows: [Row]
    let alignment: Alignment
    let spacing: (horizontal: Double, vertical: Double)
    let columns: [ColumnNode]

    init(rows: [Row], alignment: Alignment, spacing: (horizontal: Double, vertical: Double)) {
        self.rows = rows
        self.alignment = alignment
        self.spacing = spacing
        let count = rows.map(\.cells.count).max() ?? 0
        columns = (0..<count).map { c in ColumnNode(cells: rows.compactMap { $0.cells[safe: c] }) }
        super.init(kind: "Grid")
    }

    /// The column widths and row heights for a proposal, and the grid's size.
    private func tracks(_ proposal: ProposedViewSize) -> (
        widths: [Double], heights: [Double], size: Size
    ) {
        let columnLayout = StackLayout(
            axis: .horizontal, alignment: .vertical(.center), spacing: spacing.horizontal)
        let widths = columnLayout.distribute(
            columns, proposal: ProposedViewSize(width: proposal.width, height: nil)
        ).sizes.map(\.width)
        var width = widths.reduce(0, +) + columnLayout.totalSpacing(widths.count)
        if proposal.width == nil {
            for row in rows {
                if let spanning = row.spanning {
                    width = max(width, spanning.sizeThatFits(.unspecified).width)
                }
            }
        }
        let rowNodes = rows.map { RowNode(row: $0, widths: widths, width: width) }
        let rowLayout = StackLayout(
            axis: .vertical, alignment: .horizontal(.center), spacing: spacing.vertical)
        let heights = rowLayout.distribute(
            rowNodes, proposal: ProposedViewSize(width: width, height: proposal.height)
        ).sizes.map(\.height)
        let height = heights.reduce(0, +) + rowLayout.totalSpacing(heights.count)
        return (widths, heights, Size(width: width, height: height))
    }

    override func computeSize(_ proposal: ProposedViewSize) -> Size {
        tracks(proposal).size
    }

    override func place(in bounds: Rect, proposal: ProposedViewSize) -> PlacedView {
        let (widths, heights, size) = tracks(proposal)
        var placed: [PlacedView] = []
        var y = bounds.minY
        for (r, row) in rows.enumerated() {
            let rowAlignment = Alignment(
                horizontal: alignment.horizontal, vertical: row.alignment ?? alignment.vertical)
            if let spanning = row.spanning {
                placed.append(
                    place(
                        spanning,
                        in: Rect(x: bounds.minX, y: y, width: size.width, height: heights[r]),
                        alignment: rowAlignment))
            }
            var x = bounds.minX
            for (c, cell) in row.cells.enumerated() {
                placed.append(
                    place(
                        cell, in: Rect(x: x, y: y, width: widths[c], height: heights[r]),
                        alignment: rowAlignment))
                x += widths[c] + spacing.horizontal
            }
            y += heights[r] + spacing.vertical
        }
        return PlacedView(kind: kind, frame: bounds, children: placed)
    }

    /// A cell at its own size for its track, aligned in it.
    private func place(_ cell: LayoutNode, in rect: Rect, alignment: Alignment) -> PlacedView {
        let p = ProposedViewSize(rect.size)
        let size = cell.sizeThatFits(p)
        let origin = ZStackNode.origin(of: cell, size: size, in: rect, alignment: alignment)
        return cell.place(in: Rect(origin: origin, size: size), proposal: p)
    }

    /// A column as the stack algorithm sees it: as wide as its widest cell for a width.
    final class ColumnNode: LayoutNode {
        let cells: [LayoutNode]

        init(cells: [LayoutNode]) {
            self.cells = cells
            super.init(kind: "GridColumn")
        }

        override func computeSize(_ proposal: ProposedViewSize) -> Size {
            let p = ProposedViewSize(width: proposal.width, height: nil)
            return Size(width: cells.map { $0.sizeThatFits(p).width }.max() ?? 0, height: 0)
        }

        override var layoutPriority: Double { cells.map(\.layoutPriority).max() ?? 0 }
    }

    /// A row as the stack algorithm sees it: as tall as its tallest cell in its column.
    final class RowNode: LayoutNode {
        let row: Row
        let widths: [Double]
        let width: Double

        init(row: Row, widths: [Double], width: Double) {
            self.row = row
            self.widths = widths
            self.width = width
            super.init(kind: "GridRow")
        }

        override func computeSize(_ proposal: ProposedViewSize) -> Size {
            if let spanning = row.spanning {
                let p = ProposedViewSize(width: width, height: proposal.height)
                return Size(width: width, height: spanning.sizeThatFits(p).height)
            }
            let heights = row.cells.enumerated().map { c, cell in
                cell.sizeThatFits(ProposedViewSize(width: widths[c], height: proposal.height))
                    .height
            }
            return Size(width: width, height: heights.max() ?? 0)
        }
    }
}

extension Array {
    /// The element at `index`, or nil past the end.
    subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
