import Foundation
import NightstandTesting
import Raster
import Testing

/// Golden images of the drawing primitives, each scene ≤ 200×200.
///
/// Pure geometry: compared with a tolerance of 1 per channel (Raster is deterministic; the 1
/// absorbs floating-point differences between CPUs).
@Suite("ShapeGoldens")
struct ShapeGoldenTests {
    private func sheet(_ draw: (Canvas) -> Void) -> Canvas {
        let c = Canvas(width: 200, height: 200)
        c.clear(.black)
        draw(c)
        return c
    }

    @Test("shapes sheet: rect, rounded (circular, continuous), ellipse, capsule, star (both rules)")
    func shapesSheet() {
        let c = sheet { c in
            c.fill(Rect(x: 10.5, y: 10.5, width: 50, height: 35), with: Paint(color: .systemRed))
            c.fill(
                Path(roundedRect: Rect(x: 75, y: 10, width: 50, height: 50), cornerRadius: 14),
                with: Paint(color: .systemOrange))
            c.fill(
                Path(
                    roundedRect: Rect(x: 140, y: 10, width: 50, height: 50), cornerRadius: 14,
                    style: .continuous),
                with: Paint(color: .systemYellow))
            c.fill(
                Path(ellipseIn: Rect(x: 10, y: 70, width: 60, height: 40)),
                with: Paint(color: .systemGreen))
            var capsule = Path()
            capsule.addCapsule(in: Rect(x: 80, y: 75, width: 110, height: 30))
            c.fill(capsule, with: Paint(color: .systemBlue))
            for (i, rule) in [FillRule.nonZero, .evenOdd].enumerated() {
                var star = Path()
                let cx = 50.0 + Double(i) * 100
                for k in 0..<5 {
                    let a = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
                    let p = Point(x: cx + 40 * cos(a), y: 155 + 40 * sin(a))
                    if k == 0 { star.move(to: p) } else { star.addLine(to: p) }
                }
                star.closeSubpath()
                c.fill(star, with: Paint(color: .systemPurple), rule: rule)
            }
        }
        assertGolden(c, named: "shapes-sheet")
    }

    @Test("strokes: caps, joins, dashes, curves, hairlines")
    func strokes() {
        let c = sheet { c in
            for (i, cap) in [LineCap.butt, .square, .round].enumerated() {
                var p = Path()
                p.move(to: Point(x: 20, y: 20 + Double(i) * 22))
                p.addLine(to: Point(x: 90, y: 20 + Double(i) * 22))
                c.stroke(
                    p, with: Paint(color: .white), style: StrokeStyle(lineWidth: 12, lineCap: cap))
            }
            for (i, join) in [LineJoin.miter, .round, .bevel].enumerated() {
                var p = Path()
                let x = 110 + Double(i) * 30
                p.move(to: Point(x: x, y: 70))
                p.addLine(to: Point(x: x + 12, y: 20))
                p.addLine(to: Point(x: x + 24, y: 70))
                c.stroke(
                    p, with: Paint(color: .systemTeal),
                    style: StrokeStyle(lineWidth: 8, lineJoin: join))
            }
            var wave = Path()
            wave.move(to: Point(x: 15, y: 120))
            wave.addCurve(
                to: Point(x: 185, y: 120), control1: Point(x: 60, y: 70),
                control2: Point(x: 140, y: 170))
            c.stroke(
                wave, with: Paint(color: .systemPink),
                style: StrokeStyle(lineWidth: 6, lineCap: .round, dash: [14, 8]))
            for i in 0..<6 {
                var line = Path()
                line.move(to: Point(x: 15, y: 150 + Double(i) * 7))
                line.addLine(to: Point(x: 185, y: 145 + Double(i) * 8))
                c.stroke(
                    line, with: Paint(color: .white),
                    style: StrokeStyle(lineWidth: 0.5 + Double(i) * 0.25))
            }
        }
        assertGolden(c, named: "strokes")
    }

