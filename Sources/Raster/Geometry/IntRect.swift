/// A rectangle of whole pixels: damage regions, clip bounds, sub-canvas slots.
public struct IntRect: Hashable, Sendable, CustomStringConvertible {
    /// The left column.
    public var x: Int
    /// The top row.
    public var y: Int
    /// Columns covered; zero or negative means empty.
    public var width: Int
    /// Rows covered; zero or negative means empty.
    public var height: Int

    /// Creates a pixel rectangle.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// A rectangle at the origin with the given size.
    public init(size: PixelSize) {
        self.init(x: 0, y: 0, width: size.width, height: size.height)
    }

    /// The empty rectangle.
    public static let zero = IntRect(x: 0, y: 0, width: 0, height: 0)

    /// One past the right column.
    public var maxX: Int { x + width }
    /// One past the bottom row.
    public var maxY: Int { y + height }
    /// True when no pixel is covered.
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    /// The size in pixels.
    public var size: PixelSize { PixelSize(width: width, height: height) }

    /// The overlap of two rectangles; ``zero`` when they do not overlap.
    public func intersection(_ other: IntRect) -> IntRect {
        let x0 = max(x, other.x)
        let y0 = max(y, other.y)
        let x1 = min(maxX, other.maxX)
        let y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return .zero }
        return IntRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle containing both; an empty operand is ignored.
    public func union(_ other: IntRect) -> IntRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(x, other.x)
        let y0 = min(y, other.y)
        return IntRect(
            x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// The rectangle moved by whole pixels.
    public func offsetBy(dx: Int, dy: Int) -> IntRect {
        IntRect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// Whether `other` lies entirely inside this rectangle.
    public func contains(_ other: IntRect) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }

    /// The same area as a ``Rect``.
    public var rect: Rect {
        Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height))
    }

    /// `WxH+X+Y`, as X11 geometry strings and our logs write it.
    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}
