import CAllocationCounter
import Raster
import Testing

/// Frames made from finished pictures: the cross-fade's arithmetic, slides clipped at every
/// edge, a deferred clear kept outside what they cover, and no allocation per frame.
@Suite struct ComposeTests {
    private func picture(_ width: Int, _ height: Int, _ pixel: (Int, Int) -> UInt32) -> Bitmap {
        var pixels: [UInt32] = []
        for y in 0..<height {
            for x in 0..<width { pixels.append(pixel(x, y)) }
        }
        return Bitmap(width: width, height: height, premultipliedPixels: pixels)
            ?? Bitmap(copying: Canvas(width: 0, height: 0))
    }

    @Test("a cross-fade is exactly the first picture at 0 and the second at 1")
    func crossFadeEnds() {
        let a = picture(7, 3) { x, y in 0xFF00_0000 | UInt32(x * 30) << 16 | UInt32(y * 80) }
        let b = picture(7, 3) { x, _ in 0xFF00_0000 | UInt32(x * 35) << 8 }
        let canvas = Canvas(width: 7, height: 3)
        canvas.crossFade(from: a, to: b, progress: 0)
        #expect(Bitmap(copying: canvas).equalPixels(a))
        canvas.crossFade(from: a, to: b, progress: 1)
        #expect(Bitmap(copying: canvas).equalPixels(b))
    }

    @Test("between the ends each channel moves by the weight, rounded")
    func crossFadeMiddle() {
        let a = picture(1, 1) { _, _ in 0xFF10_2030 }
        let b = picture(1, 1) { _, _ in 0xFFF0_E0D0 }
        let canvas = Canvas(width: 1, height: 1)
        canvas.crossFade(from: a, to: b, progress: 0.5)
        // (0x10 + 0xF0) / 2 = 0x80, (0x20 + 0xE0) / 2 = 0x80, (0x30 + 0xD0) / 2 = 0x80.
        #expect(canvas[0, 0].value == 0xFF80_8080)
        canvas.crossFade(from: a, to: b, progress: 0.25)
        // 0x10 + 0xE0 × 64/256 = 0x48; 0x20 + 0xC0/4 = 0x50; 0x30 + 0xA0/4 = 0x58.
        #expect(canvas[0, 0].value == 0xFF48_5058)
    }

    @Test("a slide clips at every edge, and keeps a deferred clear outside what it covers")
    func slideClips() {
        let page = picture(4, 4) { x, y in 0xFF00_0000 | UInt32(y * 4 + x + 1) }
        let canvas = Canvas(width: 6, height: 5)
        canvas.clear(.white)
        canvas.copy(page, to: (x: -2, y: 3), clippedTo: IntRect(x: 0, y: 0, width: 6, height: 5))
        // Visible: the page's columns 2, 3 of rows 0, 1 at canvas (0…1, 3…4).
        #expect(canvas[0, 3].value == 0xFF00_0003)
        #expect(canvas[1, 4].value == 0xFF00_0008)
        #expect(canvas[2, 3].value == 0xFFFF_FFFF)
        #expect(canvas[0, 2].value == 0xFFFF_FFFF)
        // Clipped to a rectangle: nothing outside it changes.
        canvas.copy(page, to: (x: 3, y: 0), clippedTo: IntRect(x: 4, y: 1, width: 1, height: 1))
        #expect(canvas[4, 1].value == 0xFF00_0006)
        #expect(canvas[3, 1].value == 0xFFFF_FFFF && canvas[4, 0].value == 0xFFFF_FFFF)
    }

    @Test("on a slot of a larger canvas, a slide writes that slot only")
    func slideOnSubCanvas() {
        let screen = Canvas(width: 8, height: 4)
        screen.clear(.black)
        let slot = screen.subCanvas(IntRect(x: 4, y: 0, width: 4, height: 4))
        let page = picture(4, 4) { _, _ in 0xFFFF_0000 }
        slot.copy(page, to: (x: 0, y: 2))
        #expect(screen[4, 2].value == 0xFFFF_0000 && screen[7, 3].value == 0xFFFF_0000)
        #expect(screen[4, 1].value == 0xFF00_0000 && screen[3, 2].value == 0xFF00_0000)
        slot.crossFade(
            from: page, to: page, progress: 0.5, in: IntRect(x: 0, y: 0, width: 1, height: 1))
        #expect(screen[4, 0].value == 0xFFFF_0000 && screen[3, 0].value == 0xFF00_0000)
    }

    @Test("a layer composites source-over, passing transparent pixels and storing opaque ones")
    func composite() {
        let layer = picture(3, 1) { x, _ in [0, 0x8040_2010, 0xFF11_2233][x] }
        let canvas = Canvas(width: 4, height: 2)
        canvas.clear(RGBA(r: 200, g: 100, b: 50))
        canvas.composite(layer, to: (x: 1, y: 1))
        #expect(canvas[1, 1].value == 0xFFC8_6432)
        // 0x40 + 200 × 127/255 = 64 + 99.6 → 164 (0xA4); 0x20 + 49.8 → 82; 0x10 + 24.9 → 41.
        #expect(canvas[2, 1].value == 0xFFA4_5229)
        #expect(canvas[3, 1].value == 0xFF11_2233)
        #expect(canvas[0, 1].value == 0xFFC8_6432 && canvas[2, 0].value == 0xFFC8_6432)
    }

    @Test("the painted bounds hold every pixel that is not transparent, and a copy of them")
    func paintedBounds() {
        let canvas = Canvas(width: 10, height: 8)
        #expect(canvas.paintedBounds == nil)
        canvas[3, 2] = PremultipliedPixel(value: 0x0100_0000)
        canvas[6, 5] = PremultipliedPixel(value: 0xFF00_FF00)
        let bounds = canvas.paintedBounds
        #expect(bounds == IntRect(x: 3, y: 2, width: 4, height: 4))
        let part = Bitmap(copying: canvas, rect: bounds ?? canvas.bounds)
        #expect(part.size == PixelSize(width: 4, height: 4))
        #expect(part[3, 3].value == 0xFF00_FF00 && part[0, 0].value == 0x0100_0000)
    }

    @Test("a moving frame allocates nothing")
    func noAllocation() {
        let a = picture(64, 32) { _, _ in 0xFF11_2233 }
        let b = picture(64, 32) { _, _ in 0xFF44_5566 }
        let canvas = Canvas(width: 64, height: 32)
        canvas.clear(.black)
        allocation_counter_start()
        canvas.crossFade(from: a, to: b, progress: 0.3)
        canvas.copy(a, to: (x: -10, y: 0))
        canvas.copy(b, to: (x: 54, y: 0))
        allocation_counter_stop()
        #expect(allocation_counter_allocations() == 0)
    }
}

extension Bitmap {
    /// Whether two bitmaps have the same size and pixels.
    fileprivate func equalPixels(_ other: Bitmap) -> Bool {
        guard size == other.size else { return false }
        for y in 0..<height {
            for x in 0..<width where self[x, y] != other[x, y] { return false }
        }
        return true
    }
}
