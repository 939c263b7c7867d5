import Raster

/// Colors that change with the angle around a point of the view's frame: a color wheel, or a
/// ring that brightens along its progress.
///
/// Like ``LinearGradient``, it is both a ``ShapeStyle`` and a view that fills the space
/// offered. Location 0 lies at `startAngle` and location 1 at `endAngle`, angles growing
/// clockwise from 3 o'clock; with the same start and end (the default), the colors go once
/// round.
///
/// ```swift
/// Circle()
///     .trim(from: 0, to: progress)
///     .stroke(AngularGradient(colors: [.red, .pink], center: .center,
///                             startAngle: .zero, endAngle: .degrees(360 * progress)),
///             style: StrokeStyle(lineWidth: 12, lineCap: .round))
///     .rotationEffect(.degrees(-90))
/// ```
///
/// When the two angles are less than a turn apart, the rest of the turn shows the color of
/// location 1 up to its middle and the color of location 0 after it; when they are more than
/// a turn apart, only the last turn shows. (Both rules as SwiftUI documents them.)
public struct AngularGradient: Hashable, Sendable {
    /// The colors and their locations.
    public var gradient: Gradient
    /// The point the colors turn around, in the frame.
    public var center: UnitPoint
    /// The angle of location 0.
    public var startAngle: Angle
    /// The angle of location 1.
    public var endAngle: Angle

    /// Creates an angular gradient from a gradient, between two angles.
    public init(
        gradient: Gradient, center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero
    ) {
        self.gradient = gradient
        self.center = center
        self.startAngle = startAngle
        self.endAngle = endAngle
    }

    /// Creates an angular gradient from colors spread evenly, between two angles.
    public init(
        colors: [Color], center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero
    ) {
        self.init(
            gradient: Gradient(colors: colors), center: center, startAngle: startAngle,
            endAngle: endAngle)
    }

    /// Creates an angular gradient from stops, between two angles.
    public init(
        stops: [Gradient.Stop], center: UnitPoint, startAngle: Angle = .zero,
        endAngle: Angle = .zero
    ) {
        self.init(
            gradient: Gradient(stops: stops), center: center, startAngle: startAngle,
            endAngle: endAngle)
    }

    /// Creates an angular gradient that goes once round, starting at `angle`.
    public init(gradient: Gradient, center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: gradient, center: center, startAngle: angle, endAngle: angle)
    }

    /// Creates an angular gradient from colors that goes once round, starting at `angle`.
    public init(colors: [Color], center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: Gradient(colors: colors), center: center, angle: angle)
    }

    var shading: Shading {
        gradient.shading(
            .angular(center: center, startAngle: startAngle.radians, endAngle: endAngle.radians))
    }
}

extension AngularGradient: ShapeStyle, ResolvableShapeStyle {
    func shading(in environment: EnvironmentValues) -> Shading { shading }
}

extension AngularGradient: View, PrimitiveView {
    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        nodes.append(ShapeNode(kind: "AngularGradient", filling: shading))
    }
}

extension ShapeStyle where Self == AngularGradient {
    /// An angular gradient between two angles.
    ///
    /// ```swift
    /// Circle().fill(.angularGradient(colors: [.red, .yellow, .green, .blue, .purple, .red],
    ///                                center: .center, startAngle: .zero,
    ///                                endAngle: .degrees(360)))
    /// ```
    public static func angularGradient(
        _ gradient: Gradient, center: UnitPoint, startAngle: Angle, endAngle: Angle
    ) -> AngularGradient {
        AngularGradient(
            gradient: gradient, center: center, startAngle: startAngle, endAngle: endAngle)
    }

    /// An angular gradient of colors spread evenly between two angles.
    public static func angularGradient(
        colors: [Color], center: UnitPoint, startAngle: Angle, endAngle: Angle
    ) -> AngularGradient {
        AngularGradient(colors: colors, center: center, startAngle: startAngle, endAngle: endAngle)
    }

    /// An angular gradient that goes once round from `angle`: a cone seen from above.
    public static func conicGradient(
        _ gradient: Gradient, center: UnitPoint, angle: Angle = .zero
    ) -> AngularGradient {
        AngularGradient(gradient: gradient, center: center, angle: angle)
    }

    /// An angular gradient of colors that goes once round from `angle`.
    public static func conicGradient(
        colors: [Color], center: UnitPoint, angle: Angle = .zero
    ) -> AngularGradient {
        AngularGradient(colors: colors, center: center, angle: angle)
    }
}
