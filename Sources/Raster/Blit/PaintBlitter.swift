import CPixelFill

/// The blitter that writes paint into canvas pixels.
///
/// Solid colors take a fast path: an opaque span at full coverage is a plain store (what
/// `memset` would do for 32-bit values); everything else blends per pixel with ``PixelMath``.
/// Gradients and images first shade a span into `spanBuffer`, then blend it. Rows that a
/// deferred clear still owes (``DeferredClear``) are settled up to each span first, and not
/// under an opaque span, which overwrites them anyway.
struct PaintBlitter: Blitter {
    /// Pixel (0, 0) of the canvas.
    let base: UnsafeMutablePointer<UInt32>
    /// Pixels between rows.
    let stride: Int
    /// What a deferred clear still owes in the rows drawn on; nil when nothing is owed.
    let deferredClear: DeferredClear?
    let source: PaintSource
    let blendMode: BlendMode
    /// Scratch for shaded spans; at least as wide as the canvas.
    let spanBuffer: UnsafeMutablePointer<UInt32>

    /// The same paint on the same pixels, shading spans into `scratch`'s row: the per-row
    /// marks of the deferred clear are other rows' for another part, and shaders only read.
    func copy(using scratch: ScanScratch) -> Self {
        PaintBlitter(
            base: base, stride: stride, deferredClear: deferredClear, source: source,
            blendMode: blendMode, spanBuffer: scratch.span)
    }

    @inline(__always)
    private func blend(_ s: UInt32, into d: UnsafeMutablePointer<UInt32>, coverage c: UInt32) {
        switch blendMode {
        case .sourceOver:
            let sc = c == 255 ? s : PixelMath.scale(s, c)
            d.pointee = PixelMath.sourceOver(sc, d.pointee)
        case .source:
            d.pointee = c == 255 ? s : PixelMath.lerp(d.pointee, s, c)
        case .destinationOut:
            let a = PixelMath.mul8(s >> 24, c)
            d.pointee = PixelMath.scale(d.pointee, 255 &- a)
        }
    }

    /// One pixel of a solid color blended source-over (an anti-aliased edge pixel under a clip
    /// mask, which cuts runs where the mask changes) is blended right here, inlined into the
    /// caller; anything longer or other goes to `blitSpan`.
    @inline(__always)
    mutating func blitH(x: Int, y: Int, count: Int, coverage: UInt8) {
        guard count == 1, case .solid(let s) = source, blendMode == .sourceOver else {
            return blitSpan(x: x, y: y, count: count, coverage: coverage)
        }
        deferredClear?.settle(row: y, to: x + 1)
        let c = UInt32(coverage)
        let dst = base + y * stride + x
        dst.pointee = PixelMath.sourceOver(c == 255 ? s : PixelMath.scale(s, c), dst.pointee)
    }

    private mutating func blitSpan(x: Int, y: Int, count: Int, coverage: UInt8) {
        let dst = base + y * stride + x
        let c = UInt32(coverage)
        switch source {
        case .solid(let s):
            if c == 255 && (s >> 24 == 255 || blendMode == .source) && blendMode != .destinationOut
            {
                deferredClear?.settle(row: y, storing: x, to: x + count)
                PixelMath.fill(dst, s, count: count)
                return
            }
            deferredClear?.settle(row: y, to: x + count)
            if blendMode == .sourceOver {
                // Hoisted: one scale for the whole run.
                let sc = c == 255 ? s : PixelMath.scale(s, c)
                let inv = 255 &- (sc >> 24)
                for i in 0..<count { dst[i] = sc &+ PixelMath.scale(dst[i], inv) }
                return
            }
            for i in 0..<count { blend(s, into: dst + i, coverage: c) }
        case .shader(let shader):
            deferredClear?.settle(row: y, to: x + count)
            shader.shade(x: x, y: y, count: count, into: spanBuffer)
            for i in 0..<count { blend(spanBuffer[i], into: dst + i, coverage: c) }
        }
    }

