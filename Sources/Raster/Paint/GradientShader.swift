import Glibc

/// Linear, radial and angular gradients through a 256-entry table of premultiplied colors.
///
/// The gradient parameter t is affine in canvas pixels for a linear gradient, computed for each
/// pixel from its own column; for a radial one it is the distance from the center in gradient
/// space, mapped back through the inverse transform; for an angular one it is the angle around
/// the center from the start angle, in gradient space, over the span (see ``AngularGradient``
/// for the gap of a span shorter than a turn). t is padded to 0…1 and looked up. A
/// pixel's color depends on its position only, never on the span it is shaded in.
final class GradientShader: SpanShader {
    private let table: UnsafeMutablePointer<UInt32>
    private let kind: Kind
    private let inverse: Transform

    private enum Kind {
        /// t = ax·x + ay·y + c in canvas pixels.
        case linear(ax: Double, ay: Double, c: Double)
        /// t = (|p − center| − r0) / (r1 − r0) in gradient space.
        case radial(center: Point, r0: Double, dr: Double)
        /// t = (angle of p − center − start, mod a turn) / span in gradient space; past the
        /// span (span < a turn), 1 up to the middle of the gap and 0 after it.
        case angular(center: Point, start: Double, span: Double)
    }

    init(
        linear g: LinearGradient, transform: Transform, colorTransform: ColorTransform,
        opacity: Float
    ) {
        table = GradientShader.makeTable(g.stops, colorTransform, opacity)
        inverse = transform.inverted ?? .identity
        let d = g.end - g.start
        let len2 = max(d.x * d.x + d.y * d.y, 1e-12)
        // t(user) = ((u − start) · d) / |d|²; with u = inverse(p): compose the affine maps.
        let i = inverse
        let kx = d.x / len2
        let ky = d.y / len2
        kind = .linear(
            ax: i.a * kx + i.b * ky, ay: i.c * kx + i.d * ky,
            c: (i.tx - g.start.x) * kx + (i.ty - g.start.y) * ky)
    }

    init(
        radial g: RadialGradient, transform: Transform, colorTransform: ColorTransform,
        opacity: Float
    ) {
        table = GradientShader.makeTable(g.stops, colorTransform, opacity)
        inverse = transform.inverted ?? .identity
        kind = .radial(
            center: g.center, r0: g.startRadius, dr: max(g.endRadius - g.startRadius, 1e-9))
    }

    init(
        angular g: AngularGradient, transform: Transform, colorTransform: ColorTransform,
        opacity: Float
    ) {
        table = GradientShader.makeTable(g.stops, colorTransform, opacity)
        inverse = transform.inverted ?? .identity
        let turn = 2 * Double.pi
        var span = g.endAngle - g.startAngle
        // The last turn of a longer span; a whole turn when the angles are the same.
        if span > turn { span -= turn * ((span / turn).rounded(.up) - 1) }
        if span <= 0 { span = turn }
        kind = .angular(center: g.center, start: g.startAngle, span: span)
    }

    deinit { table.deallocate() }

    /// The colors at t = i/255, transformed, faded by `opacity`, premultiplied.
    private static func makeTable(_ stops: [GradientStop], _ ct: ColorTransform, _ opacity: Float)
        -> UnsafeMutablePointer<UInt32>
    {
        let t = UnsafeMutablePointer<UInt32>.allocate(capacity: 256)
        let sorted = stops.sorted { $0.location < $1.location }
        for i in 0..<256 {
            let pos = Float(i) / 255
            let color: RGBA
            if let first = sorted.first, let last = sorted.last {
                if pos <= first.location {
                    color = first.color
                } else if pos >= last.location {
                    color = last.color
                } else {
                    let k = sorted.firstIndex { $0.location >= pos } ?? sorted.count - 1
                    let a = sorted[k - 1]
                    let b = sorted[k]
                    let span = b.location - a.location
                    color = a.color.lerp(to: b.color, span > 0 ? (pos - a.location) / span : 1)
                }
            } else {
                color = .clear
            }
            t[i] = ct.apply(color).opacity(opacity).premultiplied.value
        }
        return t
    }

    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        // Each pixel's t from its own column, the row's part computed once (not stepped from
        // the span's first pixel), so a pixel's color does not depend on where the scan
        // converter cut the row into spans.
        let py = Double(y) + 0.5
        switch kind {
        case .linear(let ax, let ay, let c):
            let rowPart = ay * py + c
            for i in 0..<count {
                let t = ax * (Double(x + i) + 0.5) + rowPart
                out[i] = table[Int((min(max(t, 0), 1) * 255).rounded())]
            }
        case .radial(let center, let r0, let dr):
            let m = inverse
            let rowX = m.c * py + m.tx
            let rowY = m.d * py + m.ty
            for i in 0..<count {
                let px = Double(x + i) + 0.5
                let u = Point(x: m.a * px + rowX, y: m.b * px + rowY)
                let dist = (u - center).length
                let t = (dist - r0) / dr
                out[i] = table[Int((min(max(t, 0), 1) * 255).rounded())]
            }
        case .angular(let center, let start, let span):
            let m = inverse
            let rowX = m.c * py + m.tx
            let rowY = m.d * py + m.ty
            let turn = 2 * Double.pi
            let gapMiddle = span + (turn - span) / 2
            for i in 0..<count {
                let px = Double(x + i) + 0.5
                let d = Point(x: m.a * px + rowX, y: m.b * px + rowY) - center
                var a = (atan2(d.y, d.x) - start).truncatingRemainder(dividingBy: turn)
                if a < 0 { a += turn }
                let t = a <= span ? a / span : (a < gapMiddle ? 1 : 0)
                out[i] = table[Int((t * 255).rounded())]
            }
        }
    }
}
