/// How a path is stroked: SwiftUI's `StrokeStyle`.
///
/// ```swift
/// StrokeStyle(lineWidth: 12, lineCap: .round)                 // a ring gauge's progress arc
/// StrokeStyle(lineWidth: 2, dash: [6, 4])                     // a dashed divider
/// ```
public struct StrokeStyle: Sendable, Hashable {
    /// The width of the stroke, centered on the path. Default: 1.
    public var lineWidth: Double
    /// The shape of open ends. Default: ``LineCap/butt``.
    public var lineCap: LineCap
    /// The shape of corners. Default: ``LineJoin/miter``.
    public var lineJoin: LineJoin
    /// The longest miter, as a multiple of the line width, before it becomes a bevel. Default: 10.
    public var miterLimit: Double
    /// Alternating lengths of dashes and gaps; empty for a solid line. Default: empty.
    public var dash: [Double]
    /// How far into the dash pattern the stroke starts. Default: 0.
    public var dashPhase: Double

    /// Creates a stroke style.
    public init(
        lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter,
        miterLimit: Double = 10, dash: [Double] = [], dashPhase: Double = 0
    ) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }
}

/// The shape of a stroke's open ends (CoreGraphics' `CGLineCap`).
public enum LineCap: Sendable, Hashable {
    /// Ends exactly at the end point.
    case butt
    /// A half disc around the end point.
    case round
    /// Extends half the line width past the end point.
    case square
}

/// The shape of a stroke's corners (CoreGraphics' `CGLineJoin`).
public enum LineJoin: Sendable, Hashable {
    /// Extends the outer edges until they meet (up to the miter limit).
    case miter
    /// A circular arc around the corner.
    case round
    /// Cuts the corner with a straight line.
    case bevel
}
