/// A location in a 2D coordinate space, y growing downward (screen convention).
///
/// Raster works in pixels once a ``Transform`` has been applied; before that a point may be in
/// any unit (WidgetUI uses points). Components are `Double` so that layout arithmetic is exact
/// enough; the scan converter narrows to `Float` internally.
public struct Point: Hashable, Sendable {
    /// The horizontal coordinate.
    ///
    /// Default: 0.
    public var x: Double
    /// The vertical coordinate, growing downward.
    ///
    /// Default: 0.
    public var y: Double

    /// Creates a point from its coordinates.
    public init(x: Double = 0, y: Double = 0) {
        self.x = x
        self.y = y
    }

    /// The origin, (0, 0).
    public static let zero = Point()

    /// Component-wise sum.
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    /// Component-wise difference.
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    /// Scales both components.
    public static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }

    /// The Euclidean length of the vector from the origin to this point.
    public var length: Double { (x * x + y * y).squareRoot() }

    /// The linear interpolation between `self` (t = 0) and `other` (t = 1).
    public func lerp(to other: Point, _ t: Double) -> Point {
        Point(x: x + (other.x - x) * t, y: y + (other.y - y) * t)
    }
}