    @Test("ring gauge: track, trimmed progress arc with round caps, scaled ×2")
    func ringGauge() {
        let c = sheet { c in
            c.concatenate(Transform(scaleX: 2, y: 2))
            let circle = Path(ellipseIn: Rect(x: 15, y: 15, width: 70, height: 70))
            c.stroke(circle, with: Paint(color: .systemGray4), style: StrokeStyle(lineWidth: 9))
            // Circles start at 3 o'clock; rotate the trimmed arc to start at 12.
            c.concatenate(
                Transform(translationX: -50, y: -50).concatenating(Transform(rotation: -.pi / 2))
                    .concatenating(Transform(translationX: 50, y: 50)))
            c.stroke(
                circle.trimmedPath(from: 0, to: 0.72), with: Paint(color: .systemGreen),
                style: StrokeStyle(lineWidth: 9, lineCap: .round))
        }
        assertGolden(c, named: "ring-gauge")
    }

    @Test("clipping: rounded-rect clip, nested circle clip, pixel rect clip")
    func clipping() {
        let c = sheet { c in
            c.withSavedState {
                c.clip(
                    to: Path(
                        roundedRect: Rect(x: 20, y: 20, width: 160, height: 160), cornerRadius: 30))
                for i in 0..<10 {
                    c.fill(
                        Rect(x: 0, y: Double(i) * 20, width: 200, height: 10),
                        with: Paint(color: .systemIndigo))
                }
                c.clip(to: Path(ellipseIn: Rect(x: 60, y: 60, width: 140, height: 140)))
                c.fill(
                    Rect(x: 0, y: 0, width: 200, height: 200),
                    with: Paint(color: .systemYellow, opacity: 0.7))
            }
            c.withSavedState {
                c.clip(to: Rect(x: 0, y: 0, width: 40, height: 40))
                c.fill(
                    Path(ellipseIn: Rect(x: 0, y: 0, width: 60, height: 60)),
                    with: Paint(color: .systemRed))
            }
        }
        assertGolden(c, named: "clipping")
    }

    @Test("gradients: linear (horizontal, diagonal, 3 stops), radial, under a transform")
    func gradients() {
        let c = sheet { c in
            let stops = [
                GradientStop(color: .systemBlue, location: 0),
                GradientStop(color: .systemPurple, location: 1),
            ]
            c.fill(
                Rect(x: 10, y: 10, width: 180, height: 40),
                with: Paint(
                    shader: .linearGradient(
                        LinearGradient(
                            stops: stops, start: Point(x: 10, y: 0), end: Point(x: 190, y: 0)))))
            let three = [
                GradientStop(color: .systemRed, location: 0),
                GradientStop(color: .systemYellow, location: 0.5),
                GradientStop(color: .systemGreen, location: 1),
            ]
            c.fill(
                Path(roundedRect: Rect(x: 10, y: 60, width: 85, height: 85), cornerRadius: 16),
                with: Paint(
                    shader: .linearGradient(
                        LinearGradient(
                            stops: three, start: Point(x: 10, y: 60), end: Point(x: 95, y: 145)))))
            c.fill(
                Path(ellipseIn: Rect(x: 105, y: 60, width: 85, height: 85)),
                with: Paint(
                    shader: .radialGradient(
                        RadialGradient(
                            stops: [
                                GradientStop(color: .white, location: 0),
                                GradientStop(color: .systemOrange.opacity(0), location: 1),
                            ],
                            center: Point(x: 147.5, y: 102.5), endRadius: 42.5))))
            c.withSavedState {
                c.concatenate(
                    Transform(scaleX: 0.5, y: 0.5).concatenating(
                        Transform(translationX: 10, y: 155)))
                c.fill(
                    Rect(x: 0, y: 0, width: 360, height: 60),
                    with: Paint(
                        shader: .linearGradient(
                            LinearGradient(stops: stops, start: .zero, end: Point(x: 360, y: 0)))))
            }
        }
        assertGolden(c, named: "gradients")
    }

    @Test("group opacity: overlapping shapes in a layer do not show through each other")
    func groupOpacity() {
        let c = sheet { c in
            c.withLayer(opacity: 0.5) { layer in
                layer.fill(
                    Path(ellipseIn: Rect(x: 20, y: 40, width: 100, height: 100)),
                    with: Paint(color: .systemRed))
                layer.fill(
                    Path(ellipseIn: Rect(x: 80, y: 40, width: 100, height: 100)),
                    with: Paint(color: .systemBlue))
            }
        }
        // The overlap is the blue circle (#0A84FF) at half strength only: no red underneath.
        #expect(c[100, 90] == PremultipliedPixel(r: 5, g: 66, b: 128, a: 255))
        assertGolden(c, named: "group-opacity")
    }
}
