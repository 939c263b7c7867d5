import Foundation
import Testing

@testable import Raster

@Suite("Path")
struct PathTests {
    private func length(_ p: Path) -> Double {
        p.flattened(.identity, tolerance: 0.001).reduce(0.0) { total, line in
            var l = 0.0
            for i in 1..<line.points.count { l += (line.points[i] - line.points[i - 1]).length }
            if line.closed, let f = line.points.first, let last = line.points.last { l += (f - last).length }
            return total + l
        }
    }

    @Test("an ellipse's curves stay within 0.03 % of a circle")
    func ellipseIsCircular() {
        let p = Path(ellipseIn: Rect(x: -50, y: -50, width: 100, height: 100))
        for line in p.flattened(.identity, tolerance: 0.01) {
            for pt in line.points { #expect(abs(pt.length - 50) < 50 * 0.0003) }
        }
    }

    @Test("trimming a circle keeps the requested fraction of its length, as curves")
    func trim() {
        let circle = Path(ellipseIn: Rect(x: 0, y: 0, width: 100, height: 100))
        let quarter = circle.trimmedPath(from: 0, to: 0.25)
        #expect(abs(length(quarter) - Double.pi * 100 / 4) < 0.05)
        #expect(quarter.elements.contains { if case .curve = $0 { true } else { false } })
        let middle = circle.trimmedPath(from: 0.1, to: 0.6)
        #expect(abs(length(middle) - Double.pi * 100 / 2) < 0.05)
        #expect(circle.trimmedPath(from: 0.7, to: 0.2).isEmpty)
    }

    @Test("an arc from 12 o'clock with clockwise: false sweeps toward 3 o'clock (SwiftUI)")
    func arcDirection() {
        var p = Path()
        p.addArc(center: .zero, radius: 10, startAngle: -.pi / 2, endAngle: 0, clockwise: false)
        let pts = p.flattened(.identity)[0].points
        #expect(abs(pts[0].x) < 1e-9 && abs(pts[0].y + 10) < 1e-9)
        #expect(abs(pts.last!.x - 10) < 1e-9 && abs(pts.last!.y) < 1e-9)
        // The midpoint is at 45° toward the upper right, not around the long way.
        let mid = pts[pts.count / 2]
        #expect(mid.x > 0 && mid.y < 0)
        var q = Path()
        q.addArc(center: .zero, radius: 10, startAngle: -.pi / 2, endAngle: 0, clockwise: true)
        #expect(abs(length(q) - 2 * Double.pi * 10 * 0.75) < 0.01)
    }

    @Test("continuous corners start 1.53 r before the corner, meet the edges and match a circle's area closely")
    func continuousCorners() {
        let r = Rect(x: 0, y: 0, width: 200, height: 200)
        let cont = Path(roundedRect: r, cornerRadius: 40, style: .continuous)
        #expect(cont.elements.first == .move(to: Point(x: 200 - 40 * 1.52866483, y: 0)))
        #expect(cont.boundingRect == r)
        // Continuous corners start earlier but bulge nearer the corner: the areas stay close.
        func area(_ p: Path) -> Double {
            let c = Canvas(width: 200, height: 200)
            c.fill(p, with: Paint(color: .white))
            var s = 0
            for y in 0..<200 { for x in 0..<200 { s += Int(c[x, y].a) } }
            return Double(s) / 255
        }
        let circ = area(Path(roundedRect: r, cornerRadius: 40))
        #expect(abs(area(cont) - circ) < circ * 0.005)
        #expect(abs(circ - (40000 - (4 - Double.pi) * 1600)) < 2.5)
    }

    @Test("transforms compose in order and invert")
    func transforms() {
        let t = Transform(scaleX: 2, y: 3).concatenating(Transform(translationX: 10, y: 20))
        #expect(t.apply(Point(x: 1, y: 1)) == Point(x: 12, y: 23))
        let back = t.inverted!.apply(Point(x: 12, y: 23))
        #expect(abs(back.x - 1) < 1e-12 && abs(back.y - 1) < 1e-12)
        #expect(Transform(scaleX: 0, y: 1).inverted == nil)
    }
}
