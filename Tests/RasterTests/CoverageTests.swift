import Foundation
import Testing

@testable import Raster

/// Scan conversion measured against exact areas: a white paint on a transparent canvas leaves
/// alpha = 255 × covered area in every pixel, so sums of alpha are areas.
@Suite("Coverage")
struct CoverageTests {
    private let white = Paint(color: .white)

    /// Total covered area, in pixels, from the alpha channel.
    private func area(_ c: Canvas) -> Double {
        var sum = 0
        for y in 0..<c.height {
            for x in 0..<c.width { sum += Int(c[x, y].a) }
        }
        return Double(sum) / 255
    }

    @Test("a rectangle on fractional coordinates covers its exact area, per pixel too")
    func fractionalRectangle() {
        let c = Canvas(width: 40, height: 30)
        c.fill(Rect(x: 10.25, y: 5.5, width: 20.5, height: 10), with: white)
        #expect(abs(area(c) - 205) < 0.2)
        #expect(c[10, 6].a == 191)  // 0.75 of the column covered
        #expect(c[10, 5].a == 96)  // 0.75 × 0.5
        #expect(c[20, 10].a == 255)  // interior
        #expect(c[9, 10].a == 0)  // outside
    }

    @Test("rows crossed only by vertical sides get their exact coverage, every row")
    func verticalSidesEveryRow() {
        // Disjoint rectangles on quarter pixels (exact in Float): vertical sides that start and
        // end inside rows and on row boundaries, next to each other and stacked, so runs of
        // rows repeat a row's spans and break where a side starts or ends.
        let rects = [
            Rect(x: 2.25, y: 1.5, width: 10.5, height: 20),
            Rect(x: 14, y: 3, width: 6.75, height: 9),
            Rect(x: 14, y: 12, width: 3, height: 6.25), Rect(x: 22.5, y: 0, width: 5, height: 30),
            Rect(x: 30.75, y: 7.25, width: 4, height: 17.5),
        ]
        for rule in [FillRule.nonZero, .evenOdd] {
            let c = Canvas(width: 40, height: 32)
            var path = Path()
            for r in rects { path.addRect(r) }
            c.fill(path, with: white, rule: rule)
            for y in 0..<32 {
                for x in 0..<40 {
                    let pixel = Rect(x: Double(x), y: Double(y), width: 1, height: 1)
                    let covered = rects.reduce(0.0) { sum, r in
                        let i = r.intersection(pixel)
                        return sum + (i.isEmpty ? 0 : i.width * i.height)
                    }
                    let expected = UInt8(min(covered, 1) * 255 + 0.5)
                    #expect(c[x, y].a == expected, "(\(x), \(y)) \(rule)")
                }
            }
        }
    }

    @Test("a circle's covered area is π r² within 0.05 %")
    func circleArea() {
        let c = Canvas(width: 100, height: 100)
        c.fill(Path(ellipseIn: Rect(x: 10.3, y: 9.7, width: 80, height: 80)), with: white)
        let exact = Double.pi * 40 * 40
        #expect(abs(area(c) - exact) / exact < 0.0005)
    }

    @Test(
        "a nearly horizontal edge shades in steps of at most 1/255 per pixel (no supersampling staircase)"
    )
    func nearlyHorizontalEdgeIsSmooth() {
        // The top edge falls 1 pixel over 255 pixels: exact coverage of row 10 runs from 1 to 0.
        let c = Canvas(width: 256, height: 20)
        var p = Path()
        p.move(to: Point(x: 0, y: 10))
        p.addLine(to: Point(x: 255, y: 11))
        p.addLine(to: Point(x: 255, y: 20))
        p.addLine(to: Point(x: 0, y: 20))
        p.closeSubpath()
        c.fill(p, with: white)
        var previous = Int(c[0, 10].a)
        for x in 1..<255 {
            let a = Int(c[x, 10].a)
            #expect(previous - a <= 2 && a <= previous, "column \(x): \(previous) → \(a)")
            previous = a
        }
        #expect(c[0, 10].a >= 254 && c[254, 10].a <= 1)
    }

    @Test("nonzero fills an overlap of two same-direction squares; even-odd leaves it empty")
    func fillRules() {
        var p = Path()
        p.addRect(Rect(x: 0, y: 0, width: 20, height: 20))
        p.addRect(Rect(x: 10, y: 10, width: 20, height: 20))
        let nonZero = Canvas(width: 32, height: 32)
        nonZero.fill(p, with: white, rule: .nonZero)
        let evenOdd = Canvas(width: 32, height: 32)
        evenOdd.fill(p, with: white, rule: .evenOdd)
        #expect(nonZero[15, 15].a == 255)
        #expect(evenOdd[15, 15].a == 0)
        #expect(evenOdd[5, 5].a == 255 && evenOdd[25, 25].a == 255)
        #expect(abs(area(nonZero) - 700) < 0.01)
        #expect(abs(area(evenOdd) - 600) < 0.01)
    }

