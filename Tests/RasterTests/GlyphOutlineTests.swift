import Testing

@testable import Raster

/// Glyph outlines as paths (`FontFace.outline(glyph:size:)`), checked against FreeType's own
/// rasterization of the same glyph.
@Suite("Glyph outlines")
struct GlyphOutlineTests {
    private let fonts: FontDatabase

    init() throws { fonts = try FontDatabase() }

    @Test("a filled outline covers the same pixels as the glyph drawn as text (unhinted size)")
    func outlineMatchesRenderedGlyph() throws {
        let face = try fonts.face(family: "DejaVu Sans")
        let size = 64.0  // above FontFace.hintingLimit: text is rendered unhinted too
        for scalar in ["H", "g", "&"] as [Unicode.Scalar] {
            let glyph = try #require(face.glyphIndex(for: scalar))
            let path = try #require(face.outline(glyph: glyph, size: size))
            let baseline = Point(x: 20, y: 70)
            let asText = Canvas(width: 100, height: 100)
            asText.clear(.black)
            asText.drawText(
                String(scalar), face: face, size: size, baseline: baseline,
                paint: Paint(color: .white))
            let asPath = Canvas(width: 100, height: 100)
            asPath.clear(.black)
            asPath.fill(
                path.applying(Transform(translationX: baseline.x, y: baseline.y)),
                with: Paint(color: .white))
            var textInk = 0
            var pathInk = 0
            var worst = 0
            for y in 0..<100 {
                for x in 0..<100 {
                    let a = Int(asText[x, y].r)
                    let b = Int(asPath[x, y].r)
                    textInk += a
                    pathInk += b
                    worst = max(worst, abs(a - b))
                }
            }
            #expect(textInk > 255 * 200, "\(scalar) draws something")
            // Two anti-aliasing rasterizers agree on edge pixels to a few levels, and on the
            // total ink to well under a percent.
            #expect(worst <= 40, "\(scalar): largest difference \(worst)")
            #expect(abs(textInk - pathInk) * 200 < textInk, "\(scalar): \(textInk) vs \(pathInk)")
        }
    }

    @Test("outlines are in the requested em size, baseline at y = 0, y growing downward")
    func units() throws {
        let face = try fonts.face(family: "DejaVu Sans")
        let glyph = try #require(face.glyphIndex(for: "H"))
        let path = try #require(face.outline(glyph: glyph, size: 2048))
        let box = path.boundingRect
        #expect(box.maxY == 0, "H sits on the baseline")
        #expect(box.minY == -1493, "DejaVu Sans cap height, in font units")
        let half = try #require(face.outline(glyph: glyph, size: 1024)).boundingRect
        #expect(half.height == box.height / 2)
    }

    @Test("a space has an empty outline; a color-bitmap emoji face has none")
    func emptyAndBitmap() throws {
        let face = try fonts.face(family: "DejaVu Sans")
        let space = try #require(face.glyphIndex(for: " "))
        #expect(face.outline(glyph: space, size: 20)?.isEmpty == true)
        let emoji = try fonts.face(family: "Noto Color Emoji")
        if emoji.isColorBitmap, let smile = emoji.glyphIndex(for: "😀") {
            #expect(emoji.outline(glyph: smile, size: 20) == nil)
        }
    }
}
