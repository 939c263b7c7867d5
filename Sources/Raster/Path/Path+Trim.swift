import Synchronization

extension Path {
    /// The part of the path between two fractions of its length, SwiftUI's `trimmedPath`.
    ///
    /// `from` and `to` are clamped to 0…1; lengths count every segment, including the lines
    /// that close subpaths. Curves stay curves: the cut points are found by arc length on a
    /// fine flattening, and the curves are split there with de Casteljau's algorithm.
    ///
    /// The last few trims are remembered (``RecentTrims``), so a ring gauge redrawn every
    /// frame with the same value is measured once, not every frame.
    ///
    /// ```swift
    /// // The progress arc of a ring gauge at 72 %: a circle from 12 o'clock, trimmed.
    /// Path(ellipseIn: rect).trimmedPath(from: 0, to: 0.72)
    /// ```
    public func trimmedPath(from: Double, to: Double) -> Path {
        let lo = min(max(from, 0), 1)
        let hi = min(max(to, 0), 1)
        guard hi > lo else { return Path() }
        if let known = RecentTrims.shared.lookup(self, lo, hi) { return known }
        let trimmed = cut(lo, hi)
        RecentTrims.shared.insert(self, lo, hi, trimmed)
        return trimmed
    }

    /// The part between the fractions `lo` < `hi` of the length, both in 0…1.
    private func cut(_ lo: Double, _ hi: Double) -> Path {
        let measured = MeasuredPath(self)
        let total = measured.segments.reduce(0) { $0 + $1.length }
        guard total > 0 else { return Path() }
        let start = lo * total
        let end = hi * total
        var out = Path()
        var offset = 0.0
        var lastSubpath = -1
        for seg in measured.segments {
            defer { offset += seg.length }
            let s0 = offset
            let s1 = offset + seg.length
            guard s1 > start, s0 < end, seg.length > 0 else { continue }
            let u0 = measured.parameter(of: seg, atLength: max(start - s0, 0))
            let u1 = measured.parameter(of: seg, atLength: min(end - s0, seg.length))
            let piece = seg.points.split(u0, u1)
            if seg.subpath != lastSubpath || out.currentPoint != piece.p0 {
                out.move(to: piece.p0)
                lastSubpath = seg.subpath
            }
            switch piece.count {
            case 2: out.addLine(to: piece.p1)
            case 3: out.addQuadCurve(to: piece.p2, control: piece.p1)
            default: out.addCurve(to: piece.p3, control1: piece.p1, control2: piece.p2)
            }
        }
        return out
    }
}

/// The last trims made, for ``Path/trimmedPath(from:to:)``: a pure function of the path and
/// the two fractions, so a remembered result is exactly what cutting again would give.
///
/// Eight entries (a screen's rings and arcs), the oldest dropped first; shared by all threads
/// behind a lock. A hit compares the fractions and the path's elements and allocates nothing.
private final class RecentTrims: Sendable {
    static let shared = RecentTrims()
    /// How many trims are kept.
    static let capacity = 8

    private struct Entry {
        var path: Path
        var from: Double
        var to: Double
        var result: Path
    }

    private let entries = Mutex<[Entry]>([])

    func lookup(_ path: Path, _ from: Double, _ to: Double) -> Path? {
        entries.withLock { entries in
            entries.first { $0.from == from && $0.to == to && $0.path == path }?.result
        }
    }

    func insert(_ path: Path, _ from: Double, _ to: Double, _ result: Path) {
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries.removeFirst() }
            entries.append(Entry(path: path, from: from, to: to, result: result))
        }
    }
}

/// A path's drawing segments with their lengths, for cutting it at fractions of its length.
///
/// Measuring allocates two arrays whatever the path: the segments, and one table of cumulative
/// lengths that all segments share.
private struct MeasuredPath {
    /// One drawing segment: its control points, subpath and where its table lies.
    struct Segment {
        var points: ControlPoints
        var subpath: Int
        /// The segment's cumulative lengths in ``MeasuredPath/tables``, at parameters
        /// i / (count − 1).
        var table: Range<Int>
        var length: Double
    }

    var segments: [Segment] = []
    var tables: [Double] = []

    /// Parameter steps a curve is measured in (a line is measured in one).
    static let curveSteps = 64

