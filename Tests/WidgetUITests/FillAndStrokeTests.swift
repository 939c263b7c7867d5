import Foundation
import Raster
import Testing

@testable import WidgetUI

@Suite("Fill and stroke chained")
struct FillAndStrokeTests {
    /// A 20-point shape at scale 1 on a black 40 x 40 canvas, centered.
    private func drawn(_ view: some View) -> Canvas {
        let canvas = Canvas(width: 40, height: 40)
        canvas.clear(.black)
        render(
            ZStack { view.frame(width: 20, height: 20) }, size: Size(width: 40, height: 40),
            on: canvas, scale: 1)
        return canvas
    }

    @Test("fill(_:).stroke(_:lineWidth:) fills the inside and strokes the outline over it")
    func strokeOverFill() {
        let canvas = drawn(Rectangle().fill(.red).stroke(.blue, lineWidth: 4))
        // The frame is 10..<30; a 4-point stroke centered on its edge covers 8..<12.
        #expect(canvas[20, 20] == RGBA.systemRed.premultiplied)
        #expect(canvas[9, 20] == RGBA.systemBlue.premultiplied)
        #expect(canvas[11, 20] == RGBA.systemBlue.premultiplied)
        #expect(canvas[12, 20] == RGBA.systemRed.premultiplied)
        #expect(canvas[7, 20] == RGBA.black.premultiplied)
    }

    @Test("fill(_:).strokeBorder(_:lineWidth:) keeps the stroke inside the frame")
    func strokeBorderOverFill() {
        let canvas = drawn(
            Rectangle().fill(.red).strokeBorder(.blue, style: StrokeStyle(lineWidth: 4)))
        #expect(canvas[9, 20] == RGBA.black.premultiplied)
        #expect(canvas[10, 20] == RGBA.systemBlue.premultiplied)
        #expect(canvas[13, 20] == RGBA.systemBlue.premultiplied)
        #expect(canvas[14, 20] == RGBA.systemRed.premultiplied)
        #expect(canvas[20, 20] == RGBA.systemRed.premultiplied)
    }
}
