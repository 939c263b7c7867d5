/// How a photo's stored pixels are turned to be seen upright: the Exif `Orientation` tag
/// (0x0112), which cameras write instead of rotating the pixels.
///
/// The raw values 1…8 follow the Exif 2.3 specification (and TIFF 6.0): 1 is upright, 6 means
/// the stored picture must turn 90° clockwise, 8 counterclockwise, 3 half a turn; 2, 4, 5 and
/// 7 are the mirrored forms.
///
/// ```swift
/// let orientation = ExifOrientation(exif: block)   // .rotated90 for a portrait phone photo
/// orientation.displaySize(of: PixelSize(width: 4032, height: 3024))   // 3024x4032
/// ```
public enum ExifOrientation: Int, Sendable, CaseIterable {
    /// Upright as stored (1).
    case upright = 1
    /// Mirrored left to right (2).
    case mirrored = 2
    /// Turned half a turn (3).
    case rotated180 = 3
    /// Mirrored top to bottom (4).
    case mirroredVertically = 4
    /// Mirrored along the main diagonal: rows become columns (5).
    case transposed = 5
    /// Turned 90° clockwise (6): a phone held upright, its camera sideways.
    case rotated90 = 6
    /// Mirrored along the other diagonal (7).
    case transversed = 7
    /// Turned 90° counterclockwise (8).
    case rotated270 = 8

    /// Whether the shown picture's width is the stored height.
    public var swapsAxes: Bool { rawValue >= 5 }

    /// The size of the picture as shown, for stored pixels of `size`.
    public func displaySize(of size: PixelSize) -> PixelSize {
        swapsAxes ? PixelSize(width: size.height, height: size.width) : size
    }

    /// The stored pixel shown at (`x`, `y`) of the shown picture, for stored pixels `width` by
    /// `height`.
    @inline(__always)
    func storedPixel(x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        switch self {
        case .upright: (x, y)
        case .mirrored: (width - 1 - x, y)
        case .rotated180: (width - 1 - x, height - 1 - y)
        case .mirroredVertically: (x, height - 1 - y)
        case .transposed: (y, x)
        case .rotated90: (y, height - 1 - x)
        case .transversed: (width - 1 - y, height - 1 - x)
        case .rotated270: (width - 1 - y, x)
        }
    }

    /// The orientation an Exif block gives, or ``upright`` when it has none or cannot be read.
    ///
    /// `exif` is the TIFF structure (after JPEG's `Exif\0\0`): a byte-order mark (`II` or
    /// `MM`), 42, the offset of the first image file directory, whose entries are 12 bytes each
    /// (tag, type, count, value). Every offset is checked against the block's length: a broken
    /// or hostile block reads as upright.
    public init(exif: UnsafeRawBufferPointer) {
        self = Self.read(exif) ?? .upright
    }

    /// The orientation of an Exif block given as bytes (see ``init(exif:)``).
    public init(exif: [UInt8]) {
        self = exif.withUnsafeBytes { Self.read($0) } ?? .upright
    }

    private static func read(_ data: UnsafeRawBufferPointer) -> ExifOrientation? {
        guard data.count >= 8 else { return nil }
        let little: Bool
        switch (data[0], data[1]) {
        case (0x49, 0x49): little = true  // "II"
        case (0x4D, 0x4D): little = false  // "MM"
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= data.count else { return nil }
            let a = Int(data[at])
            let b = Int(data[at + 1])
            return little ? a | b << 8 : a << 8 | b
        }
        func u32(_ at: Int) -> Int? {
            guard let low = u16(little ? at : at + 2), let high = u16(little ? at + 2 : at) else {
                return nil
            }
            return low | high << 16
        }
        guard u16(2) == 42, let directory = u32(4), let count = u16(directory) else { return nil }
        // An image file directory has at most 65535 entries; those past the end are not read.
        for entry in 0..<count {
            let at = directory + 2 + entry * 12
            guard let tag = u16(at), let type = u16(at + 2), let values = u32(at + 4) else {
                return nil
            }
            guard tag == 0x0112 else { continue }
            // SHORT (3), one value, stored in the first two bytes of the value field.
            guard type == 3, values == 1, let value = u16(at + 8) else { return nil }
            return ExifOrientation(rawValue: value)
        }
        return nil
    }
}
