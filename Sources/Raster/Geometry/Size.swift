/// A width and a height in some unit (points before scaling, pixels after).
public struct Size: Hashable, Sendable {
    /// The horizontal extent.
    ///
    /// Default: 0.
    public var width: Double
    /// The vertical extent.
    ///
    /// Default: 0.
    public var height: Double

    /// Creates a size from its extents.
    public init(width: Double = 0, height: Double = 0) {
        self.width = width
        self.height = height
    }

    /// A size of zero in both directions.
    public static let zero = Size()
}

/// A whole-pixel size, as of a canvas, a framebuffer or a display mode.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    /// Pixels across.
    public var width: Int
    /// Pixels down.
    public var height: Int

    /// Creates a pixel size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The longest side a size from outside may have: 16384 pixels, the largest framebuffer
    /// the kernel's display drivers offer (a 16384×16384 canvas is already 1 GiB).
    public static let maximumSide = 16384

    /// Parses `WxH` (for example `1920x1080`); nil when the text is not two integers from 1 to
    /// ``maximumSide``, so that no size from outside makes a canvas too large to allocate.
    public init?(parsing text: String) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        let sides = 1...Self.maximumSide
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), sides.contains(w),
            sides.contains(h)
        else { return nil }
        self.init(width: w, height: h)
    }

    /// `WxH`, as the command line and logs write it.
    public var description: String { "\(width)x\(height)" }
}
