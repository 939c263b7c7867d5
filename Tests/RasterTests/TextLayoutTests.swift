import Testing

@testable import Raster

/// Line breaking, line limits with ellipsis, alignment and fallback faces, as numbers.
@Suite("Text layout")
struct TextLayoutTests {
    private let fonts: FontDatabase
    private let face: FontFace

    init() throws {
        fonts = try FontDatabase()
        face = try fonts.face(family: "DejaVu Sans")
    }

    /// The text of each line, read back from glyph indices.
    private func lineTexts(_ layout: TextLayout) -> [String] {
        var reverse: [UInt32: Character] = [:]
        for s in layout.text.unicodeScalars {
            if let g = face.glyphIndex(for: s) { reverse[g] = Character(s) }
        }
        if let e = face.glyphIndex(for: "…") { reverse[e] = "…" }
        return layout.lines.map { line in
            var text = ""
            var lastEnd: Double?
            for g in line.glyphRange.map({ layout.glyphs[$0] }) {
                if let lastEnd, g.position.x > lastEnd + 1 { text += " " }
                text.append(reverse[g.glyph] ?? "?")
                lastEnd = g.position.x + g.advance
            }
            return text
        }
    }

    @Test("one line without a width, the box as wide as the advances")
    func singleLine() throws {
        let layout = TextLayout("Hello", face: face, size: 20)
        #expect(layout.lines.count == 1)
        #expect(layout.glyphs.count == 5)
        let m = face.metrics(size: 20)
        #expect(layout.size.height == m.lineHeight)
        #expect(layout.firstBaseline == m.ascent)
        let sum = "Hello".unicodeScalars.reduce(0.0) { $0 + face.advance(of: $1, size: 20) }
        #expect(abs(layout.size.width - sum) < 0.5)  // kerning may move it slightly
    }

