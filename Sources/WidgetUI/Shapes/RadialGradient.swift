import Raster

/// Colors that change with the distance from a point of the view's frame, between two radii.
///
/// Like ``LinearGradient``, it is both a ``ShapeStyle`` and a view that fills the space
/// offered. The center is a ``UnitPoint`` of the filled view's frame; the radii are in points.
/// Inside `startRadius` and beyond `endRadius` the end colors continue.
///
/// ```swift
/// Circle().fill(RadialGradient(colors: [.yellow, .orange], center: .center,
///                              startRadius: 0, endRadius: 40))
/// RadialGradient(colors: [.indigo, .black], center: .top, startRadius: 10, endRadius: 200)
/// ```
public struct RadialGradient: Hashable, Sendable {
    /// The colors and their locations.
    public var gradient: Gradient
    /// The center of the circles, in the frame.
    public var center: UnitPoint
    /// The radius of location 0, in points.
    public var startRadius: Double
    /// The radius of location 1, in points.
    public var endRadius: Double

    /// Creates a radial gradient from a gradient.
    public init(gradient: Gradient, center: UnitPoint, startRadius: Double, endRadius: Double) {
        self.gradient = gradient
        self.center = center
        self.startRadius = startRadius
        self.endRadius = endRadius
    }

    /// Creates a radial gradient from colors spread evenly.
    public init(colors: [Color], center: UnitPoint, startRadius: Double, endRadius: Double) {
        self.init(
            gradient: Gradient(colors: colors), center: center, startRadius: startRadius,
            endRadius: endRadius)
    }

    /// Creates a radial gradient from stops.
    public init(
        stops: [Gradient.Stop], center: UnitPoint, startRadius: Double, endRadius: Double
    ) {
        self.init(
            gradient: Gradient(stops: stops), center: center, startRadius: startRadius,
            endRadius: endRadius)
    }

    var shading: Shading {
        gradient.shading(.radial(center: center, startRadius: startRadius, endRadius: endRadius))
    }
}

extension RadialGradient: ShapeStyle, ResolvableShapeStyle {
    func shading(in environment: EnvironmentValues) -> Shading { shading }
}

extension RadialGradient: View, PrimitiveView {
    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        nodes.append(ShapeNode(kind: "RadialGradient", filling: shading))
    }
}

extension ShapeStyle where Self == RadialGradient {
    /// A radial gradient around a unit point of the filled view's frame.
    ///
    /// ```swift
    /// Circle().fill(.radialGradient(Gradient(colors: [.white, .blue]), center: .center,
    ///                               startRadius: 2, endRadius: 30))
    /// ```
    public static func radialGradient(
        _ gradient: Gradient, center: UnitPoint, startRadius: Double, endRadius: Double
    ) -> RadialGradient {
        RadialGradient(
            gradient: gradient, center: center, startRadius: startRadius, endRadius: endRadius)
    }

    /// A radial gradient of colors spread evenly around a unit point.
    ///
    /// ```swift
    /// Circle().fill(.radialGradient(colors: [.yellow, .red], center: .center,
    ///                               startRadius: 0, endRadius: 20))
    /// ```
    public static func radialGradient(
        colors: [Color], center: UnitPoint, startRadius: Double, endRadius: Double
    ) -> RadialGradient {
        RadialGradient(
            colors: colors, center: center, startRadius: startRadius, endRadius: endRadius)
    }
}
