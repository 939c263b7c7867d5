import Foundation
import Raster

/// A rectangle whose shorter sides are half-circles, filling its frame.
///
/// ```swift
/// Capsule().fill(.blue).frame(width: 60, height: 20)
/// ```
public struct Capsule: Shape {
    /// Circular arcs or continuous curves at the ends.
    ///
    /// Default: `.circular`.
    public var style: RoundedCornerStyle

    /// Creates a capsule.
    public init(style: RoundedCornerStyle = .circular) {
        self.style = style
    }

    /// The frame with fully rounded ends.
    public func path(in rect: CGRect) -> Path {
        var path = Raster.Path()
        path.addCapsule(in: Rect(rect), style: style)
        return Path(path)
    }
}