    @Test("shapes partly outside the canvas cover exactly their visible part")
    func clippedToCanvas() {
        let c = Canvas(width: 20, height: 20)
        c.fill(Rect(x: -10.5, y: -3, width: 20, height: 30), with: white)
        // Column 9 is half covered: 128/255 per pixel, 0.002 too much from 8-bit rounding.
        #expect(abs(area(c) - 9.5 * 20) < 0.05)
        #expect(c[9, 5].a == 128 || c[9, 5].a == 127)
        let d = Canvas(width: 20, height: 20)
        d.fill(Path(ellipseIn: Rect(x: 10, y: 10, width: 20, height: 20)), with: white)
        // A 10 px radius loses under 0.2 % of its area inside the flattening chords.
        #expect(abs(area(d) - Double.pi * 100 / 4) < Double.pi * 100 / 4 * 0.002)
    }

    @Test("strokes cover the area of their caps: butt, square, round")
    func strokeCaps() {
        var line = Path()
        line.move(to: Point(x: 20, y: 20))
        line.addLine(to: Point(x: 120, y: 20))
        for (cap, extra) in [(LineCap.butt, 0.0), (.square, 16.0), (.round, Double.pi * 4)] {
            let c = Canvas(width: 140, height: 40)
            c.stroke(line, with: white, style: StrokeStyle(lineWidth: 4, lineCap: cap))
            #expect(abs(area(c) - (400 + extra)) < 0.05, "\(cap)")
        }
    }

    @Test("a stroked circle is a ring of area 2π r w, with nothing inside")
    func strokedRing() {
        let c = Canvas(width: 120, height: 120)
        c.stroke(
            Path(ellipseIn: Rect(x: 20, y: 20, width: 80, height: 80)), with: white,
            style: StrokeStyle(lineWidth: 10))
        let exact = 2 * Double.pi * 40 * 10
        #expect(abs(area(c) - exact) / exact < 0.002)
        #expect(c[60, 60].a == 0)
    }

    @Test("miter joins extend to the miter point; beyond the limit they become bevels")
    func miterLimit() {
        var p = Path()
        p.move(to: Point(x: 10, y: 50))
        p.addLine(to: Point(x: 50, y: 50))
        p.addLine(to: Point(x: 50, y: 10))
        let miter = Canvas(width: 60, height: 60)
        miter.stroke(p, with: white, style: StrokeStyle(lineWidth: 8, lineJoin: .miter))
        let bevel = Canvas(width: 60, height: 60)
        bevel.stroke(p, with: white, style: StrokeStyle(lineWidth: 8, lineJoin: .bevel))
        let limited = Canvas(width: 60, height: 60)
        limited.stroke(
            p, with: white, style: StrokeStyle(lineWidth: 8, lineJoin: .miter, miterLimit: 1.2))
        // A right-angle miter fills the 4×4 outer corner square; a bevel only half of it.
        #expect(abs(area(miter) - area(bevel) - 8) < 0.1)
        #expect(abs(area(limited) - area(bevel)) < 0.01)
        #expect(miter[53, 53].a == 255 && bevel[53, 53].a == 0)
    }

    @Test("dashes cover on-intervals only")
    func dashes() {
        var line = Path()
        line.move(to: Point(x: 0, y: 5))
        line.addLine(to: Point(x: 100, y: 5))
        let c = Canvas(width: 100, height: 10)
        c.stroke(line, with: white, style: StrokeStyle(lineWidth: 2, dash: [10, 5]))
        // 100 px of a 15 px period: 6 full periods (60 on) + 10 on = 70 px on, × 2 px wide.
        #expect(abs(area(c) - 140) < 0.05)
        #expect(c[5, 5].a == 255 && c[12, 5].a == 0 && c[17, 5].a == 255)
    }

    @Test("non-anti-aliased fills snap coverage to 0 or 1")
    func aliased() {
        let c = Canvas(width: 40, height: 40)
        var paint = white
        paint.antiAlias = false
        c.fill(Path(ellipseIn: Rect(x: 5, y: 5, width: 30, height: 30)), with: paint)
        for y in 0..<40 {
            for x in 0..<40 { #expect(c[x, y].a == 0 || c[x, y].a == 255) }
        }
    }
}
