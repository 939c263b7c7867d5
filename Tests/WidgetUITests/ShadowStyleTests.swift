import Foundation
import NightstandTesting
import Raster
import Testing

@testable import WidgetUI

/// `ShapeStyle.shadow(.drop(…))` and `.shadow(.inner(…))`, end to end from views to pixels.
@Suite("ShadowStyle")
struct ShadowStyleTests {
    /// One pixel of a canvas.
    private func pixel(_ canvas: Raster.Canvas, _ x: Int, _ y: Int) -> UInt32 {
        canvas.row(y)[x]
    }

    /// The brightness of one pixel: its three color channels added up.
    private func brightness(_ canvas: Raster.Canvas, _ x: Int, _ y: Int) -> UInt32 {
        let p = pixel(canvas, x, y)
        return (p & 0xFF) + ((p >> 8) & 0xFF) + ((p >> 16) & 0xFF)
    }

    /// A 40 × 40 point square of a style in the middle of a 60 × 60 sheet (scale 2: the
    /// square is pixels 20…99).
    private func square(_ style: some ShapeStyle) -> Raster.Canvas {
        renderSheet(
            Rectangle().fill(style).frame(width: 40, height: 40), size: Size(width: 60, height: 60))
    }

    @Test("shadow styles: drop and inner on fills, strokes, gradients and text")
    func sheet() {
        let sheet = HStack(spacing: 12) {
            Circle().fill(.orange.shadow(.inner(color: .black.opacity(0.6), radius: 6, x: 2, y: 3)))
                .frame(width: 44, height: 44)
            RoundedRectangle(cornerRadius: 10, style: .continuous)
                .fill(.blue.shadow(.drop(color: .white.opacity(0.6), radius: 6, y: 3)))
                .frame(width: 44, height: 44)
            Capsule().fill(
                LinearGradient(colors: [.mint, .teal], startPoint: .top, endPoint: .bottom)
                    .shadow(.inner(radius: 4)).shadow(.drop(color: .mint, radius: 4))
            )
            .frame(width: 30, height: 44)
            Circle().stroke(.yellow.shadow(.drop(color: .red, radius: 3)), lineWidth: 4)
                .frame(width: 36, height: 36)
            Text("72°").font(.title).bold()
                .foregroundStyle(.white.shadow(.drop(color: .cyan, radius: 4, x: 1, y: 2)))
            Rectangle().fill(.shadow(.inner(color: .red, radius: 6)))
                .frame(width: 30, height: 44).foregroundStyle(.green)
        }
        .frame(width: 300, height: 70)
        assertGolden(renderSheet(sheet, size: Size(width: 300, height: 70)), named: "shadow-styles")
    }

    @Test("an inner shadow stays inside the shape, darkest at the edge it is offset from")
    func innerShadow() {
        let plain = square(Color.white)
        let shaded = square(Color.white.shadow(.inner(color: .black, radius: 8, y: 6)))
        // Outside the square: untouched.
        for (x, y) in [(10, 60), (19, 60), (100, 60), (60, 10), (60, 105)] {
            #expect(pixel(shaded, x, y) == pixel(plain, x, y))
        }
        // Inside: darkened near the top edge (the shadow is moved down), less near the bottom,
        // not at all in the middle.
        #expect(brightness(shaded, 60, 21) < brightness(shaded, 60, 97))
        #expect(brightness(shaded, 60, 21) < 3 * 255 / 2)
        #expect(brightness(shaded, 60, 60) == 3 * 255)
        // Left and right edges alike (no horizontal offset).
        #expect(brightness(shaded, 21, 60) == brightness(shaded, 98, 60))
    }

    @Test("a drop shadow falls around the shape and leaves an opaque fill as it is")
    func dropShadow() {
        let plain = square(Color.blue)
        let shaded = square(Color.blue.shadow(.drop(color: .white, radius: 6, x: 4)))
        for x in 20..<100 { #expect(pixel(shaded, x, 60) == pixel(plain, x, 60)) }
        // Moved right: more light right of the square than left of it.
        #expect(brightness(shaded, 102, 60) > brightness(shaded, 17, 60))
        #expect(brightness(shaded, 102, 60) > 0)
        #expect(brightness(plain, 102, 60) == 0)
    }

    @Test("a shape that fills the whole canvas gets its inner shadow at the canvas's edges")
    func innerShadowAtCanvasEdges() {
        let canvas = renderSheet(
            Rectangle().fill(Color.white.shadow(.inner(color: .black, radius: 6))),
            size: Size(width: 40, height: 40))
        #expect(brightness(canvas, 0, 40) < brightness(canvas, 10, 40))
        #expect(brightness(canvas, 40, 40) == 3 * 255)
    }

    @Test("a run's shadow falls from that run only, not from the rest of its text")
    func textRunShadow() {
        let plainText = Text("AB").font(.title)
        let shadowed =
            Text("A").font(.title)
            + Text("B").font(.title).foregroundStyle(
                .white.shadow(.drop(color: .red, radius: 2, x: 6)))
        let size = Size(width: 60, height: 40)
        let a = renderSheet(plainText.foregroundStyle(.white), size: size)
        let b = renderSheet(shadowed.foregroundStyle(.white), size: size)
        // The left half (the "A") is the same; the right half has red.
        var leftDiffers = 0
        var redRight = 0
        for y in 0..<a.height {
            for x in 0..<a.width where pixel(a, x, y) != pixel(b, x, y) {
                if x < a.width / 2 - 6 { leftDiffers += 1 }
                let p = pixel(b, x, y)
                if (p >> 16) & 0xFF > (p >> 8) & 0xFF { redRight += 1 }
            }
        }
        #expect(leftDiffers == 0)
        #expect(redRight > 20)
    }

    @Test("no shadow draws exactly as before; opacity scales the shadow with the fill")
    func unchangedWithoutShadow() {
        let shading = Shading.shadowed(
            .color(.white),
            ShadowShading(kind: .inner, color: .black, radius: 2, offset: Point(x: 0, y: 0)))
        #expect(shading.unshadowed == .color(.white))
        #expect(shading.opacity(0.5).shadows.first?.color.alpha == 0.5)
        #expect(Shading.color(.white).shadows.isEmpty)
    }
}
