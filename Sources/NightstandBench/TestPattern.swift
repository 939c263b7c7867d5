import Raster

/// The deterministic picture `show-test-frame` presents: gradients, a grid, a diagonal and
/// colored corners, with plain pixel writes (no text, no anti-aliasing), so it is identical
/// wherever it is drawn.
enum TestPattern {
    /// Draws the pattern over the whole canvas.
    static func draw(on canvas: Canvas) {
        let w = canvas.width
        let h = canvas.height
        for y in 0..<h {
            let row = canvas.row(y)
            for x in 0..<w {
                let band = y * 4 / max(1, h)
                let t = UInt32(x * 255 / max(1, w - 1))
                let dark = UInt32(x * 40 / max(1, w - 1))
                let v: UInt32
                switch band {
                case 0: v = t << 16 | (255 - t) << 8 | UInt32(y & 0xFF)  // red up, green down
                case 1: v = dark << 16 | dark << 8 | dark  // dark gray ramp: dithering shows
                case 2: v = dark  // dark blue ramp
                default: v = t << 8 | (UInt32(y) & 0x7F) << 16 | 0x40  // green ramp
                }
                row[x] = 0xFF00_0000 | v
            }
        }
        // A one-pixel white grid every 32 pixels and a diagonal.
        for y in 0..<h {
            for x in stride(from: 0, to: w, by: 32) { canvas.row(y)[x] = 0xFFFF_FFFF }
        }
        for y in stride(from: 0, to: h, by: 32) {
            canvas.row(y).update(repeating: 0xFFFF_FFFF, count: w)
        }
        for i in 0..<min(w, h) { canvas.row(i)[i] = 0xFFFF_FF00 }
        // Corners tell rotation apart: red top-left, green top-right, blue bottom-left, white
        // bottom-right.
        let s = max(1, min(w, h) / 8)
        fill(canvas, IntRect(x: 0, y: 0, width: s, height: s), 0xFFFF_0000)
        fill(canvas, IntRect(x: w - s, y: 0, width: s, height: s), 0xFF00_FF00)
        fill(canvas, IntRect(x: 0, y: h - s, width: s, height: s), 0xFF00_00FF)
        fill(canvas, IntRect(x: w - s, y: h - s, width: s, height: s), 0xFFFF_FFFF)
    }

    /// Paints the second frame's change (a magenta box left of center) and returns its rect.
    static func changeBox(on canvas: Canvas) -> IntRect {
        let box = IntRect(
            x: canvas.width / 3, y: canvas.height / 3, width: max(1, canvas.width / 7),
            height: max(1, canvas.height / 5))
        fill(canvas, box, 0xFFC0_20A0)
        return box
    }

    private static func fill(_ canvas: Canvas, _ rect: IntRect, _ value: UInt32) {
        let r = rect.intersection(canvas.bounds)
        guard !r.isEmpty else { return }
        for y in r.y..<r.maxY { (canvas.row(y) + r.x).update(repeating: value, count: r.width) }
    }
}
