import CPixelFill

/// Fixed-point arithmetic on packed premultiplied pixels (`0xAARRGGBB`).
///
/// Two channels are processed per 32-bit multiply ("SWAR"): `0x00AA00BB × k` keeps each 16-bit
/// lane apart because 255 × 255 + 0x80 + (that >> 8) < 65536. Division by 255 is the exact
/// rounding form `(t + 128 + ((t + 128) >> 8)) >> 8` (Blinn, "Three wrongs make a right").
enum PixelMath {
    /// `p × k / 255` per channel, rounded; k in 0…255.
    @inline(__always)
    static func scale(_ p: UInt32, _ k: UInt32) -> UInt32 {
        var rb = (p & 0x00FF_00FF) &* k &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var ag = ((p >> 8) & 0x00FF_00FF) &* k &+ 0x0080_0080
        ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return rb | ag
    }

    /// Source over destination: `s + d × (255 − sa) / 255`.
    @inline(__always)
    static func sourceOver(_ s: UInt32, _ d: UInt32) -> UInt32 {
        s &+ scale(d, 255 &- (s >> 24))
    }

    /// Linear interpolation `a + (b − a) × t / 255` per channel, as `a(255−t) + b·t`.
    @inline(__always)
    static func lerp(_ a: UInt32, _ b: UInt32, _ t: UInt32) -> UInt32 {
        scale(a, 255 &- t) &+ scale(b, t)
    }

    /// `a × b / 255` for 8-bit values, rounded.
    @inline(__always)
    static func mul8(_ a: UInt32, _ b: UInt32) -> UInt32 {
        let t = a &* b &+ 128
        return (t &+ (t >> 8)) >> 8
    }

    /// Stores `value` into `count` pixels from `dst`: the one solid-fill store.
    ///
    /// Long runs go to `pixel_fill32` (`rep stosd` on x86-64: `memset`'s speed, a quarter
    /// faster than vector stores on a frame-sized fill); short ones, where that instruction's
    /// start-up would dominate, store 64 bytes per step (four SSE2 stores).
    @inline(__always)
    static func fill(_ dst: UnsafeMutablePointer<UInt32>, _ value: UInt32, count: Int) {
        if count >= 256 {
            pixel_fill32(dst, value, count)
            return
        }
        let raw = UnsafeMutableRawPointer(dst)
        let pattern = SIMD16<UInt32>(repeating: value)
        var i = 0
        while i + 16 <= count {
            raw.storeBytes(of: pattern, toByteOffset: i &* 4, as: SIMD16<UInt32>.self)
            i &+= 16
        }
        while i < count {
            dst[i] = value
            i &+= 1
        }
    }
}
