import Foundation

/// A rectangle filling its frame.
///
/// ```swift
/// Rectangle().fill(.gray).frame(height: 1)
/// ```
public struct Rectangle: Shape {
    /// Creates a rectangle.
    public init() {}

    /// The frame itself.
    public func path(in rect: CGRect) -> Path { Path(rect) }
}
