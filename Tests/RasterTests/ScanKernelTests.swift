import CPixelFill
import Testing

@testable import Raster

/// The scan converter's C kernels: the sweep (`pixel_sweep_row`) against a running sum taken
/// cell by cell, the span blend (`pixel_blend_spans`) against PixelMath pixel by pixel, on
/// every CPU path, and the deposit (`pixel_accumulate`) at the clip's left edge.
///
/// Serialized: the blend cases switch the kernels' path for the whole process while they run.
@Suite("Scan kernels", .serialized)
struct ScanKernelTests {
    /// One row of cells with its touched bits, laid out as `FillPath` lays out a band's row.
    private struct Row {
        let width: Int
        let cols: Int
        let words: Int
        var acc: [Float]
        var bits: [UInt64]

        init(width: Int) {
            self.width = width
            cols = (width + 2 + 7) & ~7
            words = (cols + 63) >> 6
            acc = Array(repeating: 0, count: cols)
            bits = Array(repeating: 0, count: words + (words + 63) >> 6)
        }

        /// Adds `value` to cell `x` and marks it touched (and its word in the summary).
        mutating func add(_ value: Float, at x: Int) {
            acc[x] += value
            bits[x >> 6] |= 1 << UInt64(x & 63)
            bits[words + (x >> 12)] |= 1 << UInt64((x >> 6) & 63)
        }

        /// Each column's coverage from a running sum taken one cell at a time, as the sweep
        /// defines it.
        func expectedCoverage(evenOdd: Bool, antiAlias: Bool) -> [UInt8] {
            var sum: Float = 0
            return (0..<width).map { x in
                sum += acc[x]
                var c = abs(sum)
                if evenOdd {
                    c = c.truncatingRemainder(dividingBy: 2)
                    if c > 1 { c = 2 - c }
                }
                if !antiAlias { return c >= 0.5 ? 255 : 0 }
                return UInt8(min(c, 1) * 255 + 0.5)
            }
        }
    }

    /// The spans of a swept row, checked for order and bounds, as one coverage per column.
    private func coverage(
        of spans: [pixel_span], masks: [UInt8], width: Int
    ) -> (coverage: [UInt8], problems: [String]) {
        var out = [UInt8](repeating: 0, count: width)
        var problems: [String] = []
        var end: Int32 = 0
        for span in spans {
            if span.x < end || span.count < 1 || span.x + span.count > Int32(width) {
                problems.append("span \(span.x) + \(span.count) after \(end), width \(width)")
                continue
            }
            end = span.x + span.count
            for x in Int(span.x)..<Int(end) {
                if span.kind == UInt32(PIXEL_SPAN_MASK) {
                    // The sweep's masks index the row's bytes by column.
                    if span.coverage != span.x {
                        problems.append("a mask at \(span.x) indexes \(span.coverage)")
                    }
                    out[x] = masks[Int(span.coverage) + x - Int(span.x)]
                } else {
                    if span.coverage == 0 { problems.append("a run of coverage 0 at \(span.x)") }
                    out[x] = UInt8(span.coverage)
                }
            }
        }
        return (out, problems)
    }

    /// Sweeps `row` (clearing it) and returns its spans and mask bytes.
    private func sweep(
        _ row: inout Row, evenOdd: Bool, antiAlias: Bool
    ) -> (spans: [pixel_span], masks: [UInt8]) {
        var masks = [UInt8](repeating: 0, count: row.cols)
        var spans = [pixel_span](repeating: pixel_span(), count: row.width / 2 + 8)
        let words = row.words
        let width = row.width
        let n = row.acc.withUnsafeMutableBufferPointer { acc in
            row.bits.withUnsafeMutableBufferPointer { bits in
                pixel_sweep_row(
                    acc.baseAddress, bits.baseAddress, words, width, evenOdd ? 1 : 0,
                    antiAlias ? 1 : 0, &masks, &spans)
            }
        }
        return (Array(spans[0..<n]), masks)
    }

