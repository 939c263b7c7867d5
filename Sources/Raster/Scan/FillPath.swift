import CPixelFill

/// Exact-area anti-aliased scan conversion of polygons.
///
/// Every edge deposits, into the cells of each pixel row it crosses, the signed area it sweeps
/// to its right: the part of the cell it leaves uncovered goes to that cell, the remainder to
/// the next (the "accumulation" formulation of FreeType's `ftgrays.c` and of font-rs). A
/// running sum along the row then yields the exact covered area of every pixel — not a
/// supersampled estimate — so a nearly horizontal edge shades smoothly, without steps.
/// Nonzero winding is `min(|sum|, 1)`; even-odd folds the sum modulo 2.
///
/// Memory is a band of rows at a time (≤ 64 Ki cells), so a full-screen path needs a few
/// hundred KiB, not a screen-sized buffer. Only cells an edge touched are visited by the sweep
/// (one bit each in `touched`, and one summary bit per word of those bits, so a row costs its
/// touched cells, not its width). Depositing (`pixel_accumulate`) and sweeping
/// (`pixel_sweep_row`) are C: the sweep takes the touched cells eight at a time, one vector
/// prefix sum giving their coverage; a group whose coverage varies becomes a mask of eight,
/// and between groups coverage is constant and goes out as one run, which is how the interior
/// of a large shape becomes a straight fill.
///
/// Worked example: a vertical edge at x = 2.25 running down through a full row deposits
/// 0.75 into cell 2 and 0.25 into cell 3; the running sum is 0 before column 2, 0.75 in
/// column 2 (three quarters covered) and 1 from column 3 on.
enum FillPath {
    /// Cells per band (each a `Float`): 64 KiB, so that the cells a band's edges touch are
    /// still in the L1 cache when the sweep reads them (larger bands measured slower with
    /// `nightstand bench`; docs/performance.md).
    static let bandCells = 1 << 14

    /// Rows per part, at least, when a fill is cut into parts for several threads: fewer and
    /// the work of starting a part (finding the edges already active) would outweigh it.
    static let minimumPartRows = 48

    /// Scan-converts `edges` (x relative to `clip.x`, clipped to 0…clip.width) within `clip`.
    ///
    /// With `threads` > 1 a fill of many rows is cut into one part per thread, of consecutive
    /// rows and about equal work (``cutParts(edges:rows:parts:scratch:into:)``), run by
    /// ``ScanWorkers``; every row is computed the same way whichever part it falls in, so the
    /// pixels do not depend on the cut.
    static func fill<B: Blitter>(
        edges: inout [Edge], rule: FillRule, clip: IntRect, antiAlias: Bool, threads: Int,
        scratch: ScanScratch, blitter: inout B
    ) {
        guard !edges.isEmpty, !clip.isEmpty else { return }
        var minY = Float.infinity
        var maxY = -Float.infinity
        for e in edges {
            minY = min(minY, e.y0)
            maxY = max(maxY, e.y1)
        }
        let top = max(clip.y, floorInt(minY))
        let bottom = min(clip.maxY, ceilInt(maxY))
        guard top < bottom else { return }
        edges.sort { $0.y0 < $1.y0 }
        let scan = Scan(
            edges: edges, clip: clip, evenOdd: rule == .evenOdd ? 1 : 0,
            antiAlias: antiAlias ? 1 : 0)
        let parts = threads > 1 ? min(threads, (bottom - top) / minimumPartRows) : 1
        guard parts > 1 else {
            return scan.rows(top..<bottom, scratch: scratch, blitter: &blitter)
        }
        var cuts = scratch.cuts
        scratch.cuts = []
        cutParts(edges: edges, rows: top..<bottom, parts: parts, scratch: scratch, into: &cuts)
        let partRows = cuts
        let template = blitter
        ScanWorkers.shared.run(parts: parts, scratch: scratch) { part, partScratch in
            partScratch.reserveRow(clip.maxX)
            var partBlitter = template.copy(using: partScratch)
            scan.rows(
                partRows[part]..<partRows[part + 1], scratch: partScratch, blitter: &partBlitter)
        }
        scratch.cuts = cuts
    }

    /// Where to cut `rows` into `parts` parts of about equal work: sets `cuts` to `parts + 1`
    /// rows, the first `rows.lowerBound`, the last `rows.upperBound`.
    ///
    /// A row's work is taken as one plus the edges crossing it (each a deposit, and a place
    /// where coverage changes for the sweep and the blend): the progress arc of a ring gauge
    /// has twice the edges in its lower half as in its upper, and halves by rows would leave
    /// one thread waiting for the other. The same cuts frame after frame also keep each
    /// thread on the rows it wrote last time, in its own cache.
    static func cutParts(
        edges: [Edge], rows: Range<Int>, parts: Int, scratch: ScanScratch, into cuts: inout [Int]
    ) {
        let n = rows.count
        let weights = scratch.rowWeights(n + 1)
        for e in edges {
            let a = max(rows.lowerBound, floorInt(e.y0)) - rows.lowerBound
            let b = min(rows.upperBound, ceilInt(e.y1)) - rows.lowerBound
            guard a < b else { continue }
            weights[a] += 1
            weights[b] -= 1
        }
        var total = 0
        var crossing = 0
        for r in 0..<n {
            crossing += Int(weights[r])
            total += 1 + crossing
            weights[r] = Int32(truncatingIfNeeded: total)
        }
        cuts.removeAll(keepingCapacity: true)
        cuts.append(rows.lowerBound)
        var r = 0
        for p in 1..<parts {
            let share = total * p / parts
            while r < n - 1 && Int(weights[r]) < share { r += 1 }
            cuts.append(max(cuts[p - 1], rows.lowerBound + r + 1))
        }
        cuts.append(rows.upperBound)
    }

