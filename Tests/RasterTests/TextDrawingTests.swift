import Testing

@testable import Raster

/// Drawing text onto a canvas: where ink lands, scaling, the glyph cache, emoji color.
@Suite("Text drawing")
struct TextDrawingTests {
    private let fonts: FontDatabase
    private let bold: FontFace

    init() throws {
        fonts = try FontDatabase()
        fonts.warningHandler = { _ in }
        bold = try fonts.face(family: "DejaVu Sans", weight: .bold)
    }

    /// The bounding box of pixels with any alpha, or nil for a blank canvas.
    private func inkBounds(_ canvas: Canvas) -> IntRect? {
        var box: IntRect?
        for y in 0..<canvas.height {
            for x in 0..<canvas.width where canvas[x, y].value >> 24 != 0 {
                box = (box ?? IntRect(x: x, y: y, width: 1, height: 1))
                    .union(IntRect(x: x, y: y, width: 1, height: 1))
            }
        }
        return box
    }

    @Test("rotated a quarter turn, a glyph's ink turns too: an 'm' becomes taller than wide")
    func rotatedGlyphsTurn() throws {
        let upright = Canvas(width: 100, height: 100)
        upright.drawText(
            "m", face: bold, size: 60, baseline: Point(x: 20, y: 70), paint: Paint(color: .white))
        let flat = try #require(inkBounds(upright))
        #expect(flat.width > flat.height)
        let turned = Canvas(width: 100, height: 100)
        turned.concatenate(Transform(translationX: 30, y: 10).rotated(by: .pi / 2))
        turned.drawText("m", face: bold, size: 60, baseline: .zero, paint: Paint(color: .white))
        let ink = try #require(inkBounds(turned))
        // The same glyph, a quarter turn: the box's sides swap (within a pixel of hinting).
        #expect(abs(ink.width - flat.height) <= 2 && abs(ink.height - flat.width) <= 2)
        // A quarter turn clockwise puts the baseline on the left: the ink lies right of x = 30
        // less the descent (none for 'm').
        #expect(ink.x >= 29)
    }

    @Test("ink lies inside the measured box, between cap height and baseline for capitals")
    func inkInsideMeasuredBox() throws {
        let canvas = Canvas(width: 200, height: 80)
        let layout = TextLayout("HELLO", face: bold, size: 40)
        let origin = Point(x: 10, y: 10)
        canvas.draw(layout, at: origin, paint: Paint(color: .white))
        let ink = try #require(inkBounds(canvas))
        let baseline = origin.y + layout.firstBaseline
        let cap = bold.metrics(size: 40).capHeight
        #expect(abs(Double(ink.maxY) - baseline.rounded()) <= 1)
        #expect(abs(Double(ink.y) - (baseline - cap)) <= 2.5)  // "O" overshoots the cap height
        #expect(Double(ink.x) >= origin.x)
        #expect(Double(ink.maxX) <= origin.x + layout.size.width + 1)
        #expect(Double(ink.x) < origin.x + 5)
        #expect(Double(ink.maxX) > origin.x + layout.size.width - 6)
        // Anti-aliased: some edge pixels are partly covered.
        var partial = 0
        for y in ink.y..<ink.maxY {
            for x in ink.x..<ink.maxX {
                let a = canvas[x, y].value >> 24
                if a > 0 && a < 255 { partial += 1 }
            }
        }
        #expect(partial > 20)
    }

    @Test("centered text sits on its baseline, centered on its advance width")
    func drawTextCentered() throws {
        let canvas = Canvas(width: 200, height: 100)
        canvas.drawText(
            "10:09", face: bold, size: 40, baseline: Point(x: 100, y: 70),
            alignment: .center, paint: Paint(color: .white))
        let ink = try #require(inkBounds(canvas))
        #expect(ink.maxY == 70 || ink.maxY == 71)
        #expect(abs(Double(ink.x + ink.maxX) / 2 - 100) <= 3)
    }

