import Foundation

/// An ellipse filling its frame.
///
/// ```swift
/// Ellipse().stroke(.white, lineWidth: 2).frame(width: 40, height: 20)
/// ```
public struct Ellipse: Shape {
    /// Creates an ellipse.
    public init() {}

    /// The ellipse inscribed in the frame.
    public func path(in rect: CGRect) -> Path { Path(ellipseIn: rect) }
}
