import Foundation
import NightstandTesting
import Raster
import Testing

@testable import WidgetUI

/// SwiftUI's `Canvas` with `GraphicsContext`, `.blur`, `.hidden()` and the shape statics,
/// end to end from views to pixels.
@Suite("DrawingGoldens")
struct DrawingGoldenTests {
    /// The pixels of a canvas, for comparing two renderings.
    private func pixels(_ canvas: Raster.Canvas) -> [UInt32] {
        (0..<canvas.height).flatMap { y in
            Array(UnsafeBufferPointer(start: canvas.row(y), count: canvas.width))
        }
    }

    /// How many pixels of two canvases of one size differ.
    private func differing(_ a: Raster.Canvas, _ b: Raster.Canvas) -> Int {
        zip(pixels(a), pixels(b)).filter { $0 != $1 }.count
    }

    /// The green channel of one pixel (a black canvas: green shows what was drawn).
    private func green(_ canvas: Raster.Canvas, _ x: Int, _ y: Int) -> UInt32 {
        (canvas.row(y)[x] >> 8) & 0xFF
    }

    @Test("a Canvas fills and strokes with the pixels of the equivalent shape views")
    func canvasMatchesShapes() {
        let size = Size(width: 60, height: 40)
        let drawn = DrawingCanvas { context, size in
            context.fill(
                Path(ellipseIn: CGRect(x: 4, y: 4, width: 30, height: 30)),
                with: .color(.orange))
            context.stroke(
                Path(roundedRect: CGRect(x: 38, y: 6, width: 18, height: 28), cornerRadius: 5),
                with: .color(.teal), lineWidth: 3)
        }
        let shapes = ZStack(alignment: .topLeading) {
            Circle().fill(.orange).frame(width: 30, height: 30).offset(x: 4, y: 4)
            RoundedRectangle(cornerRadius: 5, style: .continuous).stroke(.teal, lineWidth: 3)
                .frame(width: 18, height: 28).offset(x: 38, y: 6)
        }
        .frame(width: 60, height: 40, alignment: .topLeading)
        let a = renderSheet(drawn, size: size)
        let b = renderSheet(shapes, size: size)
        #expect(differing(a, b) == 0)
        // Anti-aliased: the circle's edge has pixels between black and the full color.
        let full = Set(pixels(a).filter { $0 & 0x00FF_FFFF != 0 }).count
        #expect(full > 10)
    }

    @Test("Canvas: gradients, transforms, clips, opacity, text and the context's copies")
    func canvasSheet() {
        let view = DrawingCanvas { context, size in
            let bar = Path(CGRect(x: 8, y: 8, width: size.width - 16, height: 14))
            context.fill(
                bar,
                with: .linearGradient(
                    Gradient(colors: [.blue, .mint]), startPoint: CGPoint(x: 8, y: 0),
                    endPoint: CGPoint(x: size.width - 8, y: 0)))
            var rotated = context
            rotated.translateBy(x: 40, y: 60)
            rotated.rotate(by: .degrees(30))
            rotated.fill(Path(CGRect(x: -14, y: -14, width: 28, height: 28)), with: .color(.red))
            var clipped = context
            clipped.clip(to: Path(ellipseIn: CGRect(x: 84, y: 36, width: 48, height: 48)))
            clipped.fill(Path(CGRect(x: 84, y: 36, width: 24, height: 48)), with: .color(.yellow))
            clipped.opacity = 0.5
            clipped.fill(Path(CGRect(x: 108, y: 36, width: 24, height: 48)), with: .color(.yellow))
            context.draw(Text("72°").font(.title2).bold(), at: CGPoint(x: 190, y: 60))
            context.stroke(
                Path {
                    $0.addLines([
                        CGPoint(x: 8, y: 100), CGPoint(x: 60, y: 88),
                        CGPoint(x: 120, y: 108), CGPoint(x: 232, y: 92),
                    ])
                },
                with: .radialGradient(
                    Gradient(colors: [.white, .purple]), center: CGPoint(x: 120, y: 100),
                    startRadius: 0, endRadius: 110),
                style: StrokeStyle(lineWidth: 4, lineCap: .round, lineJoin: .round))
        }
        let canvas = renderSheet(view, size: Size(width: 240, height: 120))
        // The copy's rotation did not move the original context: the text is upright there.
        assertGolden(canvas, named: "canvas-sheet")
    }

    @Test("blur spreads a shape's colors past its frame and keeps its layout")
    func blur() {
        let sharp = Color.green.frame(width: 20, height: 20)
        let size = Size(width: 60, height: 60)
        let plain = renderSheet(sharp, size: size)
        let blurred = renderSheet(sharp.blur(radius: 4), size: size)
        // Outside the 20-point square (20…40) by 3 points: dark before, lit after.
        #expect(green(plain, 2 * 17, 60) == 0)
        #expect(green(blurred, 2 * 17, 60) > 20)
        // The edge is softened, the middle kept.
        let center = green(plain, 60, 60)
        #expect(green(blurred, 2 * 20, 60) < center * 7 / 10)
        #expect(green(blurred, 60, 60) > center * 9 / 10)
        #expect(
            layout(sharp.blur(radius: 4), in: size).leaves.first?.frame
                == rect(20, 20, 20, 20))
        let sheet = HStack(spacing: 16) {
            Text("Sharp").font(.title3)
            Text("Blur 1").font(.title3).blur(radius: 1)
            Circle().fill(.orange).frame(width: 30, height: 30).blur(radius: 3)
            Image(systemName: "star.fill").font(.title).foregroundStyle(.yellow).blur(radius: 6)
        }
        assertGolden(renderSheet(sheet, size: Size(width: 240, height: 60)), named: "blur-sheet")
    }

    @Test("hidden keeps the view's place and draws nothing")
    func hidden() {
        let view = HStack(spacing: 0) {
            Color.red.frame(width: 20, height: 20).hidden()
            Color.blue.frame(width: 20, height: 20)
        }
        let placed = layout(view, in: Size(width: 40, height: 20))
        #expect(placed.all("Color").map(\.frame) == [rect(20, 0, 20, 20)])
        #expect(placed.all("hidden").map(\.frame) == [rect(0, 0, 20, 20)])
        let canvas = renderSheet(view, size: Size(width: 40, height: 20))
        #expect(canvas.row(20)[10] & 0x00FF_FFFF == 0)
        #expect(canvas.row(20)[50] & 0xFF != 0)
    }

    @Test("the shape statics draw as their shapes: .circle, .capsule, .rect(cornerRadius:)")
    func shapeStatics() {
        let size = Size(width: 120, height: 40)
        func sheet(_ a: some Shape, _ b: some Shape, _ c: some Shape) -> some View {
            HStack(spacing: 4) {
                Color.pink.frame(width: 36, height: 36).clipShape(a)
                Color.pink.frame(width: 36, height: 36).clipShape(b)
                Color.pink.frame(width: 36, height: 36).clipShape(c)
            }
        }
        let statics = renderSheet(
            sheet(.circle, .capsule, .rect(cornerRadius: 10)), size: size)
        let types = renderSheet(
            sheet(Circle(), Capsule(), RoundedRectangle(cornerRadius: 10, style: .continuous)),
            size: size)
        #expect(differing(statics, types) == 0)
        assertGolden(statics, named: "shape-statics")
    }
}
