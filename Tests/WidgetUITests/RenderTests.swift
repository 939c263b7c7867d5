import Raster
import Testing

@testable import WidgetUI

@Suite("Rendering")
struct RenderTests {
    @Test("a 10x10-point red Rectangle at (5, 5) covers pixels 10..<30 at scale 2")
    func rectangleAtScale2() {
        let canvas = Canvas(width: 60, height: 60)
        canvas.clear(.black)
        let view = ZStack(alignment: .topLeading) {
            Color.clear
            Rectangle().fill(.red).frame(width: 10, height: 10).offset(x: 5, y: 5)
        }
        render(view, size: Size(width: 30, height: 30), on: canvas, scale: 2)
        let red = RGBA.systemRed.premultiplied
        for y in 0..<60 {
            for x in 0..<60 {
                let inside = (10..<30).contains(x) && (10..<30).contains(y)
                let pixel = canvas[x, y]
                if inside {
                    #expect(pixel == red, "pixel (\(x), \(y))")
                } else {
                    #expect(pixel == RGBA.black.premultiplied, "pixel (\(x), \(y))")
                }
            }
        }
    }

    @Test("opacity composites the subtree as a layer; clear and zero opacity draw nothing")
    func opacityLayer() {
        let canvas = Canvas(width: 4, height: 4)
        canvas.clear(.black)
        render(
            ZStack {
                Color.white.opacity(0)
                Color.white.opacity(0.5)
            }, size: Size(width: 4, height: 4), on: canvas, scale: 1)
        #expect(canvas[1, 1].a == 255)
        #expect((127...128).contains(canvas[1, 1].r))
    }

    @Test("fills and strokes in a clear color are left out of the display list")
    func clearLeftOut() {
        let placed = layout(
            ZStack {
                Color.clear
                Circle().stroke(Color.clear, lineWidth: 2)
                Rectangle().fill(Color.red.opacity(0))
                Color.red.frame(width: 2, height: 2)
            }, in: Size(width: 2, height: 2))
        #expect(placed.all("Color").count == 2, "still laid out")
        #expect(
            DisplayListRecorder.record(placed).items == [
                .fill(Path(rect(0, 0, 2, 2)), .color(.systemRed))
            ])
    }

    @Test("the display list nests pushes and pops around a subtree")
    func displayList() {
        let placed = layout(
            Color.red.frame(width: 2, height: 2).opacity(0.5), in: Size(width: 2, height: 2))
        let list = DisplayListRecorder.record(placed)
        #expect(
            list.items == [
                .push(.opacity(0.5)), .fill(Path(rect(0, 0, 2, 2)), .color(.systemRed)), .pop,
            ])
    }
}
