import Raster

/// A rectangle with rounded corners, filling its frame.
///
/// ```swift
/// RoundedRectangle(cornerRadius: 12, style: .continuous).fill(.indigo)
/// ```
public struct RoundedRectangle: Shape {
    /// The corners' radius in points (clamped to half the shorter side).
    public var cornerSize: Size
    /// Circular arcs or continuous ("squircle") curves.
    ///
    /// Default: `.circular`.
    public var style: RoundedCornerStyle

    /// Creates a rounded rectangle with a corner radius.
    ///
    /// Default style: `.circular`, as SwiftUI.
    public init(cornerRadius: Double, style: RoundedCornerStyle = .circular) {
        self.cornerSize = Size(width: cornerRadius, height: cornerRadius)
        self.style = style
    }

    /// Creates a rounded rectangle with elliptical corners.
    public init(cornerSize: Size, style: RoundedCornerStyle = .circular) {
        self.cornerSize = cornerSize
        self.style = style
    }

    /// The frame with its corners rounded.
    public func path(in rect: Rect) -> Path {
        Path { $0.addRoundedRect(in: rect, cornerSize: cornerSize, style: style) }
    }
}
