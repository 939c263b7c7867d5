import Foundation

/// The largest circle that fits its frame, centered in it.
///
/// ```swift
/// Circle().fill(.green).frame(width: 10, height: 10)
/// ```
public struct Circle: Shape {
    /// Creates a circle.
    public init() {}

    /// A circle of the frame's shorter side, centered.
    public func path(in rect: CGRect) -> Path {
        let d = min(rect.width, rect.height)
        return Path(
            ellipseIn: CGRect(x: rect.midX - d / 2, y: rect.midY - d / 2, width: d, height: d))
    }
}
