/// A bitmap mapped onto a rectangle, as a paint source.
///
/// The bitmap's full extent is stretched onto `rect` (in the drawing's coordinate space); pixels
/// outside `rect` take the nearest edge pixel (clamp), so a fill of exactly `rect` has clean
/// edges. ``Canvas/draw(_:in:mode:)`` computes `rect` for fit and fill.
public struct ImagePattern: Sendable {
    /// The picture.
    public var bitmap: Bitmap
    /// Where the whole bitmap lands.
    public var rect: Rect
    /// How pixels between samples are reconstructed. Default: ``ImageFilter/bilinear``.
    public var filter: ImageFilter

    /// Creates an image pattern.
    public init(bitmap: Bitmap, rect: Rect, filter: ImageFilter = .bilinear) {
        self.bitmap = bitmap
        self.rect = rect
        self.filter = filter
    }
}

/// Reconstruction filter for scaled images.
public enum ImageFilter: Sendable, Hashable {
    /// The nearest source pixel.
    case nearest
    /// Weighted average of the four nearest source pixels.
    case bilinear
}