    /// A row with clusters of deposits in multiples of 1/64 (sums of them are exact in any
    /// order, so the vector prefix sum must match the cell-by-cell sum exactly).
    private func randomRow(
        width: Int, windings: ClosedRange<Int>, using rng: inout some RandomNumberGenerator
    ) -> Row {
        var row = Row(width: width)
        for _ in 0..<Int.random(in: 0...6, using: &rng) {
            let start = Int.random(in: 0...(width + 1), using: &rng)
            let length = Int.random(in: 1...12, using: &rng)
            for x in start..<min(start + length, width + 2) {
                row.add(Float(Int.random(in: -64...64, using: &rng)) / 64, at: x)
            }
            // Whole windings stepped in or out, so runs of 0, 1 and more occur between them.
            let step = Int.random(in: windings, using: &rng)
            row.add(Float(step), at: min(start + length, width + 1))
        }
        return row
    }

    @Test(
        "the sweep's spans give every column the coverage of the running sum, and clear the row",
        arguments: [(false, true), (true, true), (false, false)])
    func sweepMatchesRunningSum(evenOdd: Bool, antiAlias: Bool) {
        var rng = SystemRandomNumberGenerator()
        for trial in 0..<3000 {
            let width = [1, 7, 8, 9, 63, 64, 65, 200, 4100][trial % 9]
            var row = randomRow(width: width, windings: -2...2, using: &rng)
            let expected = row.expectedCoverage(evenOdd: evenOdd, antiAlias: antiAlias)
            let (spans, masks) = sweep(&row, evenOdd: evenOdd, antiAlias: antiAlias)
            let (got, problems) = coverage(of: spans, masks: masks, width: width)
            #expect(problems.isEmpty, "width \(width): \(problems)")
            #expect(got == expected, "width \(width)")
            #expect(row.acc.allSatisfy { $0 == 0 }, "cells left behind, width \(width)")
            #expect(row.bits.allSatisfy { $0 == 0 }, "bits left behind, width \(width)")
        }
    }

    @Test("a group of only 0 and 255 becomes runs; a group of one coverage extends its run")
    func hardGroupsAreRuns() {
        // An edge on a whole column (coverage 0 then 255), then a step to 0.5 at the start of
        // a group, held to the row's end: two runs, no masks.
        var row = Row(width: 40)
        row.add(1, at: 3)
        row.add(-0.5, at: 16)
        let (spans, _) = sweep(&row, evenOdd: false, antiAlias: true)
        #expect(spans.map(\.kind) == [UInt32(PIXEL_SPAN_RUN), UInt32(PIXEL_SPAN_RUN)])
        #expect(spans.map(\.x) == [3, 16])
        #expect(spans.map(\.count) == [13, 24])
        #expect(spans.map(\.coverage) == [255, 128])
    }

    @Test(
        "a comb of one-pixel stripes on whole columns is a run per stripe, all of them",
        arguments: [true, false])
    func combOfStripes(antiAlias: Bool) {
        // The most spans a row can have: coverage 255, 0, 255, 0, … across 4100 columns.
        var row = Row(width: 4100)
        for x in stride(from: 0, to: 4100, by: 2) {
            row.add(1, at: x)
            row.add(-1, at: x + 1)
        }
        let (spans, _) = sweep(&row, evenOdd: false, antiAlias: antiAlias)
        #expect(spans.count == 2050)
        #expect(spans.allSatisfy { $0.count == 1 && $0.coverage == 255 && $0.x % 2 == 0 })
    }

    @Test("a canvas fills a comb of 960 one-pixel stripes in one path, every stripe")
    func combOnCanvas() {
        var path = Path()
        for x in stride(from: 0, to: 1920, by: 2) {
            path.addRect(Rect(x: Double(x), y: 1, width: 1, height: 3))
        }
        let c = Canvas(width: 1920, height: 5)
        c.fill(path, with: Paint(color: .white))
        let wrong = (0..<1920).filter { x in
            (0..<5).contains { y in c[x, y].a != (x % 2 == 0 && (1...3).contains(y) ? 255 : 0) }
        }
        #expect(wrong.isEmpty, "columns \(wrong.prefix(10))")
    }

    @Test("adjacent groups of varying coverage are one mask span")
    func adjacentMasksMerge() {
        var row = Row(width: 64)
        for x in 8..<24 { row.add(1.0 / 32, at: x) }
        row.add(-0.5, at: 40)
        let (spans, masks) = sweep(&row, evenOdd: false, antiAlias: true)
        #expect(spans.map(\.kind) == [UInt32(PIXEL_SPAN_MASK), UInt32(PIXEL_SPAN_RUN)])
        #expect(spans.map(\.x) == [8, 24])
        #expect(spans.map(\.count) == [16, 16])
        #expect(spans.last?.coverage == 128)
        #expect(masks[8] == 8 && masks[23] == 128)
    }

