import FoundationEssentials
import Glibc

/// The corner shape of a rounded rectangle.
public enum RoundedCornerStyle: Sendable, Hashable {
    /// Quarter circles.
    case circular
    /// Apple's "continuous" corners: curvature ramps up from the straight edge (a squircle-like
    /// curve that starts 1.528665 × the radius before the corner).
    case continuous
}

extension Path {
    /// A path holding one rectangle.
    public init(_ rect: Rect) {
        self.init()
        addRect(rect)
    }

    /// A path holding a rounded rectangle.
    public init(roundedRect rect: Rect, cornerRadius: Double, style: RoundedCornerStyle = .circular)
    {
        self.init()
        addRoundedRect(
            in: rect, cornerSize: Size(width: cornerRadius, height: cornerRadius), style: style)
    }

    /// A path holding the ellipse inscribed in `rect`.
    public init(ellipseIn rect: Rect) {
        self.init()
        addEllipse(in: rect)
    }

    /// Adds a closed rectangle, clockwise on screen from the top-left corner.
    public mutating func addRect(_ r: Rect) {
        reserveForShape(5)
        move(to: Point(x: r.minX, y: r.minY))
        addLine(to: Point(x: r.maxX, y: r.minY))
        addLine(to: Point(x: r.maxX, y: r.maxY))
        addLine(to: Point(x: r.minX, y: r.maxY))
        closeSubpath()
    }

    /// Adds a closed rounded rectangle; the corner size is clamped to half the rectangle.
    public mutating func addRoundedRect(
        in r: Rect, cornerSize: Size, style: RoundedCornerStyle = .circular
    ) {
        addRoundedRect(in: r, corners: CornerSizes(all: cornerSize), style: style)
    }

    /// Adds a closed rectangle whose corners are rounded each by its own size (zero: square),
    /// each clamped to half the rectangle.
    public mutating func addRoundedRect(
        in r: Rect, corners: CornerSizes, style: RoundedCornerStyle = .circular
    ) {
        let clamped = corners.map { corner -> Size in
            let rx = max(0, min(corner.width, r.width / 2))
            let ry = max(0, min(corner.height, r.height / 2))
            return rx > 0 && ry > 0 ? Size(width: rx, height: ry) : Size(width: 0, height: 0)
        }
        guard clamped.all.contains(where: { $0.width > 0 }) else { return addRect(r) }
        switch style {
        case .circular: addCircularRoundedRect(r, clamped)
        case .continuous: addContinuousRoundedRect(r, clamped)
        }
    }

    /// κ = 4(√2 − 1)/3: the control-point distance of a cubic quarter circle (error 0.027 %).
    static let kappa = 0.5522847498307936

    private mutating func addCircularRoundedRect(_ r: Rect, _ corners: CornerSizes) {
        let k = Path.kappa
        let (tl, tr, br, bl) = (
            corners.topLeft, corners.topRight, corners.bottomRight, corners.bottomLeft
        )
        reserveForShape(10)
        move(to: Point(x: r.minX + tl.width, y: r.minY))
        addLine(to: Point(x: r.maxX - tr.width, y: r.minY))
        addCurve(
            to: Point(x: r.maxX, y: r.minY + tr.height),
            control1: Point(x: r.maxX - tr.width + tr.width * k, y: r.minY),
            control2: Point(x: r.maxX, y: r.minY + tr.height - tr.height * k))
        addLine(to: Point(x: r.maxX, y: r.maxY - br.height))
        addCurve(
            to: Point(x: r.maxX - br.width, y: r.maxY),
            control1: Point(x: r.maxX, y: r.maxY - br.height + br.height * k),
            control2: Point(x: r.maxX - br.width + br.width * k, y: r.maxY))
        addLine(to: Point(x: r.minX + bl.width, y: r.maxY))
        addCurve(
            to: Point(x: r.minX, y: r.maxY - bl.height),
            control1: Point(x: r.minX + bl.width - bl.width * k, y: r.maxY),
            control2: Point(x: r.minX, y: r.maxY - bl.height + bl.height * k))
        addLine(to: Point(x: r.minX, y: r.minY + tl.height))
        addCurve(
            to: Point(x: r.minX + tl.width, y: r.minY),
            control1: Point(x: r.minX, y: r.minY + tl.height - tl.height * k),
            control2: Point(x: r.minX + tl.width - tl.width * k, y: r.minY))
        closeSubpath()
    }

