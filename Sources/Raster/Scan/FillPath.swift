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
/// touched cells, not its width); between them coverage is constant and goes out as one span,
/// which is how the interior of a large shape becomes a straight fill.
///
/// Worked example: a vertical edge at x = 2.25 running down through a full row deposits
/// 0.75 into cell 2 and 0.25 into cell 3; the running sum is 0 before column 2, 0.75 in
/// column 2 (three quarters covered) and 1 from column 3 on.
enum FillPath {
    /// Cells per band (each a `Float`): 256 KiB.
    static let bandCells = 1 << 16

    /// Scan-converts `edges` (x relative to `clip.x`, clipped to 0…clip.width) within `clip`.
    static func fill<B: Blitter>(
        edges: inout [Edge], rule: FillRule, clip: IntRect, antiAlias: Bool,
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
        let width = clip.width
        let cols = width + 2
        let words = (cols + 63) >> 6
        // A row's bits: `words` cell words, then the summary words (bit w: word w is not 0).
        let rowWords = words + (words + 63) >> 6
        let bandRows = max(1, min(bottom - top, bandCells / cols))
        scratch.reserveBand(cells: cols * bandRows, words: rowWords * bandRows)
        let acc = scratch.accumulation
        let bits = scratch.touched

        edges.sort { $0.y0 < $1.y0 }
        // A local array while in use (the only reference: no copies, no exclusivity checks of
        // a class property on every access), handed back for the next fill.
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
            let same = sameRows(from: band, bottom: bottom, edges: edges, next: next, active)
            // A band is either one row whose coverage the rows after it repeat, or up to
            // `bandRows` rows of their own.
            let bandEnd = same > band + 1 ? band + 1 : min(band + bandRows, bottom)
            while next < edges.count && edges[next].y0 < Float(bandEnd) {
                active.append(next)
                next += 1
            }
            let last = max(same, bandEnd)
            var keep = 0
            for k in 0..<active.count {
                let i = active[k]
                let e = edges[i]
                if e.y1 > Float(band) {
                    accumulate(
                        e, rows: band..<bandEnd, cols: cols, words: words, rowWords: rowWords,
                        acc: acc, bits: bits)
                }
                if e.y1 > Float(last) {
                    active[keep] = i
                    keep += 1
                }
            }
            active.removeLast(active.count - keep)
            for r in band..<bandEnd {
                sweep(
                    row: r, repeatedTo: r == band ? max(same, r + 1) : r + 1,
                    acc: acc + (r - band) * cols, bits: bits + (r - band) * rowWords,
                    width: width, words: words, originX: clip.x, rule: rule, antiAlias: antiAlias,
                    blitter: &blitter)
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
    private static func sameRows(
        from row: Int, bottom: Int, edges: [Edge], next: Int, _ active: [Int]
    ) -> Int {
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

    /// Deposits the signed areas of edge `e` for the rows of the current band.
    @inline(__always)
    private static func accumulate(
        _ e: Edge, rows: Range<Int>, cols: Int, words: Int, rowWords: Int,
        acc: UnsafeMutablePointer<Float>, bits: UnsafeMutablePointer<UInt64>
    ) {
        let dxdy = (e.x1 - e.x0) / (e.y1 - e.y0)
        let first = max(floorInt(e.y0), rows.lowerBound)
        let last = min(ceilInt(e.y1), rows.upperBound)
        guard first < last else { return }
        for r in first..<last {
            let ya = max(e.y0, Float(r))
            let yb = min(e.y1, Float(r + 1))
            guard yb > ya else { continue }
            let xa = e.x0 + (ya - e.y0) * dxdy
            let xb = e.x0 + (yb - e.y0) * dxdy
            let d = (yb - ya) * e.direction
            let row = r - rows.lowerBound
            let rowBits = bits + row * rowWords
            deposit(xa, xb, d, acc: acc + row * cols, bits: rowBits, summary: rowBits + words)
        }
    }

    /// Adds the area to the right of the segment piece (xa → xb, height |d|) within one row.
    @inline(__always)
    private static func deposit(
        _ xa: Float, _ xb: Float, _ d: Float,
        acc: UnsafeMutablePointer<Float>, bits: UnsafeMutablePointer<UInt64>,
        summary: UnsafeMutablePointer<UInt64>
    ) {
        @inline(__always) func mark(_ from: Int, _ to: Int) {
            let first = from >> 6
            if first == to >> 6 {
                // One word (nearly always: a piece spans a few cells): one mask, one summary bit.
                bits[first] |= (~0 &<< UInt64(from & 63)) & (~0 &>> UInt64(63 - (to & 63)))
                summary[first >> 6] |= 1 &<< UInt64(first & 63)
                return
            }
            for x in from...to { bits[x >> 6] |= 1 &<< UInt64(x & 63) }
            for w in first...(to >> 6) { summary[w >> 6] |= 1 &<< UInt64(w & 63) }
        }
        let x0 = min(xa, xb)
        let x1 = max(xa, xb)
        let x0i = floorInt(x0)
        let x0f = Float(x0i)
        let x1i = ceilInt(x1)
        let x1c = Float(x1i)
        if x1i <= x0i + 1 {
            // Within one cell: the uncovered share is the mean distance from the cell's left.
            let xmf = 0.5 * (xa + xb) - x0f
            acc[x0i] += d - d * xmf
            acc[x0i + 1] += d * xmf
            mark(x0i, x0i + 1)
            return
        }
        // Across cells: a triangle in the first cell, trapezoids, a triangle in the last.
        let s = 1 / (x1 - x0)
        let x0frac = x0 - x0f
        let a0 = 0.5 * s * (1 - x0frac) * (1 - x0frac)
        let x1frac = x1 - x1c + 1
        let am = 0.5 * s * x1frac * x1frac
        acc[x0i] += d * a0
        if x1i == x0i + 2 {
            acc[x0i + 1] += d * (1 - a0 - am)
        } else {
            let a1 = s * (1.5 - x0frac)
            acc[x0i + 1] += d * (a1 - a0)
            var xi = x0i + 2
            while xi < x1i - 1 {
                acc[xi] += d * s
                xi += 1
            }
            let a2 = a1 + Float(x1i - x0i - 3) * s
            acc[x1i - 1] += d * (1 - a2 - am)
        }
        acc[x1i] += d * am
        mark(x0i, x1i)
    }

    /// Turns one row of accumulated areas into coverage spans, clearing the cells it reads,
    /// and blits them on rows `y..<end` (rows that share row y's coverage, see `sameRows`).
    @inline(__always)
    private static func sweep<B: Blitter>(
        row y: Int, repeatedTo end: Int, acc: UnsafeMutablePointer<Float>,
        bits: UnsafeMutablePointer<UInt64>,
        width: Int, words: Int, originX: Int, rule: FillRule, antiAlias: Bool, blitter: inout B
    ) {
        var sum: Float = 0
        var runStart = 0
        var runCoverage: UInt8 = 0
        let summary = bits + words
        for s in 0..<(words + 63) >> 6 {
            var touchedWords = summary[s]
            summary[s] = 0
            while touchedWords != 0 {
                let w = (s << 6) + touchedWords.trailingZeroBitCount
                touchedWords &= touchedWords &- 1
                var word = bits[w]
                bits[w] = 0
                while word != 0 {
                    let x = (w << 6) + word.trailingZeroBitCount
                    word &= word &- 1
                    sum += acc[x]
                    acc[x] = 0
                    guard x < width else { continue }
                    var c = abs(sum)
                    if rule == .evenOdd {
                        c = c.truncatingRemainder(dividingBy: 2)
                        if c > 1 { c = 2 - c }
                    }
                    let q: UInt8
                    if antiAlias {
                        q = UInt8(min(c, 1) * 255 + 0.5)
                    } else {
                        q = c >= 0.5 ? 255 : 0
                    }
                    if q != runCoverage {
                        if runCoverage != 0 {
                            for r in y..<end {
                                blitter.blitH(
                                    x: originX + runStart, y: r, count: x - runStart,
                                    coverage: runCoverage)
                            }
                        }
                        runStart = x
                        runCoverage = q
                    }
                }
            }
        }
        if runCoverage != 0 && runStart < width {
            for r in y..<end {
                blitter.blitH(
                    x: originX + runStart, y: r, count: width - runStart, coverage: runCoverage)
            }
        }
    }
}
