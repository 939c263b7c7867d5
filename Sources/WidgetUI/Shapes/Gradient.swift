import Raster

/// Colors at locations from 0 to 1: what a ``LinearGradient`` or ``RadialGradient`` draws.
///
/// ```swift
/// let sky = Gradient(colors: [.blue, .indigo])
/// let sunset = Gradient(stops: [
///     .init(color: .yellow, location: 0),
///     .init(color: .orange, location: 0.4),
///     .init(color: .purple, location: 1),
/// ])
/// Circle().fill(sky)   // top to bottom
/// ```
///
/// As a ``ShapeStyle`` on its own, a gradient runs from the top to the bottom of the view it
/// fills; as a `tint`, gauges and progress views draw it along their track.
///
/// ## Differences from SwiftUI
///
/// Colors are interpolated component by component in sRGB with straight alpha, as Raster's
/// gradients do; there is no `colorSpace` choice.
public struct Gradient: Hashable, Sendable {
    /// A color at a location of a gradient.
    ///
    /// ```swift
    /// Gradient.Stop(color: .orange, location: 0.4)
    /// ```
    public struct Stop: Hashable, Sendable {
        /// The color at this stop.
        public var color: Color
        /// Where the stop lies, 0 (start) … 1 (end).
        public var location: Double

        /// Creates a stop.
        public init(color: Color, location: Double) {
            self.color = color
            self.location = location
        }
    }

    /// The stops, in the order given.
    public var stops: [Stop]

    /// Creates a gradient from stops (they are drawn in order of location).
    public init(stops: [Stop]) {
        self.stops = stops
    }

    /// Creates a gradient from colors spread evenly from 0 to 1.
    public init(colors: [Color]) {
        let last = Double(max(colors.count - 1, 1))
        stops = colors.enumerated().map { Stop(color: $1, location: Double($0) / last) }
    }

    /// The stops as Raster draws them, sorted by location (equal locations keep their order,
    /// so a hard edge stays a hard edge) and with non-finite locations dropped.
    var rasterStops: [GradientStop] {
        stops.enumerated()
            .filter { $0.element.location.isFinite }
            .sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map {
                GradientStop(color: $0.element.color.rgba, location: Float($0.element.location))
            }
    }

    /// A shading of this gradient.
    func shading(_ geometry: GradientShading.Geometry) -> Shading {
        .gradient(GradientShading(stops: rasterStops, geometry: geometry))
    }
}

extension Gradient: ShapeStyle, ResolvableShapeStyle {
    func shading(in environment: EnvironmentValues) -> Shading {
        shading(.linear(start: .top, end: .bottom))
    }
}