    mutating func blitAntiH(x: Int, y: Int, coverage: UnsafePointer<UInt8>, count: Int) {
        deferredClear?.settle(row: y, to: x + count)
        let dst = base + y * stride + x
        switch source {
        case .solid(let s) where blendMode == .sourceOver:
            // Glyph masks and anti-aliased edges: eight pixels a step in C, where a step of
            // coverage 0 is skipped, of 255 is a store when opaque, and anything else blends
            // in vector lanes with PixelMath's arithmetic.
            pixel_blend_mask(dst, s, coverage, count)
        case .solid(let s):
            for i in 0..<count where coverage[i] != 0 {
                blend(s, into: dst + i, coverage: UInt32(coverage[i]))
            }
        case .shader(let shader):
            shader.shade(x: x, y: y, count: count, into: spanBuffer)
            for i in 0..<count where coverage[i] != 0 {
                blend(spanBuffer[i], into: dst + i, coverage: UInt32(coverage[i]))
            }
        }
    }

    /// A swept row's spans on each of `rows`: a solid color blended source-over goes out in
    /// one C call for all of them (`pixel_blend_spans`, which also settles the deferred clear
    /// span by span); any other paint span by span.
    mutating func blitSpans(
        _ spans: UnsafePointer<pixel_span>, count: Int, coverage: UnsafePointer<UInt8>, x: Int,
        rows: Range<Int>
    ) {
        guard case .solid(let s) = source, blendMode == .sourceOver else {
            for y in rows { blitEachSpan(spans, count: count, coverage: coverage, x: x, y: y) }
            return
        }
        let dst = base + rows.lowerBound * stride + x
        if var debts = deferredClear?.debts(fromRow: rows.lowerBound, x: x) {
            pixel_blend_spans(dst, stride, rows.count, s, spans, count, coverage, &debts)
        } else {
            pixel_blend_spans(dst, stride, rows.count, s, spans, count, coverage, nil)
        }
    }

    /// A stored shape: in one C call for a solid color blended source-over.
    ///
    /// As its plan when no row it lies on still owes pixels under it (the plan blends its box
    /// in no row order, and settling first would write the owed color where the shape then
    /// stores its own), else band by band, settling as it goes. Any other paint band by band
    /// through ``blitSpans(_:count:coverage:x:rows:)``.
    mutating func replay(_ coverage: ShapeCache.Coverage, x: Int) {
        guard case .solid(let s) = source, blendMode == .sourceOver else {
            return coverage.replay(x: x, through: &self)
        }
        if let plan = coverage.plan,
            deferredClear?.isSettled(rows: plan.rows, to: x + plan.x + plan.width) ?? true
        {
            pixel_blend_mask_plan(
                base + plan.rows.lowerBound * stride + x + plan.x, stride, s,
                plan.steps.baseAddress, plan.steps.count)
            return
        }
        let bands = coverage.bands
        if var debts = deferredClear?.debts(fromRow: 0, x: x) {
            pixel_blend_span_bands(
                base + x, stride, s, bands.baseAddress, bands.count, coverage.spans.baseAddress,
                coverage.bytes.baseAddress, &debts)
        } else {
            pixel_blend_span_bands(
                base + x, stride, s, bands.baseAddress, bands.count, coverage.spans.baseAddress,
                coverage.bytes.baseAddress, nil)
        }
    }

    /// Blends a whole coverage mask prepared by `pixel_mask_plan` (a glyph's plan).
    ///
    /// The mask is `width` × `height` pixels with its top-left pixel at (x, y), all inside the
    /// canvas and unclipped; the pixels are those `blitAntiH` would give row by row. Only a
    /// solid color blended source-over goes this way; for any other paint it draws nothing and
    /// returns false, and the caller blends row by row.
    func blitPlan(
        _ plan: UnsafeBufferPointer<pixel_mask_step>, x: Int, y: Int, width: Int, height: Int
    ) -> Bool {
        guard case .solid(let s) = source, blendMode == .sourceOver else { return false }
        deferredClear?.settle(rows: y..<y + height, to: x + width)
        pixel_blend_mask_plan(base + y * stride + x, stride, s, plan.baseAddress, plan.count)
        return true
    }
}
