/// Ordered (Bayer 4×4) dithering from 8-bit channels to 5 and 6 bits, for RGB565 panels.
///
/// Truncating 8 bits to 5 turns a dark gradient into visible bands 8 levels wide. Ordered
/// dithering adds a threshold that depends only on the panel position, `m / 16` of a 5-bit step
/// with `m` from the 4×4 Bayer matrix, before truncating:
///
///     q = ⌊ v · (2ⁿ − 1) / 255 + m / 16 ⌋        (n = 5 or 6, m ∈ 0…15)
///
/// Averaged over a 4×4 tile the result equals `v · (2ⁿ − 1) / 255` to 1/16 of a step, so a
/// gradient keeps its slope; 0 and 255 stay exactly 0 and 2ⁿ − 1 (m / 16 < 1), so black stays
/// black and white stays white. The pattern is fixed to panel pixels, so an unchanged area
/// converts to the same bits every frame (no shimmer) and damage copies agree with full ones.
enum OrderedDither {
    /// The 4×4 Bayer matrix, row-major: `matrix[(y & 3) * 4 + (x & 3)]`.
    static let matrix: [UInt8] = [
        0, 8, 2, 10,
        12, 4, 14, 6,
        3, 11, 1, 9,
        15, 7, 13, 5,
    ]

    /// `levels5[m * 256 + v]`: the 5-bit value for 8-bit `v` at threshold `m`.
    static let levels5: [UInt8] = table(maximum: 31)
    /// `levels6[m * 256 + v]`: the 6-bit value for 8-bit `v` at threshold `m`.
    static let levels6: [UInt8] = table(maximum: 63)

    /// The threshold index at panel pixel (`x`, `y`).
    @inline(__always)
    static func threshold(x: Int, y: Int) -> Int { Int(matrix[(y & 3) << 2 | (x & 3)]) }

    private static func table(maximum: Int) -> [UInt8] {
        var t = [UInt8](repeating: 0, count: 16 * 256)
        for m in 0..<16 {
            for v in 0..<256 {
                // ⌊ (v · max · 16 + m · 255) / (255 · 16) ⌋, in integers.
                t[m * 256 + v] = UInt8((v * maximum * 16 + m * 255) / (255 * 16))
            }
        }
        return t
    }

    /// The value `q` of an `n`-bit channel widened back to 8 bits by bit replication (as
    /// pixman and scanout hardware do): 31 → 255, 0 → 0.
    @inline(__always)
    static func expand5(_ q: UInt16) -> UInt8 { UInt8(truncatingIfNeeded: q << 3 | q >> 2) }

    /// The 6-bit green `q` widened back to 8 bits by bit replication.
    @inline(__always)
    static func expand6(_ q: UInt16) -> UInt8 { UInt8(truncatingIfNeeded: q << 2 | q >> 4) }
}
