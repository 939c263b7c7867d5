import Foundation
import Raster
import Testing

@testable import WidgetUI

/// `Grid` and the lazy grids, laid out as numbers.
@Suite("Grids")
struct GridTests {
    @Test("a grid's columns are as wide as their widest cell, rows as tall as their tallest")
    func tableSizes() {
        let placed = layout(
            Grid(horizontalSpacing: 4, verticalSpacing: 2) {
                GridRow {
                    Color.red.frame(width: 30, height: 10)
                    Color.red.frame(width: 10, height: 20)
                }
                GridRow {
                    Color.red.frame(width: 20, height: 10)
                    Color.red.frame(width: 40, height: 10)
                }
            }, in: Size(width: 200, height: 200))
        let grid = placed.all("Grid")[0].frame
        #expect(grid.size == Size(width: 30 + 4 + 40, height: 20 + 2 + 10))
        // Cells centered in their column and row.
        #expect(
            leafFrames(placed).map(\.1) == [
                rect(grid.minX, grid.minY + 5, 30, 10),
                rect(grid.minX + 34 + 15, grid.minY, 10, 20),
                rect(grid.minX + 5, grid.minY + 22, 20, 10),
                rect(grid.minX + 34, grid.minY + 22, 40, 10),
            ])
    }

    @Test("flexible cells share the width; a row that isn't a GridRow spans every column")
    func flexibleAndSpanning() {
        let placed = layout(
            Grid(alignment: .topLeading, horizontalSpacing: 10, verticalSpacing: 0) {
                GridRow {
                    Color.red.frame(maxWidth: .infinity).frame(height: 10)
                    Color.blue.frame(maxWidth: .infinity).frame(height: 10)
                }
                Color.green.frame(height: 5)
            }, in: Size(width: 110, height: 100))
        #expect(
            leafFrames(placed).map(\.1) == [
                rect(0, 42.5, 50, 10), rect(60, 42.5, 50, 10), rect(0, 52.5, 110, 5),
            ])
    }

    @Test("LazyVGrid: flexible columns share the width; cells fill rows left to right")
    func lazyVGrid() {
        let placed = layout(
            LazyVGrid(
                columns: Array(repeating: GridItem(.flexible(), spacing: 6), count: 4), spacing: 4
            ) {
                ForEach(0..<6, id: \.self) { _ in Color.blue.frame(width: 10, height: 10) }
            }, in: Size(width: 118, height: 100))
        let frames = leafFrames(placed).map(\.1)
        let top = placed.all("LazyVGrid")[0].frame.minY
        // Four columns of (118 − 3 × 6) / 4 = 25, cells centered in them.
        #expect(frames.count == 6)
        #expect(frames[0] == rect(7.5, top, 10, 10))
        #expect(frames[3] == rect(3 * 31 + 7.5, top, 10, 10))
        #expect(frames[4] == rect(7.5, top + 14, 10, 10))
        #expect(placed.all("LazyVGrid")[0].frame.size == Size(width: 118, height: 24))
    }

    @Test("LazyVGrid: fixed columns keep their width; adaptive ones are as many as fit")
    func fixedAndAdaptive() {
        let fixed = LazyGridNode(
            kind: "LazyVGrid", cells: [], tracks: [GridItem(.fixed(30)), GridItem(.flexible())],
            trackAxis: .horizontal, spacing: nil, alignment: .center)
        #expect(fixed.trackExtents(in: 100).map(\.extent) == [30, 62])
        let adaptive = LazyGridNode(
            kind: "LazyVGrid", cells: [], tracks: [GridItem(.adaptive(minimum: 40), spacing: 5)],
            trackAxis: .horizontal, spacing: nil, alignment: .center)
        // (130 + 5) / (40 + 5) = 3 columns of (130 − 10) / 3 = 40.
        #expect(adaptive.trackExtents(in: 130).map(\.extent) == [40, 40, 40])
        #expect(adaptive.trackExtents(in: 129).count == 2)
    }

    @Test("LazyHGrid fills columns top to bottom in its rows")
    func lazyHGrid() {
        let placed = layout(
            LazyHGrid(rows: [GridItem(.fixed(10)), GridItem(.fixed(10))], spacing: 3) {
                ForEach(0..<3, id: \.self) { _ in Color.blue.frame(width: 8, height: 10) }
            }.fixedSize(), in: Size(width: 100, height: 100))
        let grid = placed.all("LazyHGrid")[0].frame
        #expect(grid.size == Size(width: 8 + 3 + 8, height: 10 + 8 + 10))
        #expect(leafFrames(placed).map(\.1)[2] == rect(grid.minX + 11, grid.minY, 8, 10))
    }
}
