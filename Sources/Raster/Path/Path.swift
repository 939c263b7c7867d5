/// A shape outline: subpaths of lines and Bézier curves, in any coordinate space.
///
/// The API follows SwiftUI's `Path` (`move(to:)`, `addLine(to:)`, `addQuadCurve(to:control:)`,
/// `addCurve(to:control1:control2:)`, `closeSubpath()`, `addRect(_:)`, `addEllipse(in:)`,
/// `addArc(…)`, `trimmedPath(from:to:)`), with y growing downward.
///
/// ```swift
/// var p = Path()
/// p.move(to: Point(x: 10, y: 10))
/// p.addLine(to: Point(x: 90, y: 10))
/// p.addQuadCurve(to: Point(x: 50, y: 90), control: Point(x: 90, y: 90))
/// p.closeSubpath()
/// canvas.fill(p, with: Paint(color: .systemOrange))
/// ```
public struct Path: Sendable, Hashable {
    /// One drawing command.
    public enum Element: Sendable, Hashable {
        /// Starts a new subpath at a point.
        case move(to: Point)
        /// A straight line from the current point.
        case line(to: Point)
        /// A quadratic Bézier curve from the current point.
        case quadCurve(to: Point, control: Point)
        /// A cubic Bézier curve from the current point.
        case curve(to: Point, control1: Point, control2: Point)
        /// A line back to the subpath's start, closing it.
        case closeSubpath
    }

    /// The commands, in order.
    public private(set) var elements: [Element] = []
    private var subpathStart: Point?
    /// The current point, nil before the first `move(to:)`.
    public private(set) var currentPoint: Point?

    /// Creates an empty path.
    public init() {}

    /// Creates a path by running `build` on an empty one.
    public init(_ build: (inout Path) -> Void) {
        build(&self)
    }

    /// True when the path has no commands.
    public var isEmpty: Bool { elements.isEmpty }

    /// Starts a new subpath at `p`.
    public mutating func move(to p: Point) {
        elements.append(.move(to: p))
        subpathStart = p
        currentPoint = p
    }

    /// Adds a straight line to `p` (starting a subpath at `p` if there is no current point).
    public mutating func addLine(to p: Point) {
        guard currentPoint != nil else { return move(to: p) }
        elements.append(.line(to: p))
        currentPoint = p
    }

    /// Adds a quadratic Bézier curve to `p`.
    public mutating func addQuadCurve(to p: Point, control: Point) {
        if currentPoint == nil { move(to: control) }
        elements.append(.quadCurve(to: p, control: control))
        currentPoint = p
    }

    /// Adds a cubic Bézier curve to `p`.
    public mutating func addCurve(to p: Point, control1: Point, control2: Point) {
        if currentPoint == nil { move(to: control1) }
        elements.append(.curve(to: p, control1: control1, control2: control2))
        currentPoint = p
    }

    /// Closes the current subpath with a line to its start.
    public mutating func closeSubpath() {
        guard currentPoint != nil, let start = subpathStart else { return }
        if case .closeSubpath = elements.last { return }
        elements.append(.closeSubpath)
        currentPoint = start
    }

    /// Appends all of `other`'s subpaths.
    public mutating func addPath(_ other: Path) {
        for e in other.elements { append(e) }
    }

    /// Makes room for the `count` elements of a shape about to be added to an empty path.
    ///
    /// Building the shape then allocates once. A path that already has elements grows as
    /// usual: reserving exactly on every addition would copy it each time.
    mutating func reserveForShape(_ count: Int) {
        if elements.isEmpty { elements.reserveCapacity(count) }
    }

    /// Appends one element through the public builders (keeps the current point right).
    mutating func append(_ e: Element) {
        switch e {
        case .move(let p): move(to: p)
        case .line(let p): addLine(to: p)
        case .quadCurve(let p, let c): addQuadCurve(to: p, control: c)
        case .curve(let p, let c1, let c2): addCurve(to: p, control1: c1, control2: c2)
        case .closeSubpath: closeSubpath()
        }
    }

    /// The path with every point mapped by `t`.
    public func applying(_ t: Transform) -> Path {
        var out = Path()
        for e in elements {
            switch e {
            case .move(let p): out.move(to: t.apply(p))
            case .line(let p): out.addLine(to: t.apply(p))
            case .quadCurve(let p, let c): out.addQuadCurve(to: t.apply(p), control: t.apply(c))
            case .curve(let p, let c1, let c2):
                out.addCurve(to: t.apply(p), control1: t.apply(c1), control2: t.apply(c2))
            case .closeSubpath: out.closeSubpath()
            }
        }
        return out
    }

    /// The smallest rectangle containing every point and control point.
    public var boundingRect: Rect {
        var x0 = Double.infinity
        var y0 = Double.infinity
        var x1 = -Double.infinity
        var y1 = -Double.infinity
        func add(_ p: Point) {
            x0 = min(x0, p.x)
            y0 = min(y0, p.y)
            x1 = max(x1, p.x)
            y1 = max(y1, p.y)
        }
        for e in elements {
            switch e {
            case .move(let p), .line(let p): add(p)
            case .quadCurve(let p, let c):
                add(p)
                add(c)
            case .curve(let p, let c1, let c2):
                add(p)
                add(c1)
                add(c2)
            case .closeSubpath: break
            }
        }
        guard x0 <= x1 else { return .zero }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
