import Raster

/// A gradient as the display list holds it: Raster stops, and geometry in unit points of the
/// frame of the view it fills.
///
/// SwiftUI resolves a gradient's unit points against the frame of the view being filled, which
/// is known only after layout. A style resolved from the environment has no frame yet
/// (`frame == nil`); the view that draws it sets its own frame (``placed(in:)``), and the
/// display list falls back to the bounds of what it draws (a text run's box, a path's bounds).
struct GradientShading: Hashable {
    /// Where the colors run.
    enum Geometry: Hashable {
        /// Along the line between two unit points, constant across it.
        case linear(start: UnitPoint, end: UnitPoint)
        /// Outward from a unit point, between two radii in points.
        case radial(center: UnitPoint, startRadius: Double, endRadius: Double)
        /// Around a unit point, between two angles in radians (clockwise on screen).
        case angular(center: UnitPoint, startAngle: Double, endAngle: Double)
    }

    /// The colors and their locations, 0…1, in order.
    var stops: [GradientStop]
    /// Where the colors run, in unit points of `frame`.
    var geometry: Geometry
    /// The frame the unit points resolve against, in the root's points; `nil` until placed.
    var frame: Rect? = nil

    /// This gradient resolved against `frame`, unless it already has a frame.
    func placed(in frame: Rect) -> GradientShading {
        var placed = self
        placed.frame = self.frame ?? frame
        return placed
    }

    /// This gradient with every stop's opacity multiplied by `opacity`.
    func opacity(_ opacity: Float) -> GradientShading {
        var faded = self
        faded.stops = stops.map {
            GradientStop(color: $0.color.opacity(opacity), location: $0.location)
        }
        return faded
    }

    /// The color at a location 0…1: the stops interpolated, the end stops padded beyond.
    func color(at location: Double) -> RGBA {
        let t = Float(location)
        guard let first = stops.first, let last = stops.last else { return .clear }
        if t <= first.location { return first.color }
        if t >= last.location { return last.color }
        let k = stops.firstIndex { $0.location >= t } ?? stops.count - 1
        let a = stops[k - 1]
        let b = stops[k]
        let span = b.location - a.location
        return a.color.lerp(to: b.color, span > 0 ? (t - a.location) / span : 1)
    }

    /// The Raster shader: unit points resolved against the gradient's frame, else `fallback`.
    func shader(fallback: Rect) -> Shader {
        let frame = self.frame ?? fallback
        switch geometry {
        case .linear(let start, let end):
            return .linearGradient(
                Raster.LinearGradient(
                    stops: stops, start: start.point(in: frame), end: end.point(in: frame)))
        case .radial(let center, let startRadius, let endRadius):
            return .radialGradient(
                Raster.RadialGradient(
                    stops: stops, center: center.point(in: frame), startRadius: startRadius,
                    endRadius: endRadius))
        case .angular(let center, let startAngle, let endAngle):
            return .angularGradient(
                Raster.AngularGradient(
                    stops: stops, center: center.point(in: frame), startAngle: startAngle,
                    endAngle: endAngle))
        }
    }
}
