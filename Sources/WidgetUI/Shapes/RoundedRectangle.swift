import Foundation
import Raster

/// A rectangle with rounded corners, filling its frame.
///
/// ```swift
/// RoundedRectangle(cornerRadius: 12, style: .continuous).fill(.indigo)
/// ```
public struct RoundedRectangle: Shape {
    /// The corners' width and height in points (clamped to half of each side).
    public var cornerSize: CGSize {
        get { CGSize(corner) }
        set { corner = Size(newValue) }
    }
    /// The corners' size as layout computes.
    var corner: Size
    /// Circular arcs or continuous ("squircle") curves.
    ///
    /// Default: `.circular`.
    public var style: RoundedCornerStyle

    /// Creates a rounded rectangle with a corner radius.
    ///
    /// Default style: `.circular`.
    ///
    /// ## Differences from SwiftUI
    ///
    /// SwiftUI's default style is `.continuous`; write it to get Apple's corners.
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .circular) {
        corner = Size(width: Double(cornerRadius), height: Double(cornerRadius))
        self.style = style
    }

    /// Creates a rounded rectangle with elliptical corners.
    public init(cornerSize: CGSize, style: RoundedCornerStyle = .circular) {
        corner = Size(cornerSize)
        self.style = style
    }

    /// The frame with its corners rounded.
    public func path(in rect: CGRect) -> Path {
        Path(roundedRect: rect, cornerSize: cornerSize, style: style)
    }
}