    @Test(
        "blending a row's spans on 1 to 3 rows is PixelMath's scale then source-over per pixel, settling each row's debt",
        arguments: PixelKernelPathTests.paths)
    func blendSpans(level: Int32) {
        var rng = SystemRandomNumberGenerator()
        func premultiplied(alpha a: UInt32) -> UInt32 {
            func ch() -> UInt32 { UInt32.random(in: 0...a, using: &rng) }
            return a << 24 | ch() << 16 | ch() << 8 | ch()
        }
        for trial in 0..<2000 {
            let width = [1, 5, 8, 13, 64, 70, 300][trial % 7]
            let rows = 1 + trial % 3
            var row = randomRow(width: width, windings: -1...1, using: &rng)
            let (spans, masks) = sweep(&row, evenOdd: false, antiAlias: true)
            let (coverage, _) = coverage(of: spans, masks: masks, width: width)
            let s = premultiplied(alpha: trial % 3 == 0 ? UInt32.random(in: 0...255) : 255)
            let before = (0..<width * rows).map { _ in
                premultiplied(alpha: UInt32.random(in: 0...255))
            }
            // Half the trials owe a clear color from a mark somewhere in each row (its column
            // 2 is the storage column 0 of the debt: the drawing starts two pixels in).
            let owes = trial % 4 >= 2
            let owed = (0..<rows).map { _ in premultiplied(alpha: UInt32.random(in: 0...255)) }
            let marksBefore = (0..<rows).map { _ in Int32.random(in: 2...Int32(width + 2)) }
            var marks = marksBefore
            var after = before
            marks.withUnsafeMutableBufferPointer { markPointer in
                owed.withUnsafeBufferPointer { owedPointer in
                    var debts = pixel_debts(
                        settled: markPointer.baseAddress, owed: owedPointer.baseAddress,
                        column: 2)
                    spans.withUnsafeBufferPointer { sp in
                        after.withUnsafeMutableBufferPointer { px in
                            PixelKernelPathTests.on(level) {
                                if owes {
                                    pixel_blend_spans(
                                        px.baseAddress, width, rows, s, sp.baseAddress, sp.count,
                                        masks, &debts)
                                } else {
                                    pixel_blend_spans(
                                        px.baseAddress, width, rows, s, sp.baseAddress, sp.count,
                                        masks, nil)
                                }
                            }
                        }
                    }
                }
            }
            let stored = { (x: Int) in
                spans.contains {
                    $0.kind == UInt32(PIXEL_SPAN_RUN) && $0.coverage == 255 && s >> 24 == 255
                        && x >= Int($0.x) && x < Int($0.x + $0.count)
                }
            }
            let lastEnd = spans.last.map { Int($0.x + $0.count) } ?? 0
            let expected = (0..<width * rows).map { i -> UInt32 in
                let (y, x) = i.quotientAndRemainder(dividingBy: width)
                var d = before[i]
                if owes && x >= Int(marksBefore[y]) - 2 && x < lastEnd && !stored(x) {
                    d = owed[y]
                }
                return coverage[x] == 0
                    ? d : PixelMath.sourceOver(PixelMath.scale(s, UInt32(coverage[x])), d)
            }
            #expect(after == expected, "width \(width), rows \(rows), source \(s), owes \(owes)")
            if owes {
                let moved = marksBefore.map { Int32(max(Int($0) - 2, lastEnd) + 2) }
                #expect(marks == moved, "the marks after the spans")
            } else {
                #expect(marks == marksBefore)
            }
        }
    }

