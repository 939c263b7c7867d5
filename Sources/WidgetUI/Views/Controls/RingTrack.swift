import FoundationEssentials
import Glibc
import Raster

/// The ring of the circular gauges and progress views, in the largest square centered in its
/// frame; it takes the space proposed, as a shape does.
///
/// - `.capacity`: a closed ring on a track, filled clockwise from 12 o'clock to the fraction.
/// - `.marker`: an open ring of 270° with its gap at the bottom, drawn in the tint, with a
///   ring marking the fraction.
///
/// A gradient tint runs along the ring from its start to its end.
struct RingTrack: View, PrimitiveView {
    var kind: TrackKind
    /// The line width as a fraction of the square's side.
    var lineWidthRatio: Double
    var tone: TrackTone

    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        let tint = environment.tint
        let foreground = environment.foregroundShading
        nodes.append(
            LeafNode(kind: "RingTrack") { proposal in
                proposal.filled()
            } draw: { [kind, lineWidthRatio, tone] bounds in
                let side = min(bounds.width, bounds.height)
                let lineWidth = side * lineWidthRatio
                switch kind {
                case .capacity(let fraction):
                    let ring = RingGeometry(
                        center: bounds.center, radius: (side - lineWidth) / 2,
                        lineWidth: lineWidth, start: -.pi / 2, sweep: 2 * .pi)
                    return ring.capacity(fraction, tint: tint, tone: tone)
                case .marker(let fraction):
                    let ring = RingGeometry.open(
                        center: bounds.center, side: side, lineWidth: lineWidth)
                    let marker = ValueMarker(
                        center: ring.point(at: fraction), trackWidth: lineWidth)
                    return marker.drawn(
                        over: ring.stroke(from: 0, to: 1, tint, roundCaps: true), in: bounds,
                        shading: foreground)
                }
            })
    }
}

/// A circular arc track: where locations 0…1 lie on a circle, and how to stroke a part of it.
struct RingGeometry {
    var center: Point
    /// The radius of the track's center line.
    var radius: Double
    var lineWidth: Double
    /// The angle of location 0, radians, clockwise from 3 o'clock.
    var start: Double
    /// The angle from location 0 to location 1; positive is clockwise.
    var sweep: Double

    /// The open ring of the accessory circular gauge in a square of `side`: 270° clockwise
    /// from the bottom left, open at the bottom, inset so that the value marker stays inside.
    static func open(center: Point, side: Double, lineWidth: Double) -> RingGeometry {
        let overhang = ValueMarker.overhang(trackWidth: lineWidth)
        return RingGeometry(
            center: center, radius: (side - lineWidth) / 2 - overhang, lineWidth: lineWidth,
            start: 0.75 * .pi, sweep: 1.5 * .pi)
    }

    /// The largest angle one solid-color piece of a gradient arc spans: 2°.
    static let gradientStep = Double.pi / 90

    func angle(at location: Double) -> Double { start + sweep * location }

    /// The point of the center line at a location.
    func point(at location: Double) -> Point {
        let a = angle(at: location)
        return Point(x: center.x + radius * cos(a), y: center.y + radius * sin(a))
    }

    /// The center line between two locations.
    func arc(from l0: Double, to l1: Double) -> Raster.Path {
        var path = Raster.Path()
        path.addArc(
            center: center, radius: radius, startAngle: angle(at: l0), endAngle: angle(at: l1),
            clockwise: sweep < 0)
        return path
    }

    /// The track and its fill up to `fraction`: a closed ring in the tone, then the tint.
    func capacity(_ fraction: Double, tint: Shading, tone: TrackTone) -> [DisplayList.Item] {
        let track: [DisplayList.Item]
        if tone == .fadedTint, case .gradient = tint {
            // The gradient's overlapping pieces go through one layer, so overlaps don't show.
            track =
                [.push(.opacity(Double(TrackTone.fadedOpacity)))]
                + stroke(from: 0, to: 1, tint, roundCaps: false) + [.pop]
        } else {
            track = stroke(from: 0, to: 1, tint.track(tone), roundCaps: false)
        }
        guard fraction > 0 else { return track }
        return track + stroke(from: 0, to: fraction, tint, roundCaps: fraction < 1)
    }

    /// The track between two locations stroked with a shading.
    ///
    /// A color is one stroke. A gradient is drawn along the arc as pieces of at most
    /// ``gradientStep``, each in the gradient's color at its middle and overlapping the next
    /// by half a piece (so no seam shows between them); round caps are discs in the end colors.
    func stroke(from l0: Double, to l1: Double, _ shading: Shading, roundCaps: Bool)
        -> [DisplayList.Item]
    {
        let cap: LineCap = roundCaps ? .round : .butt
        guard case .gradient(let gradient) = shading else {
            // A whole turn is a closed circle: no ends, so no seam where they would meet.
            let path =
                abs(sweep * (l1 - l0)) >= 2 * .pi
                ? Raster.Path(
                    ellipseIn: Rect(
                        x: center.x - radius, y: center.y - radius, width: 2 * radius,
                        height: 2 * radius))
                : arc(from: l0, to: l1)
            return [.stroke(path, shading, StrokeStyle(lineWidth: lineWidth, lineCap: cap))]
        }
        let pieces = max(1, Int((abs(sweep * (l1 - l0)) / Self.gradientStep).rounded(.up)))
        let step = (l1 - l0) / Double(pieces)
        let butt = StrokeStyle(lineWidth: lineWidth)
        var items: [DisplayList.Item] = []
        if roundCaps { items.append(disc(at: l0, gradient)) }
        for i in 0..<pieces {
            let a = l0 + step * Double(i)
            let b = i == pieces - 1 ? l1 : a + step * 1.5
            items.append(
                .stroke(arc(from: a, to: b), .color(gradient.color(at: a + step / 2)), butt))
        }
        if roundCaps { items.append(disc(at: l1, gradient)) }
        return items
    }

    private func disc(at location: Double, _ gradient: GradientShading) -> DisplayList.Item {
        let p = point(at: location)
        let r = lineWidth / 2
        return .fill(
            Raster.Path(ellipseIn: Rect(x: p.x - r, y: p.y - r, width: 2 * r, height: 2 * r)),
            .color(gradient.color(at: location)))
    }
}
