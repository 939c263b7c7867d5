/// The source of color for a ``Paint``.
///
/// Geometry (gradient end points, image rectangles) is in the same coordinate space as the path
/// being drawn: the canvas's current transform applies to both.
public enum Shader: Sendable {
    /// One color everywhere.
    case solid(RGBA)
    /// A linear gradient (see ``LinearGradient``).
    case linearGradient(LinearGradient)
    /// A radial gradient (see ``RadialGradient``).
    case radialGradient(RadialGradient)
    /// An angular (conic) gradient (see ``AngularGradient``).
    case angularGradient(AngularGradient)
    /// A bitmap placed in a rectangle, filtered (see ``ImagePattern``).
    case image(ImagePattern)
}

/// A color at a position along a gradient.
public struct GradientStop: Sendable, Hashable {
    /// The color at this stop.
    public var color: RGBA
    /// Where the stop lies, 0 (start) … 1 (end).
    public var location: Float

    /// Creates a gradient stop.
    public init(color: RGBA, location: Float) {
        self.color = color
        self.location = location
    }
}

/// Colors that vary along the line from `start` to `end`, constant across it; padded beyond.
public struct LinearGradient: Sendable {
    /// The stops, in order of location.
    public var stops: [GradientStop]
    /// Where location 0 lies.
    public var start: Point
    /// Where location 1 lies.
    public var end: Point

    /// Creates a linear gradient.
    public init(stops: [GradientStop], start: Point, end: Point) {
        self.stops = stops
        self.start = start
        self.end = end
    }
}

/// Colors that vary with the distance from `center`, from `startRadius` to `endRadius`.
public struct RadialGradient: Sendable {
    /// The stops, in order of location.
    public var stops: [GradientStop]
    /// The center of the circles.
    public var center: Point
    /// The radius at location 0.
    ///
    /// Default: 0.
    public var startRadius: Double
    /// The radius at location 1.
    public var endRadius: Double

    /// Creates a radial gradient.
    public init(stops: [GradientStop], center: Point, startRadius: Double = 0, endRadius: Double) {
        self.stops = stops
        self.center = center
        self.startRadius = startRadius
        self.endRadius = endRadius
    }
}

/// Colors that vary with the angle around `center`: SwiftUI's `AngularGradient`.
///
/// Angles are in radians from the positive x axis toward the positive y axis (clockwise on a
/// screen). Location 0 lies at `startAngle` and location 1 at `endAngle`. When the two are
/// less than a turn apart, the gap between them is filled with the color of location 1 up to
/// its middle and the color of location 0 after it, as SwiftUI documents; when they are more
/// than a turn apart, only the last turn shows.
///
/// ```swift
/// // A ring from red at 12 o'clock to pink three quarters round.
/// AngularGradient(stops: stops, center: c, startAngle: -.pi / 2, endAngle: .pi)
/// ```
public struct AngularGradient: Sendable {
    /// The stops, in order of location.
    public var stops: [GradientStop]
    /// The point the colors turn around.
    public var center: Point
    /// The angle of location 0, in radians.
    public var startAngle: Double
    /// The angle of location 1, in radians; equal to `startAngle` for a whole turn.
    public var endAngle: Double

    /// Creates an angular gradient.
    public init(stops: [GradientStop], center: Point, startAngle: Double, endAngle: Double) {
        self.stops = stops
        self.center = center
        self.startAngle = startAngle
        self.endAngle = endAngle
    }
}
