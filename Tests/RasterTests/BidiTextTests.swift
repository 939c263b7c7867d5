import Testing

@testable import Raster

/// Hebrew and Arabic text: FriBidi's order and HarfBuzz's shaping, read back from the glyphs'
/// positions (left to right on the line) and indices.
@Suite("Bidirectional text")
struct BidiTextTests {
    private let fonts: FontDatabase
    private let face: FontFace

    init() throws {
        fonts = try FontDatabase()
        fonts.warningHandler = { _ in }
        face = try fonts.face()
    }

    /// The characters of each line as drawn, left to right: each glyph read back through the
    /// face it came from (a shaped Arabic form reads as "?").
    private func drawn(_ layout: TextLayout) -> [String] {
        layout.lines.map { line in
            let glyphs = line.glyphRange.map { layout.glyphs[$0] }.sorted {
                $0.position.x < $1.position.x
            }
            return String(
                glyphs.map { g in
                    let face = layout.faces[g.face]
                    return layout.text.unicodeScalars.first { face.glyphIndex(for: $0) == g.glyph }
                        .map(Character.init) ?? "?"
                })
        }
    }

    @Test("only text with a right-to-left or joining script takes the bidirectional path")
    func needed() {
        #expect(!BidiLevels.needed("Hello, world 12:30"))
        #expect(!BidiLevels.needed("Größe ±5 °C, Ελλάδα, Москва, 東京, 🙂"))
        #expect(BidiLevels.needed("שלום"))
        #expect(BidiLevels.needed("abc سلام"))
        #expect(BidiLevels.needed("a\u{200F}b"))
        #expect(!TextLayout("Hello", face: face, size: 20).lines.isEmpty)
    }

    @Test("levels: a Hebrew paragraph is right to left, its numbers and Latin words left to right")
    func levels() {
        let hebrew = Array("אבג 123 abc".unicodeScalars.map(\.value))
        #expect(BidiLevels.levels(hebrew) == [1, 1, 1, 1, 2, 2, 2, 1, 2, 2, 2])
        let latin = Array("ab אב".unicodeScalars.map(\.value))
        #expect(BidiLevels.levels(latin) == [0, 0, 0, 1, 1])
        #expect(BidiLevels.visualOrder([1, 1, 1, 1, 2, 2, 2]) == [4, 5, 6, 3, 2, 1, 0])
        #expect(BidiLevels.visualOrder([0, 0, 1, 1, 0]) == [0, 1, 3, 2, 4])
        #expect(BidiLevels.visualOrder([0, 0]) == [0, 1])
        #expect(BidiLevels.visualOrder([2, 2]) == [0, 1], "a number alone keeps its order")
        #expect(BidiLevels.visualOrder([2, 2, 1, 2]) == [3, 2, 0, 1])
    }

    @Test("tabular digits: Arabic-Indic digits take the widest one's advance, as 0–9 do")
    func tabularArabicDigits() throws {
        let arabic = try fonts.face(
            atPath: "/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf")
        let width = { (text: String, tabular: Bool) in
            TextLayout.width(
                of: text, face: arabic, size: 40,
                options: TextLayout.Options(monospacedDigits: tabular))
        }
        // Noto Sans Arabic's ١ is about half as wide as its ٣.
        #expect(width("١١:١١", false) < width("٣٣:٣٣", false) - 10)
        #expect(abs(width("١١:١١", true) - width("٣٣:٣٣", true)) < 0.01)
        #expect(abs(width("٠٧", true) - width("٥٩", true)) < 0.01)
        // Within Arabic text too, and with Latin digits beside them.
        #expect(abs(width("بعد ١١ يوما", true) - width("بعد ٣٣ يوما", true)) < 0.01)
        #expect(abs(width("١١ 11", true) - width("٣٣ 00", true)) < 0.01)
    }

    @Test(
        "Hebrew reads from the right, its number from the left; in Latin text a Hebrew word turns")
    func hebrewOrder() {
        let layout = TextLayout("בעוד 3 ימים", face: face, size: 20)
        #expect(drawn(layout) == ["םימי3דועב"])
        #expect(drawn(TextLayout("עד 2026", face: face, size: 20)) == ["2026דע"])
        #expect(drawn(TextLayout("in שלום out", face: face, size: 20)) == ["inםולשout"])
        // Glyphs do not overlap: each starts where the one on its left ends.
        let glyphs = layout.glyphs.sorted { $0.position.x < $1.position.x }
        for (left, right) in zip(glyphs, glyphs.dropFirst()) {
            #expect(right.position.x >= left.position.x + left.advance - 0.01)
        }
    }

    @Test("Arabic letters join: shaped forms, not the isolated ones, drawn right to left")
    func arabicJoins() throws {
        let word = "سلام"
        let layout = TextLayout(word, face: face, size: 30)
        let arabic = try #require(fonts.fallbackFace(for: "س"))
        let isolated = Set(word.unicodeScalars.compactMap { arabic.glyphIndex(for: $0) })
        let glyphs = layout.glyphs.sorted { $0.position.x < $1.position.x }
        #expect(glyphs.count >= 3)  // lam-alef may be one ligature
        #expect(glyphs.allSatisfy { layout.faces[$0.face].familyName == arabic.familyName })
        // Every letter but the last (leftmost: alef after lam, or meem) takes a joining form.
        let joined = glyphs.filter { !isolated.contains($0.glyph) }
        #expect(joined.count >= glyphs.count - 1, "joined \(joined.count) of \(glyphs.count)")
        // The first letter, seen, stands rightmost.
        let seenForms = glyphs.last.map { !isolated.contains($0.glyph) } ?? false
        #expect(seenForms)
    }

    @Test("a mark takes no width of its own: it is placed over its letter")
    func markPlaced() throws {
        let layout = TextLayout("غدًا", face: face, size: 40)
        #expect(layout.glyphs.count == 4)
        #expect(layout.glyphs.filter { $0.advance == 0 }.count == 1)
    }

    @Test(
        "multi-line right-to-left text: each line in its own visual order, wrapped in logical order"
    )
    func wrapped() {
        var options = TextLayout.Options()
        options.maxWidth = TextLayout.width(of: "אבג דהו", face: face, size: 20) + 1
        let layout = TextLayout("אבג דהו זחט", face: face, size: 20, options: options)
        #expect(drawn(layout) == ["והדגבא", "טחז"])
    }
}
