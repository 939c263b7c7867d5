import Raster

/// The small ring that marks the current value on the accessory gauges, in a notch cut out of
/// the track.
struct ValueMarker {
    /// The marker's center.
    var center: Point
    /// The outer radius of the ring.
    var radius: Double
    /// The width of the ring's line.
    var lineWidth: Double
    /// The clear space between the ring and the track around it.
    var gap: Double

    /// A marker for a track of `trackWidth`: a ring half a line wider than the track.
    init(center: Point, trackWidth: Double) {
        self.center = center
        radius = trackWidth / 2 + trackWidth / 12
        lineWidth = trackWidth / 4
        gap = trackWidth / 4
    }

    /// How far the ring reaches beyond the track's edges.
    static func overhang(trackWidth: Double) -> Double { trackWidth / 12 }

    /// `track` drawn with a notch around the marker, then the marker ring in `shading`.
    func drawn(over track: [DisplayList.Item], in bounds: Rect, shading: Shading)
        -> [DisplayList.Item]
    {
        var notch = Raster.Path(bounds.insetBy(dx: -radius - gap, dy: -radius - gap))
        notch.addEllipse(in: circle(radius + gap))
        let ring = Raster.Path(ellipseIn: circle(radius - lineWidth / 2))
        return [.push(.clip(notch, .evenOdd))] + track + [
            .pop,
            .stroke(ring, shading.placed(in: circle(radius)), StrokeStyle(lineWidth: lineWidth)),
        ]
    }

    private func circle(_ r: Double) -> Rect {
        Rect(x: center.x - r, y: center.y - r, width: 2 * r, height: 2 * r)
    }
}