    init(_ path: Path) {
        segments.reserveCapacity(path.elements.count)
        tables.reserveCapacity(
            path.elements.reduce(0) { entries, element in
                switch element {
                case .move: entries
                case .line, .closeSubpath: entries + 2
                case .quadCurve, .curve: entries + Self.curveSteps + 1
                }
            })
        var current = Point.zero
        var start = Point.zero
        var subpath = -1
        for e in path.elements {
            switch e {
            case .move(let p):
                current = p
                start = p
                subpath += 1
            case .line(let p):
                add(ControlPoints(current, p), subpath: subpath)
                current = p
            case .quadCurve(let p, let c):
                add(ControlPoints(current, c, p), subpath: subpath)
                current = p
            case .curve(let p, let c1, let c2):
                add(ControlPoints(current, c1, c2, p), subpath: subpath)
                current = p
            case .closeSubpath:
                if current != start {
                    add(ControlPoints(current, start), subpath: subpath)
                }
                current = start
            }
        }
    }

    /// Measures a segment: its arc length at `n + 1` evenly spaced parameters (one step for a
    /// line).
    private mutating func add(_ points: ControlPoints, subpath: Int) {
        let n = points.count == 2 ? 1 : Self.curveSteps
        let first = tables.count
        tables.append(0)
        var length = 0.0
        var prev = points.p0
        for i in 1...n {
            let p = points.point(Double(i) / Double(n))
            length = length + (p - prev).length
            tables.append(length)
            prev = p
        }
        segments.append(
            Segment(points: points, subpath: subpath, table: first..<tables.count, length: length))
    }

    /// The curve parameter at which the arc length from the segment's start is `s`.
    func parameter(of segment: Segment, atLength s: Double) -> Double {
        let table = tables[segment.table]
        let n = table.count - 1
        guard let found = table.firstIndex(where: { $0 >= s }) else { return 1 }
        let i = found - table.startIndex
        if i == 0 { return 0 }
        let span = table[found] - table[found - 1]
        let f = span > 0 ? (s - table[found - 1]) / span : 0
        return (Double(i - 1) + f) / Double(n)
    }
}

/// The control points of a line (2), a quadratic (3) or a cubic (4) Bézier curve.
///
/// They are stored inline, so measuring and splitting a curve allocate nothing. Unused points
/// are zero.
private struct ControlPoints {
    var count: Int
    var p0: Point
    var p1: Point
    var p2 = Point.zero
    var p3 = Point.zero

    /// A line.
    init(_ p0: Point, _ p1: Point) {
        (count, self.p0, self.p1) = (2, p0, p1)
    }

    /// A quadratic curve.
    init(_ p0: Point, _ p1: Point, _ p2: Point) {
        (count, self.p0, self.p1, self.p2) = (3, p0, p1, p2)
    }

    /// A cubic curve.
    init(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) {
        (count, self.p0, self.p1, self.p2, self.p3) = (4, p0, p1, p2, p3)
    }

    /// The point at parameter `u`: de Casteljau's lerps, in the same order as ``subdivide(_:)``.
    func point(_ u: Double) -> Point {
        switch count {
        case 2:
            return p0.lerp(to: p1, u)
        case 3:
            return p0.lerp(to: p1, u).lerp(to: p1.lerp(to: p2, u), u)
        default:
            let a = p0.lerp(to: p1, u)
            let b = p1.lerp(to: p2, u)
            let c = p2.lerp(to: p3, u)
            return a.lerp(to: b, u).lerp(to: b.lerp(to: c, u), u)
        }
    }

    /// The control points of the piece between parameters u0 and u1.
    func split(_ u0: Double, _ u1: Double) -> ControlPoints {
        // Right part at u0, then the left part of that at the rescaled u1.
        let right = subdivide(u0).right
        let t = u0 < 1 ? (u1 - u0) / (1 - u0) : 1
        return right.subdivide(t).left
    }

    /// de Casteljau: the control points of the two halves at parameter u.
    func subdivide(_ u: Double) -> (left: ControlPoints, right: ControlPoints) {
        switch count {
        case 2:
            let m = p0.lerp(to: p1, u)
            return (ControlPoints(p0, m), ControlPoints(m, p1))
        case 3:
            let a = p0.lerp(to: p1, u)
            let b = p1.lerp(to: p2, u)
            let m = a.lerp(to: b, u)
            return (ControlPoints(p0, a, m), ControlPoints(m, b, p2))
        default:
            let a = p0.lerp(to: p1, u)
            let b = p1.lerp(to: p2, u)
            let c = p2.lerp(to: p3, u)
            let ab = a.lerp(to: b, u)
            let bc = b.lerp(to: c, u)
            let m = ab.lerp(to: bc, u)
            return (ControlPoints(p0, a, ab, m), ControlPoints(m, bc, c, p3))
        }
    }
}