    /// One fill's edges (sorted by `y0`) and settings: scans any of its rows.
    private struct Scan {
        let edges: [Edge]
        let clip: IntRect
        let evenOdd: Int32
        let antiAlias: Int32

        /// Scans rows `rows` (within the fill's rows) with `scratch`'s buffers, through
        /// `blitter`.
        ///
        /// Starts with no edge active: the first band takes in every edge starting above it,
        /// and the deposit skips those that ended above it.
        func rows<B: Blitter>(_ rows: Range<Int>, scratch: ScanScratch, blitter: inout B) {
            let top = rows.lowerBound
            let bottom = rows.upperBound
            let width = clip.width
            // Cells 0…width + 1 (a piece at the right clip edge deposits past it), rounded up
            // to whole groups of eight for the sweep.
            let cols = (width + 2 + 7) & ~7
            let words = (cols + 63) >> 6
            // A row's bits: `words` cell words, then the summary words (bit w: word w is not 0).
            let rowWords = words + (words + 63) >> 6
            let bandRows = max(1, min(bottom - top, bandCells / cols))
            scratch.reserveBand(cells: cols * bandRows, words: rowWords * bandRows, rowCells: cols)
            let acc = scratch.accumulation
            let bits = scratch.touched
            // A local array while in use (the only reference: no copies, no exclusivity checks
            // of a class property on every access), handed back for the next fill.
            var active = scratch.active
            scratch.active = []
            active.removeAll(keepingCapacity: true)
            var next = 0
            var band = top
            while band < bottom {
                while next < edges.count && edges[next].y0 < Float(band + 1) {
                    active.append(next)
                    next += 1
                }
                let same = sameRows(from: band, bottom: bottom, next: next, active)
                // A band is either one row whose coverage the rows after it repeat, or up to
                // `bandRows` rows of their own.
                let bandEnd = same > band + 1 ? band + 1 : min(band + bandRows, bottom)
                while next < edges.count && edges[next].y0 < Float(bandEnd) {
                    active.append(next)
                    next += 1
                }
                let last = max(same, bandEnd)
                edges.withUnsafeBufferPointer { e in
                    active.withUnsafeBufferPointer { a in
                        pixel_accumulate(
                            e.baseAddress, a.baseAddress, a.count, Int32(band), Int32(bandEnd),
                            cols, words, rowWords, acc, bits)
                    }
                }
                var keep = 0
                for k in 0..<active.count where edges[active[k]].y1 > Float(last) {
                    active[keep] = active[k]
                    keep += 1
                }
                active.removeLast(active.count - keep)
                for r in band..<bandEnd {
                    let spanCount = pixel_sweep_row(
                        acc + (r - band) * cols, bits + (r - band) * rowWords, words, width,
                        evenOdd, antiAlias, scratch.sweepCoverage, scratch.spans)
                    guard spanCount > 0 else { continue }
                    blitter.blitSpans(
                        scratch.spans, count: spanCount, coverage: scratch.sweepCoverage,
                        x: clip.x, rows: r..<(r == band ? max(same, r + 1) : r + 1))
                }
                band = last
            }
            scratch.active = active
        }

        /// The end of the rows from `row` on that have `row`'s coverage.
        ///
        /// Those are rows crossed only by vertical edges that span them whole (the sides of
        /// rectangles, rounded rectangles, capsules), with no edge starting among them. Their
        /// deposits are the same in every row, so one row is accumulated and swept, and its spans
        /// repeated down the rest: the interior rows of such a shape cost a span each, not a scan.
        /// `row + 1` when there are none beyond `row` itself.
        ///
        /// `next` is the first edge not yet active: every edge starting above `row + 1` is active.
        private func sameRows(from row: Int, bottom: Int, next: Int, _ active: [Int]) -> Int {
            var end = bottom
            if next < edges.count { end = min(end, floorInt(edges[next].y0)) }
            let top = Float(row)
            for i in active {
                let e = edges[i]
                guard e.y1 > top else { continue }
                guard e.x0 == e.x1, e.y0 <= top else { return row + 1 }
                end = min(end, floorInt(e.y1))
                if end <= row + 1 { return row + 1 }
            }
            return max(end, row + 1)
        }
    }

    /// ⌊x⌋ without a libm call (x86-64's baseline has no rounding instruction, so
    /// `rounded(.down)` is a call to `floorf`): truncate, then step down below zero.
    @inline(__always)
    static func floorInt(_ x: Float) -> Int {
        let i = Int(x)
        return Float(i) > x ? i - 1 : i
    }

    /// ⌈x⌉ without a libm call: truncate, then step up above zero.
    @inline(__always)
    static func ceilInt(_ x: Float) -> Int {
        let i = Int(x)
        return Float(i) < x ? i + 1 : i
    }
}