    @Test("a recorded shape's plan from its bands of spans is the plan of its mask, step for step")
    func spanPlanIsMaskPlan() {
        var rng = SystemRandomNumberGenerator()
        for trial in 0..<300 {
            let width = [8, 9, 13, 64, 70, 300][trial % 6]
            // Bands of one to three rows, each a random swept row, its masks packed as the
            // shape cache packs them; some rows empty.
            var bands: [pixel_span_band] = []
            var spans: [pixel_span] = []
            var bytes: [UInt8] = []
            var mask: [UInt8] = []
            var y: Int32 = 0
            for band in 0..<Int.random(in: 2...12, using: &rng) {
                var row = randomRow(width: width, windings: -1...1, using: &rng)
                if band == 1 {
                    // A run of half coverage between whole groups: a run span below 255.
                    row = Row(width: width)
                    row.add(0.5, at: Int.random(in: 0..<width / 2, using: &rng))
                    row.add(-0.5, at: Int.random(in: width / 2...width, using: &rng))
                }
                let (rowSpans, masks) = sweep(&row, evenOdd: false, antiAlias: trial % 5 != 0)
                let (coverage, _) = coverage(of: rowSpans, masks: masks, width: width)
                let count = Int32.random(in: 1...3, using: &rng)
                bands.append(
                    pixel_span_band(
                        y: y, count: count, first_span: Int32(spans.count),
                        span_count: Int32(rowSpans.count)))
                for var span in rowSpans {
                    if span.kind == UInt32(PIXEL_SPAN_MASK) {
                        let from = Int(span.coverage)
                        span.coverage = UInt32(bytes.count)
                        bytes += masks[from..<from + Int(span.count)]
                    }
                    spans.append(span)
                }
                for _ in 0..<count { mask += coverage }
                y += count
            }
            bytes.append(0)
            let height = Int(y)
            let expected = mask.withUnsafeBufferPointer { m in
                var steps = [pixel_mask_step](
                    repeating: pixel_mask_step(),
                    count: pixel_mask_plan(m.baseAddress, width, height, nil))
                _ = pixel_mask_plan(m.baseAddress, width, height, &steps)
                return steps
            }
            var row = [UInt8](repeating: 0, count: width)
            let count = pixel_span_plan(
                bands, bands.count, spans, bytes, 0, 0, width, &row, nil)
            var steps = [pixel_mask_step](repeating: pixel_mask_step(), count: count)
            let written = pixel_span_plan(
                bands, bands.count, spans, bytes, 0, 0, width, &row, &steps)
            // The same steps; within one kind a band's rows may come in another order.
            func key(_ s: pixel_mask_step) -> [UInt64] {
                [UInt64(s.kind), UInt64(s.count), UInt64(s.y), UInt64(s.x), s.coverage]
            }
            #expect(written == count)
            #expect(
                steps.map(key).sorted { $0.lexicographicallyPrecedes($1) }
                    == expected.map(key).sorted { $0.lexicographicallyPrecedes($1) },
                "width \(width), \(bands.count) bands")
            #expect(
                steps.map { $0.kind == 0 ? 0 : $0.count }
                    == expected.map { $0.kind == 0 ? 0 : $0.count },
                "kinds in the plan's order: full runs, then windows of four, then of eight")
            #expect(row.allSatisfy { $0 == 0 }, "the scratch row is left empty")
        }
    }

    @Test("a slanted edge ending on the clip's left edge deposits inside its row")
    func edgeEndingOnLeftEdge() {
        // Triangles with a vertex exactly on column 0, their slanted sides ending there: the
        // interpolated x can round a hair below 0. Drawn again 8 pixels to the right, every
        // pixel must match within rounding (a deposit left of cell 0 would land in another
        // row's cells and bits, and lose or add whole rows of coverage).
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let tip = Point(x: 0, y: Double.random(in: 20...40, using: &rng))
            let a = Point(
                x: Double.random(in: 5...30, using: &rng), y: Double.random(in: 0...19, using: &rng)
            )
            let b = Point(
                x: Double.random(in: 5...30, using: &rng),
                y: Double.random(in: 41...60, using: &rng))
            var path = Path()
            path.move(to: tip)
            path.addLine(to: a)
            path.addLine(to: b)
            path.closeSubpath()
            let atEdge = Canvas(width: 48, height: 64)
            atEdge.fill(path, with: Paint(color: .white))
            let shifted = Canvas(width: 56, height: 64)
            shifted.concatenate(Transform(translationX: 8, y: 0))
            shifted.fill(path, with: Paint(color: .white))
            var worst = 0
            for y in 0..<64 {
                for x in 0..<48 {
                    worst = max(worst, abs(Int(atEdge[x, y].a) - Int(shifted[x + 8, y].a)))
                }
            }
            #expect(worst <= 1, "tip \(tip), a \(a), b \(b): off by \(worst)")
        }
    }
}
