import FoundationEssentials
import Glibc

/// Turns flattened polylines into the outline of their stroke, to be filled with nonzero.
///
/// Each open polyline becomes one closed contour: the offset on one side forward, the end cap,
/// the other side backward, the start cap. A closed polyline becomes two contours of opposite
/// direction (outer and inner ring). At a corner the outer side gets the join (miter, round,
/// bevel); the inner side goes through the corner point itself, which nonzero filling turns
/// into the right union (Skia's `SkStroke` does the same). Vertices inside a flattened curve
/// are smooth: both sides meet at the miter point, which for the tiny angles there is exact.
enum Stroker {
    /// Distance, in pixels, by which round joins and caps may deviate from true circles.
    static let tolerance = 0.02

    /// The radius at which a polygon of chords spanning `step` radians each encloses the same
    /// area as the true circle: r·sqrt(step / sin step).
    ///
    /// Placing round caps and joins there
    /// keeps stroke areas exact instead of shrinking them by the chords' sagitta.
    static func areaPreservingRadius(_ r: Double, step: Double) -> Double {
        let s = sin(abs(step))
        return s > 1e-9 ? r * (abs(step) / s).squareRoot() : r
    }

    static func stroke(
        _ lines: [Polyline], width: Double, cap: LineCap, join: LineJoin, miterLimit: Double
    ) -> [Polyline] {
        let hw = width / 2
        guard hw > 0, hw.isFinite else { return [] }
        var out: [Polyline] = []
        for var line in lines {
            if line.closed, line.points.count > 2, line.points.first == line.points.last {
                line.points.removeLast()
                line.smooth.removeLast()
            }
            if line.points.count == 1 {
                if let dot = dot(at: line.points[0], hw: hw, cap: cap) { out.append(dot) }
                continue
            }
            guard line.points.count >= 2 else { continue }
            let context = Context(hw: hw, join: join, miterLimit: miterLimit)
            let closed = line.closed && line.points.count >= 3
            let normals = context.normals(line.points, closed: closed)
            if closed {
                out.append(context.side(line, normals: normals, sign: 1, closed: true))
                var inner = context.side(line, normals: normals, sign: -1, closed: true)
                inner.points.reverse()
                out.append(inner)
            } else {
                var contour = context.side(line, normals: normals, sign: 1, closed: false)
                let n = line.points.count
                context.cap(&contour, at: line.points[n - 1], from: line.points[n - 2], cap: cap)
                var back = context.side(line, normals: normals, sign: -1, closed: false)
                back.points.reverse()
                contour.points += back.points
                context.cap(&contour, at: line.points[0], from: line.points[1], cap: cap)
                contour.closed = true
                out.append(contour)
            }
        }
        return out
    }

