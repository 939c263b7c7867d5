import Raster
import StandbyViews
import Testing

/// A pager's frame drawn from pictures: the page moved by the offset, its neighbour beside it,
/// black past the end; vertical pages inside their slot only.
@Suite struct PageSlideTests {
    private func solid(_ width: Int, _ height: Int, _ value: UInt32) -> Bitmap {
        Bitmap(
            width: width, height: height,
            premultipliedPixels: [UInt32](repeating: value, count: width * height))
            ?? Bitmap(copying: Canvas(width: 0, height: 0))
    }

    @Test("a quarter of the way, the next view shows in the right quarter")
    func horizontal() {
        let canvas = Canvas(width: 8, height: 2)
        let slide = PageSlide(axis: .horizontal, rect: canvas.bounds)
        let frame = Pager.Frame(page: 0, neighbour: 1, offset: 0.25)
        slide.draw(
            frame, page: solid(8, 2, 0xFFFF_0000), neighbour: solid(8, 2, 0xFF00_00FF), on: canvas)
        let row = (0..<8).map { canvas[$0, 1].value }
        #expect(row == [UInt32](repeating: 0xFFFF_0000, count: 6) + [0xFF00_00FF, 0xFF00_00FF])
        // Back toward the view before: it shows on the left.
        slide.draw(
            Pager.Frame(page: 1, neighbour: 0, offset: -0.5), page: solid(8, 2, 0xFF00_00FF),
            neighbour: solid(8, 2, 0xFFFF_0000), on: canvas)
        #expect(canvas[3, 0].value == 0xFFFF_0000 && canvas[4, 0].value == 0xFF00_00FF)
    }

    @Test("pulled past the last page, black shows beyond it")
    func pastTheEnd() {
        let canvas = Canvas(width: 10, height: 1)
        let slide = PageSlide(axis: .horizontal, rect: canvas.bounds)
        slide.draw(
            Pager.Frame(page: 2, neighbour: nil, offset: 0.3), page: solid(10, 1, 0xFFFF_FFFF),
            neighbour: nil, on: canvas)
        #expect(
            (0..<10).map { canvas[$0, 0].value == 0xFFFF_FFFF } == [
                true, true, true, true, true, true, true, false, false, false,
            ])
        #expect(canvas[9, 0].value == 0xFF00_0000)
    }

    @Test("a stack moves up and down inside its slot, and nothing outside it changes")
    func vertical() {
        let canvas = Canvas(width: 6, height: 6)
        canvas.clear(.white)
        let slot = IntRect(x: 1, y: 1, width: 3, height: 4)
        let slide = PageSlide(axis: .vertical, rect: slot)
        slide.draw(
            Pager.Frame(page: 0, neighbour: 1, offset: 0.5), page: solid(3, 4, 0xFFFF_0000),
            neighbour: solid(3, 4, 0xFF00_FF00), on: canvas)
        #expect(canvas[2, 1].value == 0xFFFF_0000 && canvas[2, 2].value == 0xFFFF_0000)
        #expect(canvas[2, 3].value == 0xFF00_FF00 && canvas[2, 4].value == 0xFF00_FF00)
        #expect(canvas[2, 0].value == 0xFFFF_FFFF && canvas[2, 5].value == 0xFFFF_FFFF)
        #expect(canvas[0, 2].value == 0xFFFF_FFFF && canvas[4, 2].value == 0xFFFF_FFFF)
    }
}
