import Foundation
import Raster

extension Shape where Self == Circle {
    /// A circle: `.clipShape(.circle)`.
    public static var circle: Circle { Circle() }
}

extension Shape where Self == Capsule {
    /// A capsule: `.background(.blue, in: .capsule)`.
    public static var capsule: Capsule { Capsule() }

    /// A capsule with circular or continuous ends: `.clipShape(.capsule(style: .continuous))`.
    public static func capsule(style: RoundedCornerStyle) -> Capsule { Capsule(style: style) }
}

extension Shape where Self == Ellipse {
    /// An ellipse.
    public static var ellipse: Ellipse { Ellipse() }
}

extension Shape where Self == Rectangle {
    /// A rectangle: `.clipShape(.rect)`.
    public static var rect: Rectangle { Rectangle() }
}

extension Shape where Self == RoundedRectangle {
    /// A rounded rectangle: `.clipShape(.rect(cornerRadius: 12))`.
    public static func rect(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous)
        -> RoundedRectangle
    {
        RoundedRectangle(cornerRadius: cornerRadius, style: style)
    }

    /// A rounded rectangle with corners of a size.
    public static func rect(cornerSize: CGSize, style: RoundedCornerStyle = .continuous)
        -> RoundedRectangle
    {
        RoundedRectangle(cornerSize: cornerSize, style: style)
    }
}

extension Shape where Self == ContainerRelativeShape {
    /// The shape of the container: `.clipShape(.containerRelative)`.
    public static var containerRelative: ContainerRelativeShape { ContainerRelativeShape() }
}