    /// Continuous corners, from the widely used reconstruction of UIKit's
    /// `UIBezierPath(roundedRect:cornerRadius:)` (three cubics per corner).
    ///
    /// Where the rectangle
    /// is too small for the 1.528665 r reach, the radius shrinks so the curves still meet.
    private mutating func addContinuousRoundedRect(_ rect: Rect, _ sizes: CornerSizes) {
        let reach = 1.52866483
        // One corner's control points in a unit frame: (along the edge, into the corner); the
        // corner is at (0, 0) and the curve runs from (reach, 0) to (0, reach).
        let c: [(Double, Double)] = [
            (1.52866483, 0), (1.08849323, 0), (0.86840689, 0), (0.66993427, 0.06549600),
            (0.43231893, 0.12608526), (0.25673631, 0.22509717), (0.13099699, 0.36731190),
            (0.00877700, 0.77988082), (0, 0.90651490), (0, 1.52866483),
        ]
        // Corners clockwise from the top-right; `map` places a unit-frame point at a corner.
        let corners: [(Point, Double, Double, Bool, Size)] = [
            (Point(x: rect.maxX, y: rect.minY), -1, 1, false, sizes.topRight),
            (Point(x: rect.maxX, y: rect.maxY), -1, -1, true, sizes.bottomRight),
            (Point(x: rect.minX, y: rect.maxY), 1, -1, false, sizes.bottomLeft),
            (Point(x: rect.minX, y: rect.minY), 1, 1, true, sizes.topLeft),
        ]
        reserveForShape(17)
        for (i, (corner, sx, sy, swap, size)) in corners.enumerated() {
            let rx = min(size.width, rect.width / 2 / reach)
            let ry = min(size.height, rect.height / 2 / reach)
            func map(_ u: (Double, Double)) -> Point {
                // For top-right and bottom-left the first coordinate runs along x; for the
                // others, along y (the curve is traversed in clockwise order).
                let (ax, ay) = swap ? (u.1, u.0) : (u.0, u.1)
                return Point(x: corner.x + sx * ax * rx, y: corner.y + sy * ay * ry)
            }
            let start = map(c[0])
            if i == 0 { move(to: start) } else { addLine(to: start) }
            guard rx > 0, ry > 0 else { continue }
            addCurve(to: map(c[3]), control1: map(c[1]), control2: map(c[2]))
            addCurve(to: map(c[6]), control1: map(c[4]), control2: map(c[5]))
            addCurve(to: map(c[9]), control1: map(c[7]), control2: map(c[8]))
        }
        closeSubpath()
    }

    /// Adds the ellipse inscribed in `r`, clockwise on screen from the right-most point.
    public mutating func addEllipse(in r: Rect) {
        let k = Path.kappa
        let cx = r.midX
        let cy = r.midY
        let a = r.width / 2
        let b = r.height / 2
        reserveForShape(6)
        move(to: Point(x: cx + a, y: cy))
        addCurve(
            to: Point(x: cx, y: cy + b), control1: Point(x: cx + a, y: cy + b * k),
            control2: Point(x: cx + a * k, y: cy + b))
        addCurve(
            to: Point(x: cx - a, y: cy), control1: Point(x: cx - a * k, y: cy + b),
            control2: Point(x: cx - a, y: cy + b * k))
        addCurve(
            to: Point(x: cx, y: cy - b), control1: Point(x: cx - a, y: cy - b * k),
            control2: Point(x: cx - a * k, y: cy - b))
        addCurve(
            to: Point(x: cx + a, y: cy), control1: Point(x: cx + a * k, y: cy - b),
            control2: Point(x: cx + a, y: cy - b * k))
        closeSubpath()
    }

    /// Adds a capsule: a rounded rectangle whose corner radius is half its shorter side.
    public mutating func addCapsule(in r: Rect, style: RoundedCornerStyle = .circular) {
        let radius = min(r.width, r.height) / 2
        addRoundedRect(in: r, cornerSize: Size(width: radius, height: radius), style: style)
    }

    /// Adds a circular arc with SwiftUI's meaning: angles in radians from the +x axis, and
    /// `clockwise` in the unflipped mathematical sense, so on a y-down screen `clockwise: false`
    /// sweeps toward increasing angles and *looks* clockwise.
    ///
    /// A line joins the current point to
    /// the arc's start, if there is a current point.
    ///
    /// ```swift
    /// // A ring gauge's progress: from 12 o'clock, 72 % of a turn, clockwise on screen.
    /// p.addArc(center: c, radius: 50, startAngle: -.pi / 2,
    ///          endAngle: -.pi / 2 + 0.72 * 2 * .pi, clockwise: false)
    /// ```
    public mutating func addArc(
        center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool
    ) {
        let full = 2 * Double.pi
        var sweep = endAngle - startAngle
        if clockwise, sweep > 0 {
            sweep -= full * (sweep / full).rounded(.up)
        } else if !clockwise, sweep < 0 {
            sweep -= full * (sweep / full).rounded(.down)
        }
        let segments = max(1, Int((abs(sweep) / (Double.pi / 2)).rounded(.up)))
        reserveForShape(segments + 1)
        // Each angle's cosine and sine once: a piece's end is the next one's start.
        var a0 = startAngle
        var (cos0, sin0) = (cos(a0), sin(a0))
        let start = Point(x: center.x + radius * cos0, y: center.y + radius * sin0)
        if currentPoint == nil { move(to: start) } else { addLine(to: start) }
        let step = sweep / Double(segments)
        // Each piece of angle θ is one cubic with handles of length (4/3)·tan(θ/4)·r.
        let h = 4.0 / 3.0 * tan(step / 4) * radius
        for _ in 0..<segments {
            let a1 = a0 + step
            let (cos1, sin1) = (cos(a1), sin(a1))
            let p0 = Point(x: center.x + radius * cos0, y: center.y + radius * sin0)
            let p1 = Point(x: center.x + radius * cos1, y: center.y + radius * sin1)
            addCurve(
                to: p1, control1: Point(x: p0.x - h * sin0, y: p0.y + h * cos0),
                control2: Point(x: p1.x + h * sin1, y: p1.y - h * cos1))
            (a0, cos0, sin0) = (a1, cos1, sin1)
        }
    }
}
