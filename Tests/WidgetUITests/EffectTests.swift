import Foundation
import Raster
import Testing

@testable import WidgetUI

@Suite("Effects")
struct EffectTests {
    private func effect(_ view: some View, _ kind: String) -> PlacedView.Effect? {
        layout(view, in: Size(width: 20, height: 20)).all(kind).first?.effect
    }

    @Test("angles convert between degrees and radians")
    func angles() {
        #expect(Angle.degrees(180).radians == .pi)
        #expect(abs(Angle.radians(.pi / 2).degrees - 90) < 1e-12)
        #expect(Angle.degrees(30) + .degrees(60) == .degrees(90))
        #expect(Angle.degrees(10) < .degrees(20))
    }

    @Test("rotationEffect turns about the anchor of the view's frame, clockwise")
    func rotation() throws {
        guard
            case .transform(let t) = effect(
                Color.red.frame(width: 10, height: 10).rotationEffect(.degrees(90)),
                "rotationEffect")
        else {
            Issue.record("expected a transform")
            return
        }
        // The frame is (5, 5, 10, 10); its top-left corner turns to its top-right.
        let p = t.apply(Point(x: 5, y: 5))
        #expect(abs(p.x - 15) < 1e-9 && abs(p.y - 5) < 1e-9)
        guard
            case .transform(let b) = effect(
                Color.red.rotationEffect(.degrees(180), anchor: .bottomTrailing), "rotationEffect")
        else {
            Issue.record("expected a transform")
            return
        }
        let q = b.apply(Point(x: 0, y: 0))
        #expect(abs(q.x - 40) < 1e-9 && abs(q.y - 40) < 1e-9)
    }

    @Test("scaleEffect scales about its anchor without changing layout")
    func scale() {
        let view = Color.red.frame(width: 10, height: 10).scaleEffect(0.5, anchor: .topLeading)
        let placed = layout(view, in: Size(width: 20, height: 20))
        #expect(placed.leaves[0].frame == rect(5, 5, 10, 10))
        guard case .transform(let t) = placed.all("scaleEffect")[0].effect else {
            Issue.record("expected a transform")
            return
        }
        #expect(t.apply(Point(x: 15, y: 15)) == Point(x: 10, y: 10))
        #expect(t.apply(Point(x: 5, y: 5)) == Point(x: 5, y: 5))
    }

    @Test("cornerRadius and clipShape clip to the shape in the view's frame")
    func clips() {
        #expect(
            effect(Color.red.cornerRadius(4), "clipShape")
                == .clip(Path(roundedRect: rect(0, 0, 20, 20), cornerRadius: 4)))
        #expect(
            effect(Color.red.clipShape(Circle(), style: FillStyle(eoFill: true)), "clipShape")
                == .clip(Path(ellipseIn: rect(0, 0, 20, 20)), .evenOdd))
    }

    @Test("a clip cuts drawing off with anti-aliased edges")
    func clipPixels() {
        let canvas = Canvas(width: 20, height: 20)
        canvas.clear(.black)
        render(
            Color.white.clipShape(Circle()), size: Size(width: 20, height: 20), on: canvas, scale: 1
        )
        #expect(canvas[10, 10] == RGBA.white.premultiplied)
        #expect(canvas[0, 0] == RGBA.black.premultiplied)
        // Where the circle's edge crosses pixels, they are partly covered.
        let partial = (0..<20).flatMap { x in (0..<20).map { y in canvas[x, y].r } }
            .filter { $0 > 0 && $0 < 255 }
        #expect(partial.count > 20)
    }

    @Test("trim keeps a fraction of the outline; NaN keeps nothing")
    func trim() {
        let frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        let circle = Circle().trim(from: 0, to: 0.25)
        let whole = Circle().path(in: frame)
        #expect(circle.path(in: frame) == whole.trimmedPath(from: 0, to: 0.25))
        #expect(Circle().trim(from: .nan, to: 1).path(in: frame).isEmpty)
        #expect(Circle().trim(from: 0.6, to: 0.2).path(in: frame).isEmpty)
        let end = circle.path(in: frame).currentPoint
        #expect(end.map { abs($0.x - 10) < 1e-6 && abs($0.y - 20) < 1e-6 } == true)
    }

    @Test("a rotated bar draws where the rotation puts it")
    func rotatedPixels() {
        let canvas = Canvas(width: 20, height: 20)
        canvas.clear(.black)
        render(
            Color.white.frame(width: 20, height: 2).rotationEffect(.degrees(90)),
            size: Size(width: 20, height: 20), on: canvas, scale: 1)
        #expect(canvas[10, 2] == RGBA.white.premultiplied)
        #expect(canvas[2, 10] == RGBA.black.premultiplied)
    }
}
