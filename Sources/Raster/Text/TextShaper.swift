/// One laid-out unit before line breaking: a glyph, a breakable space, or a line break.
struct TextItem {
    enum Kind { case glyph, space, newline }
    var kind: Kind
    /// Index into the shaper's faces.
    var face: Int = 0
    var glyph: UInt32 = 0
    /// The advance this item takes.
    var advance: Double = 0
    /// Where the glyph's origin sits within its advance (tabular digits are centered).
    var offset: Double = 0
    /// Kerning against the previous item, applied unless the item starts a line.
    var kern: Double = 0
    /// Whether a line may end after this item.
    var breakAfter = false
}

/// Maps characters to glyphs, one glyph per Unicode scalar.
///
/// It chooses faces (primary, then fallbacks) and applies advances, tabular digits and `kern`
/// pairs. No OpenType shaping.
struct TextShaper {
    let size: Double
    let options: TextLayout.Options
    /// The faces used so far; the primary first.
    private(set) var faces: [FontFace]

    init(primary: FontFace, size: Double, options: TextLayout.Options) {
        self.size = size
        self.options = options
        faces = [primary]
    }

    /// The items of `text`, in order.
    mutating func shape(_ text: String) -> [TextItem] {
        let scalars = Array(text.unicodeScalars)
        var items: [TextItem] = []
        items.reserveCapacity(scalars.count)
        var i = 0
        while i < scalars.count {
            let s = scalars[i]
            let next = i + 1 < scalars.count ? scalars[i + 1] : nil
            i += 1
            switch s {
            case "\r":
                if next == "\n" { i += 1 }
                items.append(TextItem(kind: .newline))
                continue
            case "\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}":
                items.append(TextItem(kind: .newline))
                continue
            default:
                break
            }
            if s.properties.isDefaultIgnorableCodePoint && faces[0].glyphIndex(for: s) == nil {
                continue  // ZWJ, variation selectors, soft hyphen: no glyph, no advance
            }
            let (face, glyph) = lookup(s, preferColor: next == "\u{FE0F}")
            var item = TextItem(
                kind: s == " " || s == "\t" ? .space : .glyph, face: face, glyph: glyph)
            let f = faces[face]
            item.advance = f.advance(glyph: glyph, size: size)
            if s == "\t" { item.advance *= 4 }
            let isDigit = (0x30...0x39).contains(s.value)
            if options.monospacedDigits && isDigit {
                let tab = f.tabularDigitAdvance(size: size)
                item.offset = (tab - item.advance) / 2
                item.advance = tab
            }
            if options.kerning, let prev = items.last, prev.kind != .newline, prev.face == face,
                !(options.monospacedDigits && (isDigit || isDigitGlyph(prev)))
            {
                item.kern = f.kerning(prev.glyph, glyph, size: size)
            }
            item.breakAfter = item.kind == .space || s == "-" || s == "\u{2010}"
            items.append(item)
        }
        return items
    }

    /// The items of the ellipsis: "…" in the primary face or a fallback, else "...".
    mutating func ellipsis() -> [TextItem] {
        let (face, glyph) = lookup("\u{2026}", preferColor: false)
        if glyph != 0 {
            return [
                TextItem(
                    kind: .glyph, face: face, glyph: glyph,
                    advance: faces[face].advance(glyph: glyph, size: size))
            ]
        }
        let dot = faces[0].glyphIndex(for: ".") ?? 0
        let item = TextItem(
            kind: .glyph, face: 0, glyph: dot, advance: faces[0].advance(glyph: dot, size: size))
        return [item, item, item]
    }

    /// Whether an item is one of the primary face's digits (for tabular kerning rules).
    private func isDigitGlyph(_ item: TextItem) -> Bool {
        guard item.kind == .glyph else { return false }
        let face = faces[item.face]
        return (UInt32(0x30)...0x39).contains { v in
            Unicode.Scalar(v).flatMap { face.glyphIndex(for: $0) } == item.glyph
        }
    }

    /// The face and glyph for a scalar: primary face, fallback face, or missing glyph (0).
    ///
    /// Characters whose default presentation is emoji (Unicode `Emoji_Presentation`), or
    /// followed by U+FE0F, go to the color emoji face first even when the primary face has a
    /// monochrome glyph (DejaVu Sans has the emoticons block), as browsers and Apple do.
    private mutating func lookup(_ s: Unicode.Scalar, preferColor: Bool) -> (Int, UInt32) {
        let color = preferColor || s.properties.isEmojiPresentation
        if !color, let g = faces[0].glyphIndex(for: s) { return (0, g) }
        guard s.value > 0x20,
            let fallback = faces[0].database?.fallbackFace(for: s, preferColor: color),
            !color || fallback.isColorBitmap, let g = fallback.glyphIndex(for: s)
        else { return faces[0].glyphIndex(for: s).map { (0, $0) } ?? (0, 0) }
        if let known = faces.firstIndex(where: { $0 === fallback }) { return (known, g) }
        faces.append(fallback)
        return (faces.count - 1, g)
    }
}
