/// One canvas pixel: premultiplied 8-bit B, G, R, A in memory order.
///
/// Stored as a little-endian `UInt32` `0xAARRGGBB`, which puts the bytes in memory as
/// B, G, R, A: the layout of DRM's `DRM_FORMAT_ARGB8888`/`XRGB8888` (uapi `drm_fourcc.h`) and of
/// Cairo's `CAIRO_FORMAT_ARGB32` on little-endian machines, so a canvas row can be copied to an
/// XRGB8888 framebuffer as it is. Premultiplied: each color channel is ≤ alpha.
public struct PremultipliedPixel: Hashable, Sendable {
    /// The packed value, `0xAARRGGBB`.
    public var value: UInt32

    /// Wraps a packed value.
    @inlinable public init(value: UInt32) { self.value = value }

    /// Packs premultiplied channels.
    @inlinable public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        value = UInt32(a) << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
    }

    /// Transparent black.
    public static let transparent = PremultipliedPixel(value: 0)

    /// Premultiplied red.
    @inlinable public var r: UInt8 { UInt8(truncatingIfNeeded: value >> 16) }
    /// Premultiplied green.
    @inlinable public var g: UInt8 { UInt8(truncatingIfNeeded: value >> 8) }
    /// Premultiplied blue.
    @inlinable public var b: UInt8 { UInt8(truncatingIfNeeded: value) }
    /// Alpha.
    @inlinable public var a: UInt8 { UInt8(truncatingIfNeeded: value >> 24) }

    /// The straight-alpha color this pixel holds.
    public var color: RGBA {
        guard a > 0 else { return .clear }
        let inv = 1 / Float(a)
        return RGBA(
            red: Float(r) * inv, green: Float(g) * inv, blue: Float(b) * inv,
            alpha: Float(a) / 255)
    }
}
