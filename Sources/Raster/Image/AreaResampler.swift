/// Scales premultiplied pixels down by area averaging, row by row as a decoder hands them over,
/// so the picture at its decoded size is never held whole.
///
/// Each output pixel is the mean of the source area it covers (a box filter one output pixel
/// wide), source pixels partly inside counted by the share inside: the filter that shows no
/// aliasing when a photo shrinks by any factor. Columns are resampled first, into one row of
/// sums per output row; a source row that straddles two output rows is shared between them
/// by its overlap with each.
///
/// The region read from the source may be fractional and start anywhere; rows outside it are
/// passed over (``rows`` says which rows are wanted at all).
///
/// Technical notes: sums are `Float` per channel, a few rounding steps from exact for up to
/// 2²⁴ source pixels per output pixel; each channel is rounded to the nearest 8-bit value and
/// a color kept at most its alpha, so the output is valid premultiplied pixels.
final class AreaResampler {
    /// The output's size in pixels.
    let outputWidth: Int
    let outputHeight: Int
    /// The source rows that contribute anything.
    let rows: Range<Int>

    /// Per output column: the first source column and how many follow.
    private let first: UnsafeMutablePointer<Int32>
    private let count: UnsafeMutablePointer<Int32>
    /// Per output column, `maxTaps` weights summing to 1 (unused ones 0).
    private let weights: UnsafeMutablePointer<Float>
    private let maxTaps: Int
    /// The current output row's sums (4 channels per pixel) and the weight they add up to.
    private let sums: UnsafeMutablePointer<Float>
    private var sumWeight: Float = 0
    /// One source row resampled across.
    private let across: UnsafeMutablePointer<Float>
    private let top: Double
    private let rowSpan: Double
    /// The next output row to finish.
    private var next = 0

    /// Prepares to resample the part `region` (source pixels) of a source `sourceWidth` pixels
    /// wide into `outputWidth × outputHeight` pixels.
    init(sourceWidth: Int, region: Rect, outputWidth: Int, outputHeight: Int) {
        precondition(sourceWidth > 0 && outputWidth > 0 && outputHeight > 0, "empty resample")
        self.outputWidth = outputWidth
        self.outputHeight = outputHeight
        let left = max(0, region.minX)
        let columnSpan = max(region.width, 1e-6) / Double(outputWidth)
        top = max(0, region.minY)
        rowSpan = max(region.height, 1e-6) / Double(outputHeight)
        let firstRow = Int(top.rounded(.down))
        rows = firstRow..<max(firstRow + 1, Int((region.maxY).rounded(.up)))
        maxTaps = Int(columnSpan.rounded(.up)) + 2
        first = .allocate(capacity: outputWidth)
        count = .allocate(capacity: outputWidth)
        weights = .allocate(capacity: outputWidth * maxTaps)
        weights.initialize(repeating: 0, count: outputWidth * maxTaps)
        for x in 0..<outputWidth {
            let a = left + Double(x) * columnSpan
            let b = a + columnSpan
            let lo = min(max(Int(a.rounded(.down)), 0), sourceWidth - 1)
            let hi = min(max(Int(b.rounded(.up)), lo + 1), sourceWidth)
            let n = min(hi - lo, maxTaps)
            var total: Double = 0
            var shares = [Double](repeating: 0, count: n)
            for k in 0..<n {
                let s = Double(lo + k)
                shares[k] = max(0, min(s + 1, b) - max(s, a))
                total += shares[k]
            }
            if total <= 0 {
                shares[0] = 1
                total = 1
            }
            first[x] = Int32(lo)
            count[x] = Int32(n)
            for k in 0..<n { weights[x * maxTaps + k] = Float(shares[k] / total) }
        }
        sums = .allocate(capacity: outputWidth * 4)
        sums.initialize(repeating: 0, count: outputWidth * 4)
        across = .allocate(capacity: outputWidth * 4)
        across.initialize(repeating: 0, count: outputWidth * 4)
    }

    deinit {
        first.deallocate()
        count.deallocate()
        weights.deallocate()
        sums.deallocate()
        across.deallocate()
    }

    /// Whether every output row is written.
    var isFinished: Bool { next >= outputHeight }

    /// Takes source row `y` (premultiplied, at least as wide as the source); writes each output
    /// row it completes to `output(row)`.
    func add(
        row source: UnsafePointer<UInt32>, at y: Int,
        output: (Int) -> UnsafeMutablePointer<UInt32>
    ) {
        guard rows.contains(y), next < outputHeight else { return }
        resampleAcross(source)
        let rowTop = Double(y)
        while next < outputHeight {
            let a = top + Double(next) * rowSpan
            let b = a + rowSpan
            let share = Float(max(0, min(rowTop + 1, b) - max(rowTop, a)))
            if share > 0 {
                for i in 0..<(outputWidth * 4) { sums[i] += share * across[i] }
                sumWeight += share
            }
            // This source row reaches the end of output row `next` only if b ≤ y + 1.
            guard b <= rowTop + 1 else { return }
            emit(into: output(next))
            next += 1
        }
    }

    /// Writes the output rows the source ended before completing (its last rows fell short
    /// of the region by rounding): the last one from what it has, the rest copies of it.
    func finish(output: (Int) -> UnsafeMutablePointer<UInt32>) {
        guard next < outputHeight else { return }
        if sumWeight == 0 {
            // Nothing arrived for this row: repeat the row above (or black at the very top).
            let above = next > 0 ? UnsafePointer(output(next - 1)) : nil
            for y in next..<outputHeight {
                let out = output(y)
                if let above {
                    out.update(from: above, count: outputWidth)
                } else {
                    out.update(repeating: 0, count: outputWidth)
                }
            }
            next = outputHeight
            return
        }
        emit(into: output(next))
        next += 1
        finish(output: output)
    }

    /// One source row resampled to the output's width, into `across`.
    private func resampleAcross(_ source: UnsafePointer<UInt32>) {
        let bytes = UnsafeRawPointer(source).assumingMemoryBound(to: UInt8.self)
        for x in 0..<outputWidth {
            var b: Float = 0
            var g: Float = 0
            var r: Float = 0
            var a: Float = 0
            let w = weights + x * maxTaps
            var p = bytes + Int(first[x]) * 4
            for k in 0..<Int(count[x]) {
                let share = w[k]
                b += share * Float(p[0])
                g += share * Float(p[1])
                r += share * Float(p[2])
                a += share * Float(p[3])
                p += 4
            }
            let o = across + x * 4
            o[0] = b
            o[1] = g
            o[2] = r
            o[3] = a
        }
    }

    /// Writes the sums of the current output row as pixels, and starts the next row's sums.
    private func emit(into out: UnsafeMutablePointer<UInt32>) {
        let scale = sumWeight > 0 ? 1 / sumWeight : 0
        for x in 0..<outputWidth {
            let s = sums + x * 4
            let a = min(max(s[3] * scale + 0.5, 0), 255).rounded(.down)
            func channel(_ v: Float) -> UInt32 { UInt32(min(max(v * scale + 0.5, 0), a)) }
            out[x] = UInt32(a) << 24 | channel(s[2]) << 16 | channel(s[1]) << 8 | channel(s[0])
        }
        sums.update(repeating: 0, count: outputWidth * 4)
        sumWeight = 0
    }
}
