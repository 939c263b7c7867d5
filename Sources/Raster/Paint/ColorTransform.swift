import CPixelFill

/// A linear map of a pixel's color channels, applied at paint time: the night modes' tool.
///
/// Each output channel is a weighted sum of the input's red, green and blue (a 3×3 matrix,
/// row-major; alpha is kept). Because the map is linear with no offset it applies to
/// premultiplied pixels unchanged, so a transformed translucent color blends exactly as the
/// transformed opaque color would. Raster applies the transform to the *source* of every paint
/// (solid colors, gradient stops, image and emoji pixels) before blending, and ``Canvas/apply(_:in:)``
/// applies it to pixels already drawn.
///
/// ```swift
/// canvas.colorTransform = .dim(0.5)                    // "luminance reduced"
/// canvas.colorTransform = .monochrome(tint: .init(red: 1, green: 0, blue: 0))   // red tint
/// ```
///
/// Technical notes: pixel passes use 16-bit fixed-point weights (`round(w × 65536)`), so the
/// red-tint luma of the reference scene (docs/bench-scene.md) — 0.2126 R + 0.7152 G +
/// 0.0722 B, rounded — is exact for all 8-bit inputs, and a zero weight row yields exactly 0:
/// nothing leaks into green or blue.
public struct ColorTransform: Hashable, Sendable {
    /// The 3×3 weights, row-major: output red is `m[0]·r + m[1]·g + m[2]·b`, and so on.
    public var matrix: [Float]

    /// Creates a transform from nine row-major weights.
    public init(matrix: [Float]) {
        precondition(matrix.count == 9, "a color transform has 9 weights")
        self.matrix = matrix
    }

    /// The transform that changes nothing.
    public static let identity = ColorTransform(matrix: [1, 0, 0, 0, 1, 0, 0, 0, 1])

    /// Scales every channel by `factor`: 0…1 is luminance reduction done in the pixels; above 1
    /// a gain that saturates at white.
    public static func dim(_ factor: Float) -> ColorTransform {
        ColorTransform(matrix: [factor, 0, 0, 0, factor, 0, 0, 0, factor])
    }

    /// Replaces each color by its BT.709 luma times `tint` (straight, opaque components).
    ///
    /// `monochrome(tint: RGBA(red: 1, green: 0, blue: 0))` is the red tint: R = luma, G = B = 0.
    /// A tint of `RGBA(red: 0.4, green: 0, blue: 0)` caps it at 40 % red.
    public static func monochrome(tint: RGBA) -> ColorTransform {
        let w: [Float] = [0.2126, 0.7152, 0.0722]
        return ColorTransform(
            matrix: w.map { $0 * tint.red } + w.map { $0 * tint.green } + w.map { $0 * tint.blue })
    }

    /// Whether the transform is the identity.
    public var isIdentity: Bool { self == .identity }

    /// `self` followed by `next`.
    public func concatenating(_ next: ColorTransform) -> ColorTransform {
        var m = [Float](repeating: 0, count: 9)
        for r in 0..<3 {
            for c in 0..<3 {
                var sum: Float = 0
                for k in 0..<3 { sum += next.matrix[r * 3 + k] * matrix[k * 3 + c] }
                m[r * 3 + c] = sum
            }
        }
        return ColorTransform(matrix: m)
    }

    /// The weights interpolated from `self` (t = 0) to `other` (t = 1): a fade between modes.
    public func lerp(to other: ColorTransform, _ t: Float) -> ColorTransform {
        ColorTransform(matrix: zip(matrix, other.matrix).map { $0 + ($1 - $0) * t })
    }

    /// Maps a straight-alpha color; each result channel is clamped to 0…1, so a transform
    /// with gain (weights summing past 1) saturates instead of overflowing.
    public func apply(_ c: RGBA) -> RGBA {
        if isIdentity { return c }
        let m = matrix
        func clamp(_ v: Float) -> Float { min(max(v, 0), 1) }
        return RGBA(
            red: clamp(m[0] * c.red + m[1] * c.green + m[2] * c.blue),
            green: clamp(m[3] * c.red + m[4] * c.green + m[5] * c.blue),
            blue: clamp(m[6] * c.red + m[7] * c.green + m[8] * c.blue), alpha: c.alpha)
    }

    /// The fixed-point form for pixel loops.
    var fixed: FixedColorTransform { FixedColorTransform(matrix) }
}

/// ``ColorTransform`` weights in 16.16 fixed point, for loops over premultiplied pixels.
struct FixedColorTransform {
    let w: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32)

    init(_ m: [Float]) {
        func q(_ i: Int) -> Int32 { Int32((m[i] * 65536).rounded()) }
        w = (q(0), q(1), q(2), q(3), q(4), q(5), q(6), q(7), q(8))
    }

    /// Maps one premultiplied pixel; each result channel is clamped to 0…alpha.
    @inline(__always)
    func apply(_ p: UInt32) -> UInt32 {
        let a = Int32(p >> 24)
        let r = Int32((p >> 16) & 0xFF)
        let g = Int32((p >> 8) & 0xFF)
        let b = Int32(p & 0xFF)
        @inline(__always) func ch(_ x: Int32, _ y: Int32, _ z: Int32) -> UInt32 {
            let v = (x &* r &+ y &* g &+ z &* b &+ 32768) >> 16
            return UInt32(min(max(v, 0), a))
        }
        return UInt32(a) << 24 | ch(w.0, w.1, w.2) << 16 | ch(w.3, w.4, w.5) << 8
            | ch(w.6, w.7, w.8)
    }

    /// Maps `count` pixels in place.
    ///
    /// A transform whose green and blue rows are zero and whose red weights are non-negative
    /// and sum to at most 1 (the red tint, with or without a ceiling) needs no clamping, since
    /// a weighted mean of premultiplied channels never exceeds alpha: it runs in C
    /// (`pixel_luma_red`), eight pixels a step, with the same arithmetic as ``apply(_:)``, so
    /// results are identical on every CPU. Other transforms go pixel by pixel, skipping black
    /// and transparent pixels, which map to themselves.
    func apply(_ px: UnsafeMutablePointer<UInt32>, count: Int) {
        let redOnly = w.3 == 0 && w.4 == 0 && w.5 == 0 && w.6 == 0 && w.7 == 0 && w.8 == 0
        if redOnly && w.0 >= 0 && w.1 >= 0 && w.2 >= 0 && Int(w.0) + Int(w.1) + Int(w.2) <= 65536 {
            pixel_luma_red(px, count, UInt32(w.0), UInt32(w.1), UInt32(w.2))
            return
        }
        for i in 0..<count where px[i] & 0x00FF_FFFF != 0 { px[i] = apply(px[i]) }
    }
}