    @Test("a scaled canvas rasterizes at the scaled size: same ink as drawing the size directly")
    func scaledCanvasRasterizesAtScaledSize() throws {
        let direct = Canvas(width: 240, height: 90)
        direct.draw(
            TextLayout("Ag", face: bold, size: 60), at: Point(x: 20, y: 10),
            paint: Paint(color: .white))
        let scaled = Canvas(width: 240, height: 90)
        scaled.transform = Transform(scaleX: 2, y: 2)
        scaled.draw(
            TextLayout("Ag", face: bold, size: 30), at: Point(x: 10, y: 5),
            paint: Paint(color: .white))
        for y in 0..<90 {
            for x in 0..<240 { #expect(direct[x, y] == scaled[x, y]) }
        }
    }

    @Test("the clip bounds stop glyph ink")
    func clipped() throws {
        let canvas = Canvas(width: 200, height: 80)
        canvas.clip(to: Rect(x: 0, y: 0, width: 40, height: 80))
        canvas.draw(
            TextLayout("HELLO", face: bold, size: 40), at: Point(x: 10, y: 10),
            paint: Paint(color: .white))
        let ink = try #require(inkBounds(canvas))
        #expect(ink.maxX <= 40)
    }

    @Test(
        "whole glyphs blended at once give the pixels of blending row by row",
        arguments: [9.0, 13, 24, 57, 120, 241])
    func plannedGlyphsMatchRows(size: Double) throws {
        let book = try fonts.face(family: "DejaVu Sans", weight: .regular)
        let width = Int(size * 14)
        let height = Int(size * 1.6)
        // A background of every kind of pixel, so a blend that reads the wrong pixel shows.
        func canvas() -> Canvas {
            let c = Canvas(width: width, height: height)
            for y in 0..<height {
                for x in 0..<width {
                    let v = UInt32(truncatingIfNeeded: (x &* 2_654_435_761) ^ (y &* 40503))
                    c.row(y)[x] = 0xFF00_0000 | v & 0x00FF_FFFF
                }
            }
            return c
        }
        let paints = [
            Paint(color: .white), Paint(color: RGBA(hex: 0xFF453A)),
            Paint(color: RGBA(red: 0.2, green: 0.6, blue: 1, alpha: 0.55)),
        ]
        for (k, paint) in paints.enumerated() {
            let whole = canvas()
            // A clip mask open everywhere: the same coverage, blended row by row.
            let rows = canvas()
            rows.clip(
                to: Path(Rect(x: -1, y: -1, width: Double(width) + 2, height: Double(height) + 2)))
            #expect(rows.state.clipMask != nil)
            for c in [whole, rows] {
                for (i, face) in [bold, book].enumerated() {
                    c.drawText(
                        "10:09 SAT 21 72% Battery gjy@", face: face, size: size,
                        baseline: Point(
                            x: 2 + 0.25 * Double(k + i), y: size * (1.0 + 0.1 * Double(i))),
                        paint: paint)
                }
            }
            var differing = 0
            for y in 0..<height {
                for x in 0..<width where whole[x, y] != rows[x, y] { differing += 1 }
            }
            #expect(differing == 0, "size \(size), paint \(k)")
        }
    }

    @Test("redrawing the same text renders nothing new: every glyph comes from the cache")
    func glyphCacheHits() throws {
        let canvas = Canvas(width: 300, height: 100)
        let layout = TextLayout("10:09 10:09", face: bold, size: 50)
        let cache = fonts.library.glyphCache
        canvas.draw(layout, at: Point(x: 4, y: 4), paint: Paint(color: .white))
        let rendered = fonts.library.renderCount
        #expect(rendered > 0 && rendered <= layout.glyphs.count)
        let hits = cache.hits
        for _ in 0..<10 { canvas.draw(layout, at: Point(x: 4, y: 4), paint: Paint(color: .white)) }
        #expect(fonts.library.renderCount == rendered, "no FreeType render on a warm cache")
        #expect(cache.hits == hits + 10 * layout.glyphs.count)
        // A quarter-pixel shift is a different rendering, cached in its turn.
        canvas.draw(layout, at: Point(x: 4.25, y: 4), paint: Paint(color: .white))
        let shifted = fonts.library.renderCount
        #expect(shifted > rendered)
        canvas.draw(layout, at: Point(x: 4.25, y: 4), paint: Paint(color: .white))
        #expect(fonts.library.renderCount == shifted)
    }

    @Test("the glyph cache stays within its byte limit, evicting the oldest glyphs")
    func glyphCacheBound() throws {
        let cache = fonts.library.glyphCache
        cache.byteLimit = 64 << 10
        let canvas = Canvas(width: 400, height: 200)
        for size in stride(from: 40.0, through: 120, by: 10) {
            canvas.draw(
                TextLayout("ABCDEFGH", face: bold, size: size), at: .zero,
                paint: Paint(color: .white))
            #expect(cache.byteCount <= cache.byteLimit)
        }
        #expect(cache.count > 0)
    }

    @Test("emoji draw in color from the emoji face, scaled to the size")
    func emojiColor() throws {
        let canvas = Canvas(width: 120, height: 120)
        let layout = TextLayout("😀", face: bold, size: 80)
        canvas.draw(layout, at: Point(x: 10, y: 10), paint: Paint(color: .white))
        let ink = try #require(inkBounds(canvas))
        #expect(ink.width > 60 && ink.width < 100)
        var yellow = 0
        for y in ink.y..<ink.maxY {
            for x in ink.x..<ink.maxX {
                let v = canvas[x, y].value
                let (r, g, b) = ((v >> 16) & 255, (v >> 8) & 255, v & 255)
                if r > 200 && g > 150 && b < 100 { yellow += 1 }
            }
        }
        #expect(yellow > 1000, "the smiley is yellow, not the paint's white")
    }
}
