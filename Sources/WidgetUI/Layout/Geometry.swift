import Foundation
import Raster

// Views speak CoreGraphics' geometry, as in SwiftUI: `CGFloat`, `CGPoint`, `CGSize` and
// `CGRect`, which Foundation defines on Linux. Layout works in Raster's `Size`, `Point` and
// `Rect` (`Double` coordinates); values cross at the API's edge, through the conversions below.

/// A width and height in points, as layout computes them (Raster's `Size`).
typealias Size = Raster.Size

/// A position in points, y growing downward, as layout computes it (Raster's `Point`).
typealias Point = Raster.Point

/// A rectangle in points, as layout computes it (Raster's `Rect`).
typealias Rect = Raster.Rect

/// How a shape's outline is stroked: width, caps, joins, dashes (Raster's `StrokeStyle`).
///
/// ```swift
/// Circle().stroke(.green, style: StrokeStyle(lineWidth: 8, lineCap: .round))
/// ```
public typealias StrokeStyle = Raster.StrokeStyle

/// The shape of a stroke's ends (CoreGraphics' `CGLineCap`).
public typealias CGLineCap = Raster.LineCap

/// The shape of a stroke's corners (CoreGraphics' `CGLineJoin`).
public typealias CGLineJoin = Raster.LineJoin

/// Circular or continuous ("squircle") rounded corners.
public typealias RoundedCornerStyle = Raster.RoundedCornerStyle

extension Raster.Size {
    /// A size of CoreGraphics'.
    init(_ size: CGSize) {
        self.init(width: Double(size.width), height: Double(size.height))
    }
}

extension Raster.Point {
    /// A point of CoreGraphics'.
    init(_ point: CGPoint) {
        self.init(x: Double(point.x), y: Double(point.y))
    }
}

extension Raster.Rect {
    /// A rectangle of CoreGraphics', standardized (a negative width or height flips it).
    init(_ rect: CGRect) {
        let r = rect.standardized
        self.init(
            x: Double(r.origin.x), y: Double(r.origin.y), width: Double(r.size.width),
            height: Double(r.size.height))
    }
}

extension CGSize {
    /// A size as layout computes it.
    init(_ size: Raster.Size) {
        self.init(width: CGFloat(size.width), height: CGFloat(size.height))
    }
}

extension CGPoint {
    /// A point as layout computes it.
    init(_ point: Raster.Point) {
        self.init(x: CGFloat(point.x), y: CGFloat(point.y))
    }
}

extension CGRect {
    /// A rectangle as layout computes it.
    init(_ rect: Raster.Rect) {
        self.init(
            x: CGFloat(rect.minX), y: CGFloat(rect.minY), width: CGFloat(rect.width),
            height: CGFloat(rect.height))
    }
}
