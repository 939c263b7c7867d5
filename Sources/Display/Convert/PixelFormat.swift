/// A framebuffer pixel layout: how one scanout pixel is packed in memory.
///
/// Names follow DRM fourcc codes (uapi `drm_fourcc.h`): the channels are listed from the most
/// significant bit of a little-endian word, so ``xrgb8888`` is the bytes B, G, R, X in memory,
/// ``rgb888`` is B, G, R and ``bgr888`` is R, G, B. fbdev layouts (bits per pixel plus
/// red/green/blue bitfield offsets) map onto the same cases through
/// ``init(bitsPerPixel:redOffset:greenOffset:blueOffset:)``.
public enum PixelFormat: String, Sendable, CaseIterable, CustomStringConvertible {
    /// 32 bits: X, R, G, B from the top; bytes B, G, R, X. The canvas's own layout.
    case xrgb8888
    /// 32 bits: X, B, G, R from the top; bytes R, G, B, X.
    case xbgr8888
    /// 24 bits: R, G, B from the top; bytes B, G, R.
    case rgb888
    /// 24 bits: B, G, R from the top; bytes R, G, B.
    case bgr888
    /// 16 bits: 5 red, 6 green, 5 blue from the top; dithered on conversion.
    case rgb565
    /// 16 bits: 5 blue, 6 green, 5 red from the top; dithered on conversion.
    case bgr565

    /// Bytes one pixel takes in memory.
    public var bytesPerPixel: Int {
        switch self {
        case .xrgb8888, .xbgr8888: 4
        case .rgb888, .bgr888: 3
        case .rgb565, .bgr565: 2
        }
    }

    /// Bits per pixel, as DRM dumb buffers and fbdev count them.
    public var bitsPerPixel: Int { bytesPerPixel * 8 }

    /// Whether the format has fewer than 8 bits per channel (conversion dithers).
    public var isQuantized: Bool { bytesPerPixel == 2 }

    /// The lowercase name, as config files and `nightstand displays` write it.
    public var description: String { rawValue }

    /// Parses a config name (`xrgb8888`, `rgb565`, …; case-insensitive, `argb8888` and
    /// `rgb888` spelled as in DRM).
    public init?(name: String) {
        let lower = name.lowercased()
        if lower == "argb8888" {
            self = .xrgb8888
        } else if lower == "abgr8888" {
            self = .xbgr8888
        } else if let f = PixelFormat(rawValue: lower) {
            self = f
        } else {
            return nil
        }
    }

    /// The format of an fbdev mode (`fb_var_screeninfo` bits_per_pixel and bitfield offsets),
    /// or nil when Display cannot write it (palettes, grayscale, exotic packings).
    public init?(bitsPerPixel: Int, redOffset: Int, greenOffset: Int, blueOffset: Int) {
        switch (bitsPerPixel, redOffset, greenOffset, blueOffset) {
        case (32, 16, 8, 0): self = .xrgb8888
        case (32, 0, 8, 16): self = .xbgr8888
        case (24, 16, 8, 0): self = .rgb888
        case (24, 0, 8, 16): self = .bgr888
        case (16, 11, 5, 0): self = .rgb565
        case (16, 0, 5, 11): self = .bgr565
        default: return nil
        }
    }
}
