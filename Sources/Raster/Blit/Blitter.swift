import CPixelFill

/// The one door to pixel memory: coverage spans in, pixels out.
///
/// Scan converters (``FillPath``), glyph masks and clip masks describe *where* and *how much*
/// (coverage 0…255 per pixel along a row); a blitter decides *what* that does to pixels
/// (``PaintBlitter``), to another mask (``MaskBlitter``), or passes it through a clip
/// (``ClippedBlitter``). Callers clip spans to the blitter's rows and columns before calling.
protocol Blitter {
    /// `count` pixels from (x, y) rightward, all with the same coverage (1…255).
    mutating func blitH(x: Int, y: Int, count: Int, coverage: UInt8)
    /// `count` pixels from (x, y) rightward, coverage per pixel (0…255).
    mutating func blitAntiH(x: Int, y: Int, coverage: UnsafePointer<UInt8>, count: Int)
    /// The spans of a swept row (`pixel_sweep_row`) on each of `rows`, their columns counted
    /// from `x`; a mask's bytes start at `coverage + span.coverage`.
    mutating func blitSpans(
        _ spans: UnsafePointer<pixel_span>, count: Int, coverage: UnsafePointer<UInt8>, x: Int,
        rows: Range<Int>)
    /// A stored shape's coverage (``ShapeCache``), its columns counted from `x`.
    mutating func replay(_ coverage: ShapeCache.Coverage, x: Int)
    /// A copy that draws the same on other rows from another thread, with its buffers in
    /// `scratch` (whose row buffers hold the widest span): a part of a fill that
    /// ``ScanWorkers`` runs alongside the others.
    func copy(using scratch: ScanScratch) -> Self
}

extension Blitter {
    mutating func replay(_ coverage: ShapeCache.Coverage, x: Int) {
        coverage.replay(x: x, through: &self)
    }

    mutating func blitSpans(
        _ spans: UnsafePointer<pixel_span>, count: Int, coverage: UnsafePointer<UInt8>, x: Int,
        rows: Range<Int>
    ) {
        for y in rows { blitEachSpan(spans, count: count, coverage: coverage, x: x, y: y) }
    }

    /// Each span through `blitH` (runs) or `blitAntiH` (masks).
    mutating func blitEachSpan(
        _ spans: UnsafePointer<pixel_span>, count: Int, coverage: UnsafePointer<UInt8>, x: Int,
        y: Int
    ) {
        for k in 0..<count {
            let span = spans[k]
            let sx = Int(span.x)
            if span.kind == UInt32(PIXEL_SPAN_MASK) {
                blitAntiH(
                    x: x + sx, y: y, coverage: coverage + Int(span.coverage),
                    count: Int(span.count))
            } else {
                blitH(x: x + sx, y: y, count: Int(span.count), coverage: UInt8(span.coverage))
            }
        }
    }
}

/// A blitter that multiplies coverage by a ``ClipMask`` before handing it on.
struct ClippedBlitter<Inner: Blitter>: Blitter {
    var inner: Inner
    let mask: ClipMask
    /// Scratch row for the combined coverage; at least as wide as the widest span.
    let scratch: UnsafeMutablePointer<UInt8>

    func copy(using scratch: ScanScratch) -> Self {
        ClippedBlitter(inner: inner.copy(using: scratch), mask: mask, scratch: scratch.coverage)
    }

    mutating func blitH(x: Int, y: Int, count: Int, coverage: UInt8) {
        let m = mask.row(y, from: x)
        let c = UInt32(coverage)
        for i in 0..<count {
            scratch[i] = c == 255 ? m[i] : UInt8(PixelMath.mul8(UInt32(m[i]), c))
        }
        // Runs of equal combined coverage (a fully open mask keeps the span whole) go on as
        // spans; fully masked runs are dropped.
        var start = 0
        while start < count {
            let v = scratch[start]
            var end = start + 1
            while end < count && scratch[end] == v { end += 1 }
            if v != 0 { inner.blitH(x: x + start, y: y, count: end - start, coverage: v) }
            start = end
        }
    }

    mutating func blitAntiH(x: Int, y: Int, coverage: UnsafePointer<UInt8>, count: Int) {
        let m = mask.row(y, from: x)
        for i in 0..<count { scratch[i] = UInt8(PixelMath.mul8(UInt32(m[i]), UInt32(coverage[i]))) }
        inner.blitAntiH(x: x, y: y, coverage: scratch, count: count)
    }
}

/// A blitter that writes coverage into an 8-bit mask (building a clip from a path).
struct MaskBlitter: Blitter {
    let mask: ClipMask

    /// Itself: it keeps no buffers, and other rows are other bytes of the mask.
    func copy(using scratch: ScanScratch) -> Self { self }

    mutating func blitH(x: Int, y: Int, count: Int, coverage: UInt8) {
        mask.mutableRow(y, from: x).update(repeating: coverage, count: count)
    }

    mutating func blitAntiH(x: Int, y: Int, coverage: UnsafePointer<UInt8>, count: Int) {
        mask.mutableRow(y, from: x).update(from: coverage, count: count)
    }
}
