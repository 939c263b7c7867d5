extension Path {
    /// The part of the path between two fractions of its length, SwiftUI's `trimmedPath`.
    ///
    /// `from` and `to` are clamped to 0…1; lengths count every segment, including the lines
    /// that close subpaths. Curves stay curves: the cut points are found by arc length on a
    /// fine flattening, and the curves are split there with de Casteljau's algorithm.
    ///
    /// ```swift
    /// // The progress arc of a ring gauge at 72 %: a circle from 12 o'clock, trimmed.
    /// Path(ellipseIn: rect).trimmedPath(from: 0, to: 0.72)
    /// ```
    public func trimmedPath(from: Double, to: Double) -> Path {
        let lo = min(max(from, 0), 1)
        let hi = min(max(to, 0), 1)
        guard hi > lo else { return Path() }
        let segments = measuredSegments()
        let total = segments.reduce(0) { $0 + $1.length }
        guard total > 0 else { return Path() }
        let start = lo * total
        let end = hi * total
        var out = Path()
        var offset = 0.0
        var lastSubpath = -1
        for seg in segments {
            defer { offset += seg.length }
            let s0 = offset
            let s1 = offset + seg.length
            guard s1 > start, s0 < end, seg.length > 0 else { continue }
            let u0 = seg.parameter(atLength: max(start - s0, 0))
            let u1 = seg.parameter(atLength: min(end - s0, seg.length))
            let piece = seg.split(u0, u1)
            if seg.subpath != lastSubpath || out.currentPoint != piece[0] {
                out.move(to: piece[0])
                lastSubpath = seg.subpath
            }
            switch piece.count {
            case 2: out.addLine(to: piece[1])
            case 3: out.addQuadCurve(to: piece[2], control: piece[1])
            default: out.addCurve(to: piece[3], control1: piece[1], control2: piece[2])
            }
        }
        return out
    }

    /// One drawing segment with its control points, length and arc-length table.
    private struct MeasuredSegment {
        /// 2 points for a line, 3 for a quadratic, 4 for a cubic.
        var points: [Point]
        var subpath: Int
        /// Cumulative lengths at parameters i / (count − 1).
        var table: [Double]
        var length: Double { table.last ?? 0 }

        init(points: [Point], subpath: Int) {
            self.points = points
            self.subpath = subpath
            let n = points.count == 2 ? 1 : 64
            var t = [0.0]
            t.reserveCapacity(n + 1)
            var prev = points[0]
            for i in 1...n {
                let p = MeasuredSegment.point(points, Double(i) / Double(n))
                t.append(t[i - 1] + (p - prev).length)
                prev = p
            }
            table = t
        }

        /// The point at parameter `u`: de Casteljau's lerps, unrolled so that measuring a
        /// curve allocates nothing (the same operations in the same order as ``subdivide``).
        static func point(_ p: [Point], _ u: Double) -> Point {
            switch p.count {
            case 2:
                return p[0].lerp(to: p[1], u)
            case 3:
                return p[0].lerp(to: p[1], u).lerp(to: p[1].lerp(to: p[2], u), u)
            default:
                let a = p[0].lerp(to: p[1], u)
                let b = p[1].lerp(to: p[2], u)
                let c = p[2].lerp(to: p[3], u)
                return a.lerp(to: b, u).lerp(to: b.lerp(to: c, u), u)
            }
        }

        /// The curve parameter at which the arc length from the start is `s`.
        func parameter(atLength s: Double) -> Double {
            let n = table.count - 1
            guard let i = table.firstIndex(where: { $0 >= s }) else { return 1 }
            if i == 0 { return 0 }
            let span = table[i] - table[i - 1]
            let f = span > 0 ? (s - table[i - 1]) / span : 0
            return (Double(i - 1) + f) / Double(n)
        }

        /// The control points of the piece between parameters u0 and u1.
        func split(_ u0: Double, _ u1: Double) -> [Point] {
            // Right part at u0, then the left part of that at the rescaled u1.
            let right = MeasuredSegment.subdivide(points, u0).1
            let t = u0 < 1 ? (u1 - u0) / (1 - u0) : 1
            return MeasuredSegment.subdivide(right, t).0
        }

        /// de Casteljau: the control points of the two halves at parameter u.
        static func subdivide(_ p: [Point], _ u: Double) -> ([Point], [Point]) {
            var left = [p[0]]
            var right = [p[p.count - 1]]
            var q = p
            while q.count > 1 {
                q = (0..<(q.count - 1)).map { q[$0].lerp(to: q[$0 + 1], u) }
                left.append(q[0])
                right.append(q[q.count - 1])
            }
            return (left, right.reversed())
        }
    }

    private func measuredSegments() -> [MeasuredSegment] {
        var out: [MeasuredSegment] = []
        var current = Point.zero
        var start = Point.zero
        var subpath = -1
        for e in elements {
            switch e {
            case .move(let p):
                current = p
                start = p
                subpath += 1
            case .line(let p):
                out.append(MeasuredSegment(points: [current, p], subpath: subpath))
                current = p
            case .quadCurve(let p, let c):
                out.append(MeasuredSegment(points: [current, c, p], subpath: subpath))
                current = p
            case .curve(let p, let c1, let c2):
                out.append(MeasuredSegment(points: [current, c1, c2, p], subpath: subpath))
                current = p
            case .closeSubpath:
                if current != start {
                    out.append(MeasuredSegment(points: [current, start], subpath: subpath))
                }
                current = start
            }
        }
        return out
    }
}
