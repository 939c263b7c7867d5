import Raster

/// A point in a view's frame given as fractions of its size: (0, 0) is the top-left corner,
/// (1, 1) the bottom-right.
///
/// Gradients place their end points with unit points, and `rotationEffect`/`scaleEffect` their
/// anchor, so that they follow the frame of the view they apply to, whatever its size.
///
/// ```swift
/// LinearGradient(colors: [.orange, .red], startPoint: .top, endPoint: .bottomTrailing)
/// Text("12").rotationEffect(.degrees(30), anchor: .bottomLeading)
/// ```
public struct UnitPoint: Hashable, Sendable {
    /// The fraction of the width from the left edge.
    ///
    /// Default: 0.
    public var x: Double
    /// The fraction of the height from the top edge.
    ///
    /// Default: 0.
    public var y: Double

    /// Creates the top-left corner, (0, 0).
    public init() {
        self.init(x: 0, y: 0)
    }

    /// Creates a unit point from fractions of the width and height (values outside 0…1 lie
    /// outside the frame).
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The top-left corner, (0, 0).
    public static let zero = UnitPoint(x: 0, y: 0)
    /// The middle, (0.5, 0.5).
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    /// The middle of the left edge, (0, 0.5).
    public static let leading = UnitPoint(x: 0, y: 0.5)
    /// The middle of the right edge, (1, 0.5).
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    /// The middle of the top edge, (0.5, 0).
    public static let top = UnitPoint(x: 0.5, y: 0)
    /// The middle of the bottom edge, (0.5, 1).
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    /// The top-left corner, (0, 0).
    public static let topLeading = UnitPoint(x: 0, y: 0)
    /// The top-right corner, (1, 0).
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    /// The bottom-left corner, (0, 1).
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    /// The bottom-right corner, (1, 1).
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)

    /// The point this unit point names in a frame, in the frame's coordinate space.
    func point(in frame: Rect) -> Point {
        Point(x: frame.minX + x * frame.width, y: frame.minY + y * frame.height)
    }
}
