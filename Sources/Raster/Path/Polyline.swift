/// A flattened subpath: straight segments in canvas pixels, ready for the stroker or the
/// scan converter.
struct Polyline {
    var points: [Point] = []
    /// Per point: true where the point was produced inside a flattened curve (the outline is
    /// smooth there, so a stroke needs no visible join).
    var smooth: [Bool] = []
    var closed = false

    mutating func add(_ p: Point, smooth s: Bool) {
        if let last = points.last, last == p { return }
        points.append(p)
        smooth.append(s)
    }
}

extension Path {
    /// Flattening tolerance in canvas pixels: the largest distance between a curve and its
    /// chords. At 0.02 px the area lost inside the chords of a 40 px circle is under 0.05 %.
    static let flatteningTolerance = 0.02

    /// The path mapped by `t` and cut into straight segments no farther than `tolerance` from
    /// the curves (Wang's formula for the number of segments per Bézier curve).
    func flattened(_ t: Transform, tolerance: Double = Path.flatteningTolerance) -> [Polyline] {
        var out: [Polyline] = []
        var cur = Polyline()
        var last = Point.zero
        func finish(closed: Bool) {
            if cur.points.count > 1 || (cur.points.count == 1 && closed) {
                cur.closed = closed
                out.append(cur)
            }
            cur = Polyline()
        }
        for e in elements {
            switch e {
            case .move(let p):
                finish(closed: false)
                last = t.apply(p)
                cur.add(last, smooth: false)
            case .line(let p):
                last = t.apply(p)
                cur.add(last, smooth: false)
            case .quadCurve(let p, let c):
                let p0 = last
                let p1 = t.apply(c)
                let p2 = t.apply(p)
                let dd = (p0 - p1 * 2 + p2).length
                let n = max(1, Int((0.25 * dd / tolerance).squareRoot().rounded(.up)))
                for i in 1...n {
                    let u = Double(i) / Double(n)
                    let a = p0.lerp(to: p1, u)
                    let b = p1.lerp(to: p2, u)
                    cur.add(a.lerp(to: b, u), smooth: i < n)
                }
                last = p2
            case .curve(let p, let c1, let c2):
                let p0 = last
                let p1 = t.apply(c1)
                let p2 = t.apply(c2)
                let p3 = t.apply(p)
                let dd = max((p0 - p1 * 2 + p2).length, (p1 - p2 * 2 + p3).length)
                let n = max(1, Int((0.75 * dd / tolerance).squareRoot().rounded(.up)))
                for i in 1...n {
                    cur.add(Path.cubicPoint(p0, p1, p2, p3, Double(i) / Double(n)), smooth: i < n)
                }
                last = p3
            case .closeSubpath:
                let start = cur.points.first
                finish(closed: true)
                if let s = start {
                    last = s
                    cur.add(s, smooth: false)
                }
            }
        }
        finish(closed: false)
        return out
    }

    /// The point at parameter u of a cubic Bézier curve.
    static func cubicPoint(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ u: Double) -> Point {
        let v = 1 - u
        let a = v * v * v
        let b = 3 * v * v * u
        let c = 3 * v * u * u
        let d = u * u * u
        return Point(
            x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }
}
