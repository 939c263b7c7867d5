/// Samples a ``Bitmap`` placed by an ``ImagePattern``, nearest or bilinear, edges clamped.
///
/// Drawn below half size, bilinear sampling reads a smaller level of detail of the bitmap
/// (``Bitmap/halved``, a box-filtered mipmap level, made once per bitmap), so a fine pattern
/// averages to its mean instead of aliasing.
///
/// Canvas pixel centers map to bitmap coordinates through one affine map (the inverse of the
/// canvas transform followed by the rect-to-bitmap scale), evaluated at each pixel's own
/// center, so a pixel's color depends on its position only, never on the span it is shaded in. Bilinear weights are 8-bit fixed point.
final class ImageShader: SpanShader {
    private let bitmap: Bitmap
    private let map: Transform
    private let filter: ImageFilter
    private let colorTransform: FixedColorTransform?
    private let opacity: UInt32

    init(
        pattern: ImagePattern, transform: Transform, colorTransform: ColorTransform, opacity: Float
    ) {
        filter = pattern.filter
        let r = pattern.rect
        let toRect = (transform.inverted ?? .identity).concatenating(
            Transform(translationX: -r.minX, y: -r.minY))
        func placed(_ bitmap: Bitmap) -> Transform {
            toRect.concatenating(
                Transform(
                    scaleX: Double(bitmap.width) / max(r.width, 1e-9),
                    y: Double(bitmap.height) / max(r.height, 1e-9)))
        }
        // Bilinear filtering reads four pixels, so below half size it would skip pixels and
        // alias: sample the level of detail at which a canvas pixel spans one to two bitmap
        // pixels along its shorter step, so a picture squeezed in one direction only keeps its
        // detail in the other.
        var level = pattern.bitmap
        var toLevel = placed(level)
        while filter == .bilinear, level.width > 1 || level.height > 1,
            min(
                (toLevel.a * toLevel.a + toLevel.b * toLevel.b).squareRoot(),
                (toLevel.c * toLevel.c + toLevel.d * toLevel.d).squareRoot()) >= 2
        {
            level = level.halved
            toLevel = placed(level)
        }
        bitmap = level
        map = toLevel
        self.colorTransform = colorTransform.isIdentity ? nil : colorTransform.fixed
        self.opacity = UInt32((opacity * 255).rounded())
    }

    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let w = bitmap.width
        let h = bitmap.height
        guard w > 0, h > 0 else {
            out.update(repeating: 0, count: count)
            return
        }
        // Each pixel's sample point from its own column, the row's part computed once (not
        // stepped from the span's first pixel), so its color does not depend on where the row
        // was cut into spans.
        let py = Double(y) + 0.5
        let rowX = map.c * py + map.tx
        let rowY = map.d * py + map.ty
        let base = bitmap.storage.base
        let stride = bitmap.storage.stride
        for i in 0..<count {
            let px = Double(x + i) + 0.5
            let p = Point(x: map.a * px + rowX, y: map.b * px + rowY)
            var v: UInt32
            switch filter {
            case .nearest:
                let sx = min(max(Int(p.x.rounded(.down)), 0), w - 1)
                let sy = min(max(Int(p.y.rounded(.down)), 0), h - 1)
                v = base[sy * stride + sx]
            case .bilinear:
                // Sample positions are pixel centers: shift by half a pixel, then split into a
                // whole part (top-left neighbour) and an 8-bit fraction.
                let fx = p.x - 0.5
                let fy = p.y - 0.5
                let x0 = Int(fx.rounded(.down))
                let y0 = Int(fy.rounded(.down))
                let tx = UInt32(((fx - Double(x0)) * 255).rounded())
                let ty = UInt32(((fy - Double(y0)) * 255).rounded())
                let xa = min(max(x0, 0), w - 1)
                let xb = min(max(x0 + 1, 0), w - 1)
                let ya = min(max(y0, 0), h - 1) * stride
                let yb = min(max(y0 + 1, 0), h - 1) * stride
                let top = PixelMath.lerp(base[ya + xa], base[ya + xb], tx)
                let bottom = PixelMath.lerp(base[yb + xa], base[yb + xb], tx)
                v = PixelMath.lerp(top, bottom, ty)
            }
            if let ct = colorTransform { v = ct.apply(v) }
            out[i] = opacity == 255 ? v : PixelMath.scale(v, opacity)
        }
    }
}
