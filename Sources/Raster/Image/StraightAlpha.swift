/// Conversions between straight (PNG) and premultiplied (canvas) alpha, in place on packed
/// `0xAARRGGBB` pixels.
///
/// Premultiplying rounds, `c' = round(c × a / 255)`; un-premultiplying rounds,
/// `c = round(c' × 255 / a)`, clamped to 255. The pair round-trips exactly: for any valid
/// premultiplied pixel (each channel ≤ alpha), `premultiply(unpremultiply(p)) == p`, because
/// the un-premultiplied channel is within ½ of `c' × 255 / a`, which multiplies back to within
/// `a / 510 < ½` of `c'` (equality only at a = 255, where both maps are the identity).
enum StraightAlpha {
    /// Premultiplies `count` straight-alpha pixels in place.
    ///
    /// Opaque pixels are left alone and transparent ones become 0 (transparent black); the rest
    /// go through ``PixelMath/scale(_:_:)`` with alpha forced to 255 first, which yields
    /// `round(c × a / 255)` for each color channel and `a` for alpha.
    static func premultiply(_ pixels: UnsafeMutablePointer<UInt32>, count: Int) {
        for i in 0..<count {
            let v = pixels[i]
            let a = v >> 24
            if a == 255 { continue }
            pixels[i] = a == 0 ? 0 : PixelMath.scale(v | 0xFF00_0000, a)
        }
    }

    /// The straight-alpha channels (r, g, b, a) of one premultiplied pixel.
    ///
    /// Transparent pixels come out as (0, 0, 0, 0): their color is gone.
    @inline(__always)
    static func unpremultiply(_ v: UInt32) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let a = v >> 24
        let r = (v >> 16) & 0xFF
        let g = (v >> 8) & 0xFF
        let b = v & 0xFF
        switch a {
        case 255:
            return (UInt8(r), UInt8(g), UInt8(b), 255)
        case 0:
            return (0, 0, 0, 0)
        default:
            // round(c × 255 / a) = (c × 255 + a / 2) / a; clamped for pixels that break the
            // premultiplied invariant (a channel above alpha).
            let half = a / 2
            return (
                UInt8(min((r * 255 + half) / a, 255)),
                UInt8(min((g * 255 + half) / a, 255)),
                UInt8(min((b * 255 + half) / a, 255)),
                UInt8(a)
            )
        }
    }
}
