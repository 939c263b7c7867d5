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

    /// Parses `WxH` (for example `1920x1080`); nil when the text is not two positive integers.
    public init?(parsing text: String) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0 else {
            return nil
        }
        self.init(width: w, height: h)
    }

    /// `WxH`, as the command line and logs write it.
    public var description: String { "\(width)x\(height)" }
}