    @Test("CR LF is one line break; CR, LF and the other breaks are one each")
    func lineBreakCharacters() {
        #expect(lineTexts(TextLayout("ab\r\ncd", face: face, size: 20)) == ["ab", "cd"])
        #expect(lineTexts(TextLayout("ab\r\rcd\n", face: face, size: 20)) == ["ab", "", "cd", ""])
        #expect(
            lineTexts(TextLayout("a\u{2028}b\u{85}c", face: face, size: 20)) == ["a", "b", "c"])
        #expect(lineTexts(TextLayout("\r\n", face: face, size: 20)) == ["", ""])
    }

    @Test("no ASCII scalar is default-ignorable or emoji by default (the shaper's ASCII shortcut)")
    func asciiHasNoIgnorableOrEmojiPresentation() {
        for v in UInt8(0)..<128 {
            let s = Unicode.Scalar(v)
            #expect(!s.properties.isDefaultIgnorableCodePoint && !s.properties.isEmojiPresentation)
        }
    }

    @Test("wrapping in a narrow width breaks after spaces")
    func wrapping() throws {
        let text = "The quick brown fox jumps"
        let width = TextLayout.width(of: "quick brown", face: face, size: 20) + 1
        let layout = TextLayout(text, face: face, size: 20, options: .init(maxWidth: width))
        #expect(lineTexts(layout) == ["The quick", "brown fox", "jumps"])
        for line in layout.lines { #expect(line.bounds.width <= width) }
        let step = face.metrics(size: 20).lineHeight
        #expect(abs(layout.lines[2].baseline - layout.lines[0].baseline - 2 * step) < 1e-9)
        #expect(abs(layout.size.height - 3 * step) < 1e-9)
    }

    @Test("a word wider than the line breaks inside; hard newlines always break")
    func longWordsAndNewlines() throws {
        let width = TextLayout.width(of: "abcd", face: face, size: 20) + 0.5
        let layout = TextLayout(
            "abcdefgh\nij", face: face, size: 20, options: .init(maxWidth: width))
        #expect(lineTexts(layout) == ["abcd", "efgh", "ij"])
    }

    @Test("a line limit cuts the text and ends the last line with an ellipsis that fits")
    func lineLimitEllipsis() throws {
        let width = 120.0
        let options = TextLayout.Options(maxWidth: width, lineLimit: 2)
        let layout = TextLayout(
            "Dentist appointment at the new place downtown", face: face, size: 20, options: options)
        #expect(layout.lines.count == 2)
        #expect(layout.isTruncated)
        #expect(!layout.lines[0].isTruncated && layout.lines[1].isTruncated)
        let texts = lineTexts(layout)
        #expect(texts[1].hasSuffix("…"))
        #expect(!texts[1].dropLast().hasSuffix(" "))
        for line in layout.lines { #expect(line.bounds.width <= width + 1e-9) }
        #expect(layout.lines[1].bounds.width > width - 20, "the last line is filled before the …")

        let one = TextLayout(
            "Hello wonderful world", face: face, size: 20,
            options: .init(maxWidth: 100, lineLimit: 1))
        #expect(one.lines.count == 1)
        #expect(lineTexts(one)[0].hasPrefix("Hello w"))
        #expect(one.size.width <= 100)
    }

    @Test("no truncation when the text fits the limit")
    func fitsLimit() throws {
        let layout = TextLayout(
            "Short", face: face, size: 20, options: .init(maxWidth: 200, lineLimit: 1))
        #expect(!layout.isTruncated)
        #expect(lineTexts(layout) == ["Short"])
    }

    @Test("alignment moves shorter lines within the widest line")
    func alignment() throws {
        let width = TextLayout.width(of: "wide line", face: face, size: 20) + 1
        for (alignment, expected) in [
            (TextLayout.Alignment.leading, 0.0), (.center, 0.5), (.trailing, 1.0),
        ] {
            let layout = TextLayout(
                "wide line x", face: face, size: 20,
                options: .init(maxWidth: width, alignment: alignment))
            #expect(layout.lines.count == 2)
            let slack = layout.size.width - layout.lines[1].bounds.width
            #expect(abs(layout.lines[1].bounds.minX - slack * expected) < 1e-9)
            let first = layout.glyphs[layout.lines[1].glyphRange.lowerBound]
            #expect(abs(first.position.x - layout.lines[1].bounds.minX) < 1e-9)
        }
    }

    @Test("characters the face lacks come from fallback faces")
    func fallbacks() throws {
        let layout = TextLayout("Hi 😀 \u{E88A}", face: face, size: 20)
        #expect(layout.glyphs.count == 4)
        #expect(layout.faces.count == 3)
        #expect(layout.faces[layout.glyphs[2].face].familyName == "Noto Color Emoji")
        #expect(layout.faces[layout.glyphs[3].face].familyName == "Material Icons")
        let withSelector = TextLayout("☀\u{FE0F}", face: try fonts.face(), size: 20)
        #expect(withSelector.glyphs.count == 1, "the variation selector places nothing")
    }

    @Test("a space the face lacks is its own space at the Unicode width, not a fallback font's")
    func spaceFallback() throws {
        let quicksand = try fonts.face(family: "Quicksand")
        try #require(
            quicksand.glyphIndex(for: "\u{202F}") == nil, "the case needs a face without it")
        let size = 40.0
        let space = quicksand.advance(of: " ", size: size)
        // ICU writes "9:52\u{202F}AM": one face, and "AM" half a space after "52".
        let time = TextLayout("9:52\u{202F}AM", face: quicksand, size: size)
        #expect(time.faces.count == 1)
        let before = TextLayout.width(of: "9:52", face: quicksand, size: size)
        let a = time.glyphs[5]
        #expect(abs(a.position.x - (before + space / 2)) < 0.5)
        // The no-break ones hold their neighbours on a line; the others are breaks. Quicksand
        // lacks U+2005 (a four-per-em space) too.
        let width = TextLayout("ab\u{202F}ab", face: quicksand, size: size).size.width + 1
        let held = TextLayout(
            "ab ab\u{202F}ab", face: quicksand, size: size, options: .init(maxWidth: width))
        let broken = TextLayout(
            "ab ab\u{2005}ab", face: quicksand, size: size, options: .init(maxWidth: width))
        #expect(held.lines.count == 2, "ab / ab ab")
        #expect(broken.lines.count == 3, "ab / ab / ab")
        // Widths from the em: an em space is the size, a six-per-em space a sixth.
        for (text, em) in [("a\u{2003}b", 1.0), ("a\u{2006}b", 1.0 / 6)] {
            let layout = TextLayout(text, face: quicksand, size: size)
            let (a, b) = (layout.glyphs[0], layout.glyphs[layout.glyphs.count - 1])
            let gap = b.position.x - (a.position.x + a.advance)
            #expect(abs(gap - em * size) < 0.5, "\(text.debugDescription)")
        }
    }
}