    /// A zero-length subpath: a disc or a square with round or square caps, nothing with butt.
    private static func dot(at p: Point, hw: Double, cap: LineCap) -> Polyline? {
        switch cap {
        case .butt: return nil
        case .round:
            var c = Polyline()
            let n = arcSegments(angle: 2 * .pi, hw: hw)
            let r = areaPreservingRadius(hw, step: 2 * .pi / Double(n))
            for i in 0..<n {
                let a = 2 * Double.pi * Double(i) / Double(n)
                c.add(Point(x: p.x + r * cos(a), y: p.y + r * sin(a)), smooth: true)
            }
            c.closed = true
            return c
        case .square:
            var c = Polyline()
            for (dx, dy) in [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)] {
                c.add(Point(x: p.x + dx * hw, y: p.y + dy * hw), smooth: false)
            }
            c.closed = true
            return c
        }
    }

    /// Chords needed for an arc of `angle` radians at radius `hw` within ``tolerance``.
    static func arcSegments(angle: Double, hw: Double) -> Int {
        let step = 2 * acos(max(-1, min(1, 1 - tolerance / max(hw, tolerance))))
        return max(2, Int((abs(angle) / max(step, 0.01)).rounded(.up)))
    }

    private struct Context {
        let hw: Double
        let join: LineJoin
        let miterLimit: Double

        /// The unit normal (rotated +90° on screen) of the segment a → b.
        func normal(_ a: Point, _ b: Point) -> Point {
            let d = b - a
            let len = d.length
            return Point(x: -d.y / len, y: d.x / len)
        }

        /// The unit normal of each segment of `pts`, computed once for both sides.
        ///
        /// Segment i runs from point i to point i + 1; a `closed` polyline's last one runs back
        /// to point 0.
        func normals(_ pts: [Point], closed: Bool) -> [Point] {
            let n = pts.count
            return (0..<(closed ? n : n - 1)).map { i in normal(pts[i], pts[(i + 1) % n]) }
        }

        /// The offset polyline on one side (`sign` = ±1), joins included; `normals` are the
        /// segments' (``normals(_:closed:)``).
        func side(_ line: Polyline, normals: [Point], sign: Double, closed: Bool) -> Polyline {
            let pts = line.points
            let n = pts.count
            var out = Polyline()
            out.closed = closed
            let segCount = normals.count
            let r = hw * sign
            if !closed {
                out.add(pts[0] + normals[0] * r, smooth: false)
            }
            for v in (closed ? 0 : 1)..<(closed ? n : n - 1) {
                // Vertex v joins segment v−1 (in, from point v−1 or, closed, the last point)
                // and segment v (out, to point v+1).
                let previous = pts[(v - 1 + n) % n]
                let following = pts[(v + 1) % n]
                addJoin(
                    &out, at: pts[v], n0: normals[(v - 1 + segCount) % segCount],
                    n1: normals[v], r: r, smooth: line.smooth[v],
                    turn: (pts[v].x - previous.x) * (following.y - pts[v].y)
                        - (pts[v].y - previous.y) * (following.x - pts[v].x))
            }
            if !closed {
                out.add(pts[n - 1] + normals[segCount - 1] * r, smooth: false)
            }
            return out
        }

        private func addJoin(
            _ out: inout Polyline, at p: Point, n0: Point, n1: Point, r: Double, smooth: Bool,
            turn: Double
        ) {
            let dot = n0.x * n1.x + n0.y * n1.y
            // The outer side of a turn is the one the normals point away from the turn.
            let outer = (turn > 0) == (r < 0)
            if dot > 0.999 || (smooth && dot > 0.9) {
                // Nearly straight: the miter point, exact for small angles.
                let m = (n0 + n1) * (r / (1 + dot))
                out.add(p + m, smooth: true)
                return
            }
            if !outer {
                out.add(p + n0 * r, smooth: false)
                out.add(p, smooth: false)
                out.add(p + n1 * r, smooth: false)
                return
            }
            switch smooth ? LineJoin.round : join {
            case .bevel:
                out.add(p + n0 * r, smooth: false)
                out.add(p + n1 * r, smooth: false)
            case .miter:
                // Miter length / width = 1 / cos(φ/2) = 1 / sqrt((1 + cos φ) / 2).
                let ratio = 1 / ((1 + dot) / 2).squareRoot()
                if ratio <= miterLimit {
                    out.add(p + (n0 + n1) * (r / (1 + dot)), smooth: false)
                } else {
                    out.add(p + n0 * r, smooth: false)
                    out.add(p + n1 * r, smooth: false)
                }
            case .round:
                let a0 = atan2(n0.y * r, n0.x * r)
                var sweep = atan2(n1.y * r, n1.x * r) - a0
                if sweep > .pi { sweep -= 2 * .pi }
                if sweep < -.pi { sweep += 2 * .pi }
                let k = Stroker.arcSegments(angle: sweep, hw: hw)
                let rr = Stroker.areaPreservingRadius(hw, step: sweep / Double(k))
                out.add(p + n0 * r, smooth: false)
                for i in 1..<k {
                    let a = a0 + sweep * Double(i) / Double(k)
                    out.add(Point(x: p.x + rr * cos(a), y: p.y + rr * sin(a)), smooth: false)
                }
                out.add(p + n1 * r, smooth: false)
            }
        }

        /// Adds the cap at end point `p` of a segment arriving from `from`, going from the
        /// +normal side to the −normal side around the end.
        func cap(_ out: inout Polyline, at p: Point, from: Point, cap: LineCap) {
            let n = normal(from, p)
            let u = Point(x: n.y, y: -n.x)  // the direction of travel
            switch cap {
            case .butt: break
            case .square:
                out.add(p + n * hw + u * hw, smooth: false)
                out.add(p - n * hw + u * hw, smooth: false)
            case .round:
                let a0 = atan2(n.y, n.x)
                let k = Stroker.arcSegments(angle: .pi, hw: hw)
                // Interior vertices sit at the area-preserving radius; the two ends stay on
                // the stroke's sides. From +n through +u to −n: the angle decreases.
                let rr = Stroker.areaPreservingRadius(hw, step: .pi / Double(k))
                for i in 1..<k {
                    let a = a0 - Double.pi * Double(i) / Double(k)
                    out.add(Point(x: p.x + rr * cos(a), y: p.y + rr * sin(a)), smooth: true)
                }
            }
        }
    }
}
