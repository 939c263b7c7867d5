/// The blitter that writes paint into canvas pixels.
///
/// Solid colors take a fast path: an opaque span at full coverage is a plain store (what
/// `memset` would do for 32-bit values); everything else blends per pixel with ``PixelMath``.
/// Gradients and images first shade a span into `spanBuffer`, then blend it.
struct PaintBlitter: Blitter {
    /// Pixel (0, 0) of the canvas.
    let base: UnsafeMutablePointer<UInt32>
    /// Pixels between rows.
    let stride: Int
    let source: PaintSource
    let blendMode: BlendMode
    /// Scratch for shaded spans; at least as wide as the canvas.
    let spanBuffer: UnsafeMutablePointer<UInt32>

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

    mutating func blitH(x: Int, y: Int, count: Int, coverage: UInt8) {
        let dst = base + y * stride + x
        let c = UInt32(coverage)
        switch source {
        case .solid(let s):
            if c == 255 && (s >> 24 == 255 || blendMode == .source) && blendMode != .destinationOut
            {
                PixelMath.fill(dst, s, count: count)
                return
            }
            if blendMode == .sourceOver {
                // Hoisted: one scale for the whole run.
                let sc = c == 255 ? s : PixelMath.scale(s, c)
                let inv = 255 &- (sc >> 24)
                for i in 0..<count { dst[i] = sc &+ PixelMath.scale(dst[i], inv) }
                return
            }
            for i in 0..<count { blend(s, into: dst + i, coverage: c) }
        case .shader(let shader):
            shader.shade(x: x, y: y, count: count, into: spanBuffer)
            for i in 0..<count { blend(spanBuffer[i], into: dst + i, coverage: c) }
        }
    }

    /// Solid `s` over the pixels of `range`, each at its own coverage.
    @inline(__always)
    private static func sourceOver(
        _ s: UInt32, opaque: Bool, coverage: UnsafePointer<UInt8>,
        dst: UnsafeMutablePointer<UInt32>, _ range: Range<Int>
    ) {
        for i in range {
            let c = UInt32(coverage[i])
            if c == 0 { continue }
            if c == 255 && opaque {
                dst[i] = s
            } else {
                dst[i] = PixelMath.sourceOver(c == 255 ? s : PixelMath.scale(s, c), dst[i])
            }
        }
    }

    mutating func blitAntiH(x: Int, y: Int, coverage: UnsafePointer<UInt8>, count: Int) {
        let dst = base + y * stride + x
        switch source {
        case .solid(let s) where blendMode == .sourceOver:
            // Glyph masks: mostly 0 (skipped) or 255 (a store when opaque), so eight mask
            // bytes are tested at once and only mixed groups blend pixel by pixel.
            let opaque = s >> 24 == 255
            var i = 0
            while i + 8 <= count {
                let group = UnsafeRawPointer(coverage + i).loadUnaligned(as: UInt64.self)
                if group == ~0 && opaque {
                    for k in i..<i + 8 { dst[k] = s }
                } else if group != 0 {
                    Self.sourceOver(s, opaque: opaque, coverage: coverage, dst: dst, i..<i + 8)
                }
                i += 8
            }
            Self.sourceOver(s, opaque: opaque, coverage: coverage, dst: dst, i..<count)
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
}
