import Testing

@testable import Raster

/// Face metrics, advances, kerning and tabular digits, as numbers.
@Suite("Font face")
struct FontFaceTests {
    private let fonts: FontDatabase

    init() throws { fonts = try FontDatabase() }

    @Test("metrics scale linearly with the size and match the font's tables")
    func metrics() throws {
        let face = try fonts.face(family: "DejaVu Sans")
        #expect(face.unitsPerEm == 2048)
        let m = face.metrics(size: 2048)
        #expect(m.ascent == 1901)  // DejaVu Sans hhea ascender
        #expect(m.descent == 483)
        #expect(m.capHeight == 1493)
        #expect(m.xHeight == 1120)
        let half = face.metrics(size: 1024)
        #expect(half.lineHeight == m.lineHeight / 2)
        let inter = try fonts.face().metrics(size: 100)
        #expect(inter.capHeight > 70 && inter.capHeight < 75)  // Inter: 0.727 em
        #expect(inter.xHeight > 52 && inter.xHeight < 56)
        #expect(inter.ascent > inter.capHeight)
        #expect(inter.lineHeight == inter.ascent + inter.descent + inter.leading)
    }

    @Test("kerning narrows \"AV\" in DejaVu Sans and in Inter (GPOS)")
    func kerning() throws {
        let dejavu = try fonts.face(family: "DejaVu Sans")
        let inter = try fonts.face()
        for face in [dejavu, inter] {
            #expect(face.hasKerning)
            let kerned = TextLayout.width(of: "AV", face: face, size: 100)
            let plain = TextLayout.width(
                of: "AV", face: face, size: 100, options: .init(kerning: false))
            #expect(kerned < plain - 2)
            let a = try #require(face.glyphIndex(for: "A"))
            let v = try #require(face.glyphIndex(for: "V"))
            #expect(abs(plain - kerned + face.kerning(a, v, size: 100)) < 1e-9)
        }
    }

    @Test("\"AVATAR\" and \"To\" in Inter measure narrower than their advances")
    func kernedWidths() throws {
        let inter = try fonts.face()
        for text in ["AVATAR", "To"] {
            let advances = text.unicodeScalars.reduce(0.0) {
                $0 + inter.advance(of: $1, size: 100)
            }
            let width = TextLayout.width(of: text, face: inter, size: 100)
            #expect(width < advances - 5, "\(text)")
        }
        let t = try #require(inter.glyphIndex(for: "T"))
        let o = try #require(inter.glyphIndex(for: "o"))
        let to = TextLayout("To", face: inter, size: 100)
        // "To" kerns by -224 of Inter's 2816 units per em.
        let expected = inter.advance(glyph: t, size: 100) - 224 * 100 / 2816.0
        #expect(abs(to.glyphs[1].position.x - to.glyphs[0].position.x - expected) < 1e-9)
        #expect(to.glyphs[1].glyph == o)
    }

    @Test("tabular digits make \"1111\" as wide as \"0000\"")
    func tabularDigits() throws {
        let inter = try fonts.face(weight: .bold)
        let proportional1 = TextLayout.width(of: "1111", face: inter, size: 60)
        let proportional0 = TextLayout.width(of: "0000", face: inter, size: 60)
        #expect(proportional1 < proportional0, "Inter's 1 is narrower than its 0")
        let tab = TextLayout.Options(monospacedDigits: true)
        let tabular1 = TextLayout.width(of: "1111", face: inter, size: 60, options: tab)
        let tabular0 = TextLayout.width(of: "0000", face: inter, size: 60, options: tab)
        #expect(abs(tabular1 - tabular0) < 1e-9)
        #expect(abs(tabular0 - 4 * inter.tabularDigitAdvance(size: 60)) < 1e-9)
        let ones = TextLayout("1111", face: inter, size: 60, options: tab)
        let adv = inter.tabularDigitAdvance(size: 60)
        #expect(abs(ones.glyphs[1].position.x - ones.glyphs[0].position.x - adv) < 1e-9)
    }

    @Test("advances are unhinted and proportional: layout in points scales exactly")
    func proportionalAdvances() throws {
        let face = try fonts.face(family: "DejaVu Sans", weight: .bold)
        let points = TextLayout.width(of: "10:09", face: face, size: 17)
        let pixels = TextLayout.width(of: "10:09", face: face, size: 17 * 3.5)
        #expect(abs(pixels - points * 3.5) < 1e-9)
    }

    @Test("the color emoji face has metrics and advances though FreeType reports no units/em")
    func emojiFace() throws {
        let emoji = try #require(fonts.fallbackFace(for: "😀"))
        #expect(emoji.unitsPerEm == 2048)
        let g = try #require(emoji.glyphIndex(for: "😀"))
        #expect(abs(emoji.advance(glyph: g, size: 2048) - 2550) < 1e-9)
        #expect(emoji.metrics(size: 100).ascent > 80)
    }
}
