/// One laid-out unit before line breaking: a glyph, a breakable space, or a line break.
struct TextItem {
    enum Kind { case glyph, space, newline }
    var kind: Kind
    /// Index into the layout's runs.
    var run: Int = 0
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
    /// How far the glyph sits above the baseline (a mark over its letter, from HarfBuzz).
    var yOffset: Double = 0
    /// The bidirectional embedding level (odd: right to left); 0 outside ``BidiLevels``.
    var level: UInt8 = 0
}

/// Maps characters to glyphs, one glyph per Unicode scalar, run after run.
///
/// It chooses faces (the run's face, then fallbacks) and applies advances, tabular digits and
/// pair kerning between adjacent glyphs of one face within a run
/// (``FontFace/kerning(_:_:size:)``: `GPOS` pair adjustments, else the `kern` table). No other
/// OpenType shaping: no `GSUB`, no contextual or mark positioning. Text with a right-to-left
/// or joining script (Hebrew, Arabic) goes through FriBidi and HarfBuzz instead
/// (``shapeComplex()``, ``BidiLevels/needed(_:)``).
struct TextShaper {
    let runs: [TextLayout.Run]
    let options: TextLayout.Options
    /// The faces used so far: each run's face first, in run order, then fallbacks.
    private(set) var faces: [FontFace] = []
    /// Each run's face, as an index into ``faces``.
    var primaries: [Int] = []
    /// Whether the items carry bidirectional levels, so lines need ``BidiLevels/visual(_:)``.
    var isBidi = false

    init(runs: [TextLayout.Run], options: TextLayout.Options) {
        self.runs = runs
        self.options = options
        for run in runs {
            primaries.append(faceIndex(run.face))
        }
    }

    /// The items of every run, in order.
    mutating func shape() -> [TextItem] {
        if runs.contains(where: { BidiLevels.needed($0.text) }) { return shapeComplex() }
        var items: [TextItem] = []
        for r in runs.indices {
            shape(run: r, into: &items)
        }
        return items
    }

    /// Appends the items of run `r`.
    private mutating func shape(run r: Int, into items: inout [TextItem]) {
        let run = runs[r]
        let primary = faces[primaries[r]]
        let tabular = options.monospacedDigits || run.monospacedDigits
        items.reserveCapacity(items.count + run.text.utf8.count)  // at least one per scalar
        // Each scalar with the one after it, read in place (no copy of the scalars).
        var scalars = run.text.unicodeScalars.makeIterator()
        var upcoming = scalars.next()
        while let s = upcoming {
            upcoming = scalars.next()
            let next = upcoming
            switch s {
            case "\r":
                if next == "\n" { upcoming = scalars.next() }
                items.append(TextItem(kind: .newline, run: r, face: primaries[r]))
                continue
            case "\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}":
                items.append(TextItem(kind: .newline, run: r, face: primaries[r]))
                continue
            default:
                break
            }
            // ASCII has no default-ignorable scalar: skip the Unicode property lookup.
            if !s.isASCII && s.properties.isDefaultIgnorableCodePoint
                && primary.glyphIndex(for: s) == nil
            {
                continue  // ZWJ, variation selectors, soft hyphen: no glyph, no advance
            }
            if !s.isASCII && primary.glyphIndex(for: s) == nil,
                let space = SpaceFallback(s, face: primary, size: run.size)
            {
                items.append(spaceItem(space, run: r))
                continue
            }
            let (face, glyph) = lookup(s, run: r, preferColor: next == "\u{FE0F}")
            var item = TextItem(
                kind: s == " " || s == "\t" ? .space : .glyph, run: r, face: face, glyph: glyph)
            let f = faces[face]
            item.advance = f.advance(glyph: glyph, size: run.size)
            if s == "\t" { item.advance *= 4 }
            let isDigit = (0x30...0x39).contains(s.value)
            if tabular && isDigit {
                let tab = f.tabularDigitAdvance(size: run.size)
                item.offset = (tab - item.advance) / 2
                item.advance = tab
            }
            if options.tracking != 0 { item.advance += options.tracking * run.size }
            if options.kerning, let prev = items.last, prev.kind != .newline, prev.run == r,
                prev.face == face, !(tabular && (isDigit || isDigitGlyph(prev)))
            {
                item.kern = f.kerning(prev.glyph, glyph, size: run.size)
            }
            item.breakAfter = item.kind == .space || s == "-" || s == "\u{2010}"
            items.append(item)
        }
    }

    /// A space character run `r`'s face lacks, drawn as the face's own space at the width
    /// ``SpaceFallback`` gives (tracking applies as to any space; kerning does not).
    private func spaceItem(_ space: SpaceFallback, run r: Int) -> TextItem {
        let primary = primaries[r]
        return TextItem(
            kind: space.breaks ? .space : .glyph, run: r, face: primary,
            glyph: faces[primary].glyphIndex(for: " ") ?? 0,
            advance: space.advance + options.tracking * runs[r].size, breakAfter: space.breaks)
    }

    /// The items of the ellipsis in run `r`'s face and size: "…" in that face or a fallback,
    /// else "...".
    mutating func ellipsis(run r: Int) -> [TextItem] {
        let size = runs[r].size
        let (face, glyph) = lookup("\u{2026}", run: r, preferColor: false)
        if glyph != 0 {
            return [
                TextItem(
                    kind: .glyph, run: r, face: face, glyph: glyph,
                    advance: faces[face].advance(glyph: glyph, size: size))
            ]
        }
        let primary = primaries[r]
        let dot = faces[primary].glyphIndex(for: ".") ?? 0
        let item = TextItem(
            kind: .glyph, run: r, face: primary, glyph: dot,
            advance: faces[primary].advance(glyph: dot, size: size))
        return [item, item, item]
    }

    /// Whether an item is one of its face's digits (for tabular kerning rules).
    private func isDigitGlyph(_ item: TextItem) -> Bool {
        guard item.kind == .glyph else { return false }
        let face = faces[item.face]
        return (UInt32(0x30)...0x39).contains { v in
            Unicode.Scalar(v).flatMap { face.glyphIndex(for: $0) } == item.glyph
        }
    }

    /// The index of `face` in ``faces``, added if new.
    mutating func faceIndex(_ face: FontFace) -> Int {
        if let known = faces.firstIndex(where: { $0 === face }) { return known }
        faces.append(face)
        return faces.count - 1
    }

    /// The face and glyph for a scalar in run `r`: the run's face, a fallback face, or the
    /// missing glyph (0).
    ///
    /// Characters whose default presentation is emoji (Unicode `Emoji_Presentation`), or
    /// followed by U+FE0F, go to the color emoji face first even when the run's face has a
    /// monochrome glyph (DejaVu Sans has the emoticons block), as browsers and Apple do.
    mutating func lookup(_ s: Unicode.Scalar, run r: Int, preferColor: Bool) -> (
        Int, UInt32
    ) {
        let primary = primaries[r]
        let face = faces[primary]
        // ASCII has no scalar of emoji presentation: skip the Unicode property lookup.
        let color = preferColor || (!s.isASCII && s.properties.isEmojiPresentation)
        if !color, let g = face.glyphIndex(for: s) { return (primary, g) }
        guard s.value > 0x20,
            let fallback = face.database?.fallbackFace(for: s, preferColor: color),
            !color || fallback.isColorBitmap, let g = fallback.glyphIndex(for: s)
        else { return (primary, face.glyphIndex(for: s) ?? 0) }
        return (faceIndex(fallback), g)
    }
}
