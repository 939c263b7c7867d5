import Raster

/// A width and height in points (Raster's `Size`; SwiftUI's `CGSize`).
///
/// ```swift
/// GeometryReader { proxy in Text("\(Int(proxy.size.width))") }
/// ```
///
/// ## Differences from SwiftUI
///
/// Coordinates are `Double`, not `CGFloat`; `CGFloat` values convert implicitly.
public typealias Size = Raster.Size

/// A position in points, y growing downward (Raster's `Point`; SwiftUI's `CGPoint`).
public typealias Point = Raster.Point

/// A rectangle in points (Raster's `Rect`; SwiftUI's `CGRect`), what ``Shape/path(in:)`` takes.
public typealias Rect = Raster.Rect

/// A vector outline a ``Shape`` returns (Raster's `Path`; SwiftUI's `Path`).
///
/// ```swift
/// struct Triangle: Shape {
///     func path(in rect: Rect) -> Path {
///         Path { p in
///             p.move(to: Point(x: rect.midX, y: rect.minY))
///             p.addLine(to: Point(x: rect.maxX, y: rect.maxY))
///             p.addLine(to: Point(x: rect.minX, y: rect.maxY))
///             p.closeSubpath()
///         }
///     }
/// }
/// ```
public typealias Path = Raster.Path

/// How a shape's outline is stroked: width, caps, joins, dashes (Raster's `StrokeStyle`).
public typealias StrokeStyle = Raster.StrokeStyle

/// The shape of a stroke's ends (SwiftUI's `CGLineCap`).
public typealias CGLineCap = Raster.LineCap

/// The shape of a stroke's corners (SwiftUI's `CGLineJoin`).
public typealias CGLineJoin = Raster.LineJoin

/// Circular or continuous ("squircle") rounded corners.
public typealias RoundedCornerStyle = Raster.RoundedCornerStyle
