import Foundation
import Raster

/// An outline of lines and curves in points: what a ``Shape`` returns, and a shape itself.
///
/// Build one as in SwiftUI, with CoreGraphics' geometry types (`CGPoint`, `CGRect`, `CGFloat`,
/// which `import NightstandKit` provides):
///
/// ```swift
/// struct Triangle: Shape {
///     func path(in rect: CGRect) -> Path {
///         Path { p in
///             p.move(to: CGPoint(x: rect.midX, y: rect.minY))
///             p.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
///             p.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
///             p.closeSubpath()
///         }
///     }
/// }
///
/// Path { p in
///     p.addLines([CGPoint(x: 0, y: 40), CGPoint(x: 30, y: 10), CGPoint(x: 60, y: 25)])
/// }
/// .stroke(.orange, style: StrokeStyle(lineWidth: 2, lineCap: .round, lineJoin: .round))
/// ```
///
/// Coordinates grow rightward and downward. Angles of arcs are measured from the positive x
/// axis toward the positive y axis, so they grow clockwise on screen: `clockwise: false` sweeps
/// through growing angles, which on screen is clockwise. That is SwiftUI's rule too, where
/// `clockwise` keeps its meaning from Core Graphics' upward y axis.
///
/// ## Differences from SwiftUI
///
/// There is no `CGAffineTransform` on Linux, so the `transform:` parameters and
/// `applying(_:)` are missing; use ``offsetBy(dx:dy:)`` or ``View/rotationEffect(_:anchor:)``.
public struct Path: Equatable, Sendable {
    /// The outline as Raster draws it.
    var storage: Raster.Path

    /// An empty path.
    public init() {
        storage = Raster.Path()
    }

    /// A path of Raster's.
    init(_ storage: Raster.Path) {
        self.storage = storage
    }

    /// A path holding one rectangle.
    public init(_ rect: CGRect) {
        storage = Raster.Path(Rect(rect))
    }

    /// A path holding a rounded rectangle with corners of one radius.
    public init(
        roundedRect rect: CGRect, cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous
    ) {
        storage = Raster.Path(
            roundedRect: Rect(rect), cornerRadius: Double(cornerRadius), style: style)
    }

    /// A path holding a rounded rectangle with elliptical corners.
    public init(
        roundedRect rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous
    ) {
        storage = Raster.Path()
        storage.addRoundedRect(in: Rect(rect), cornerSize: Size(cornerSize), style: style)
    }

    /// A path holding the ellipse inscribed in a rectangle.
    public init(ellipseIn rect: CGRect) {
        storage = Raster.Path(ellipseIn: Rect(rect))
    }

    /// A path built by a closure that adds to it.
    ///
    /// ```swift
    /// Path { p in
    ///     p.move(to: .zero)
    ///     p.addLine(to: CGPoint(x: 20, y: 20))
    /// }
    /// ```
    public init(_ build: (inout Path) -> Void) {
        self.init()
        build(&self)
    }

    /// Whether the path holds nothing.
    public var isEmpty: Bool { storage.isEmpty }

    /// The point the next segment starts from: the end of the last one; nil in an empty path.
    public var currentPoint: CGPoint? { storage.currentPoint.map(CGPoint.init) }

    /// The smallest rectangle containing every point and control point of the path.
    public var boundingRect: CGRect {
        storage.isEmpty ? .null : CGRect(storage.boundingRect)
    }
}

// MARK: - Building

extension Path {
    /// Starts a new subpath at a point.
    public mutating func move(to end: CGPoint) {
        storage.move(to: Point(end))
    }

    /// Adds a straight line from the current point.
    public mutating func addLine(to end: CGPoint) {
        storage.addLine(to: Point(end))
    }

    /// Adds straight lines through the points, starting a subpath at the first.
    ///
    /// ```swift
    /// p.addLines(values.indices.map { CGPoint(x: Double($0) * 10, y: values[$0]) })
    /// ```
    public mutating func addLines(_ lines: [CGPoint]) {
        guard let first = lines.first else { return }
        move(to: first)
        for point in lines.dropFirst() { addLine(to: point) }
    }

    /// Adds a quadratic Bézier curve from the current point.
    public mutating func addQuadCurve(to end: CGPoint, control: CGPoint) {
        storage.addQuadCurve(to: Point(end), control: Point(control))
    }

    /// Adds a cubic Bézier curve from the current point.
    public mutating func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        storage.addCurve(to: Point(end), control1: Point(control1), control2: Point(control2))
    }

    /// Closes the current subpath with a line back to its start.
    public mutating func closeSubpath() {
        storage.closeSubpath()
    }

    /// Adds a rectangle as a closed subpath.
    public mutating func addRect(_ rect: CGRect) {
        storage.addRect(Rect(rect))
    }

    /// Adds rectangles, each a closed subpath.
    public mutating func addRects(_ rects: [CGRect]) {
        for rect in rects { addRect(rect) }
    }

    /// Adds a rounded rectangle as a closed subpath.
    public mutating func addRoundedRect(
        in rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous
    ) {
        storage.addRoundedRect(in: Rect(rect), cornerSize: Size(cornerSize), style: style)
    }

    /// Adds the ellipse inscribed in a rectangle as a closed subpath.
    public mutating func addEllipse(in rect: CGRect) {
        storage.addEllipse(in: Rect(rect))
    }

    /// Adds an arc of a circle, with a line to its start if the path has a current point.
    ///
    /// ```swift
    /// // The upper half of a circle, left to right.
    /// p.addArc(center: c, radius: 40, startAngle: .degrees(180), endAngle: .degrees(0),
    ///          clockwise: false)
    /// ```
    ///
    /// `clockwise: false` sweeps through growing angles: clockwise on screen (see ``Path``).
    public mutating func addArc(
        center: CGPoint, radius: CGFloat, startAngle: Angle, endAngle: Angle, clockwise: Bool
    ) {
        storage.addArc(
            center: Point(center), radius: Double(radius), startAngle: startAngle.radians,
            endAngle: endAngle.radians, clockwise: clockwise)
    }

    /// Adds an arc of a circle that turns by `delta` from `startAngle` (positive: clockwise on
    /// screen).
    public mutating func addRelativeArc(
        center: CGPoint, radius: CGFloat, startAngle: Angle, delta: Angle
    ) {
        addArc(
            center: center, radius: radius, startAngle: startAngle, endAngle: startAngle + delta,
            clockwise: delta.radians < 0)
    }

    /// Adds every subpath of another path.
    public mutating func addPath(_ path: Path) {
        storage.addPath(path.storage)
    }
}

// MARK: - Deriving

extension Path {
    /// The path moved by an offset.
    public func offsetBy(dx: CGFloat, dy: CGFloat) -> Path {
        Path(storage.applying(Transform(translationX: Double(dx), y: Double(dy))))
    }

    /// The part of the path between two fractions of its length, 0…1.
    ///
    /// ```swift
    /// Path(ellipseIn: rect).trimmedPath(from: 0, to: 0.25)
    /// ```
    public func trimmedPath(from: CGFloat, to: CGFloat) -> Path {
        Path(storage.trimmedPath(from: Double(from), to: Double(to)))
    }
}

extension Path: Shape {
    /// The path itself, whatever the rectangle: a path draws where its points are.
    public func path(in rect: CGRect) -> Path { self }
}
