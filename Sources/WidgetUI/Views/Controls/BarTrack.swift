import Raster

/// The bar of the linear gauges and progress views: a capsule track as wide as proposed and
/// `thickness` points tall, vertically centered.
///
/// - `.capacity`: the track in its tone, the tint filling it from the leading end to the
///   fraction (clipped to the capsule, so a small fraction is a sliver of its rounded end).
/// - `.marker`: the track in the tint, with a ring marking the fraction in a notch.
///
/// A gradient tint runs along the bar from its leading to its trailing end.
struct BarTrack: View, PrimitiveView {
    var kind: TrackKind
    var thickness: Double
    var tone: TrackTone

    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        let tint = environment.tint
        let foreground = environment.foregroundShading
        let overhang: Double =
            if case .marker = kind { ValueMarker.overhang(trackWidth: thickness) } else { 0 }
        nodes.append(
            LeafNode(kind: "BarTrack") { [thickness] proposal in
                Size(width: proposal.width ?? 10, height: thickness + 2 * overhang)
            } draw: { [kind, thickness, tone] bounds in
                let track = Rect(
                    x: bounds.minX + overhang, y: bounds.midY - thickness / 2,
                    width: max(0, bounds.width - 2 * overhang), height: thickness)
                var capsule = Raster.Path()
                capsule.addCapsule(in: track)
                switch kind {
                case .capacity(let fraction):
                    let back: DisplayList.Item = .fill(capsule, tint.track(tone).along(track))
                    guard fraction > 0 else { return [back] }
                    var filled = track
                    filled.size.width *= fraction
                    return [
                        back, .push(.clip(capsule)), .fill(Raster.Path(filled), tint.along(track)),
                        .pop,
                    ]
                case .marker(let fraction):
                    // The marker's center runs between the centers of the rounded ends.
                    let r = thickness / 2
                    let center = Point(
                        x: track.minX + r + fraction * max(0, track.width - thickness),
                        y: track.midY)
                    return ValueMarker(center: center, trackWidth: thickness).drawn(
                        over: [.fill(capsule, tint.along(track))], in: bounds,
                        shading: foreground)
                }
            })
    }
}
