/// Right-to-left and joining scripts: the runs as one text, ordered by FriBidi and shaped by
/// HarfBuzz.
extension TextShaper {
    /// The items of every run in logical order, each with its bidirectional level.
    ///
    /// Levels by paragraph (``BidiLevels/levels(_:)``), then each stretch of one run, level and face
    /// shaped by HarfBuzz (its glyphs put back in logical order; a line is reordered after it
    /// is broken). The whole text is HarfBuzz's context, so letters join across runs' faces.
    ///
    /// Faces are chosen per character as on the Latin path (the run's face, then
    /// fontconfig's fallback), except that a combining mark stays in its letter's face when
    /// that face has it. Pair kerning is HarfBuzz's (its `kern` feature); tabular digits are
    /// Nightstand's, as on the Latin path: each decimal digit (0–9, ٠–٩, ۰–۹ …) takes the
    /// advance of its face's widest digit of the same script, its glyph centered in it (Noto
    /// Sans Arabic's ٠–٩ are 280 to 583 units wide, and its `tnum` feature does not change them).
    mutating func shapeComplex() -> [TextItem] {
        isBidi = true
        var scalars: [UInt32] = []
        var runOf: [Int] = []
        for (r, run) in runs.enumerated() {
            for s in run.text.unicodeScalars {
                scalars.append(s.value)
                runOf.append(r)
            }
        }
        let count = scalars.count
        var levels = [UInt8](repeating: 0, count: count)
        var start = 0
        for i in 0...count where i == count || Self.isNewline(scalars[i]) {
            levels.replaceSubrange(start..<i, with: BidiLevels.levels(Array(scalars[start..<i])))
            start = i + 1
        }
        let faceOf = faces(scalars, runOf: runOf)
        var items: [TextItem] = []
        var i = 0
        while i < count {
            if Self.isNewline(scalars[i]) {
                items.append(TextItem(kind: .newline, run: runOf[i], face: primaries[runOf[i]]))
                i += scalars[i] == 0x0D && i + 1 < count && scalars[i + 1] == 0x0A ? 2 : 1
                continue
            }
            var end = i + 1
            while end < count, !Self.isNewline(scalars[end]), runOf[end] == runOf[i],
                levels[end] == levels[i], faceOf[end] == faceOf[i]
            {
                end += 1
            }
            items += shaped(scalars, i..<end, run: runOf[i], face: faceOf[i], levels: levels)
            i = end
        }
        return items
    }

    /// The face of each scalar (an index into ``faces``).
    private mutating func faces(_ scalars: [UInt32], runOf: [Int]) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(scalars.count)
        for (i, value) in scalars.enumerated() {
            let s = Unicode.Scalar(value) ?? " "
            let isMark = [.nonspacingMark, .spacingMark, .enclosingMark].contains(
                s.properties.generalCategory)
            if isMark, let previous = result.last, faces[previous].glyphIndex(for: s) != nil {
                result.append(previous)
            } else {
                let next = i + 1 < scalars.count ? scalars[i + 1] : 0
                result.append(lookup(s, run: runOf[i], preferColor: next == 0xFE0F).0)
            }
        }
        return result
    }

    /// The items of `range`, one run, level and face, shaped by HarfBuzz, in logical order.
    private func shaped(
        _ scalars: [UInt32], _ range: Range<Int>, run r: Int, face f: Int, levels: [UInt8]
    ) -> [TextItem] {
        let run = runs[r]
        let face = faces[f]
        let scale = run.size / Double(face.unitsPerEm)
        let rightToLeft = levels[range.lowerBound] % 2 == 1
        let tabular = options.monospacedDigits || run.monospacedDigits
        var glyphs = HarfBuzzFont.shape(
            scalars, range: range, face: face, rightToLeft: rightToLeft)
        if rightToLeft { glyphs.reverse() }
        return glyphs.map { g in
            let s = scalars[g.cluster]
            let isSpace = s == 0x20 || s == 0x09
            var advance = Double(g.advance) * scale
            var offset = Double(g.xOffset) * scale
            if s == 0x09 { advance *= 4 }
            if tabular, let zero = Self.digitZero(s) {
                let tab = Double(face.designTabularDigitAdvance(zero: zero)) * scale
                offset += (tab - advance) / 2
                advance = tab
            }
            if options.tracking != 0 && g.advance != 0 { advance += options.tracking * run.size }
            return TextItem(
                kind: isSpace ? .space : .glyph, run: r, face: f, glyph: g.glyph,
                advance: advance, offset: offset,
                breakAfter: isSpace || s == 0x2D || s == 0x2010,
                yOffset: Double(g.yOffset) * scale, level: levels[g.cluster])
        }
    }

    /// The zero of a decimal digit's script (U+0660 for ٣), nil for anything else.
    private static func digitZero(_ value: UInt32) -> UInt32? {
        guard let s = Unicode.Scalar(value), s.properties.generalCategory == .decimalNumber,
            let digit = s.properties.numericValue
        else { return nil }
        return value - UInt32(digit)
    }

    /// Whether a scalar ends a line (and a bidirectional paragraph).
    private static func isNewline(_ value: UInt32) -> Bool {
        [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains(value)
    }
}

extension FontFace {
    /// The widest advance, in design units, of the ten digits from `zero` (U+0030 for 0–9,
    /// U+0660 for the Arabic-Indic ٠–٩): every digit's under tabular digits.
    func designTabularDigitAdvance(zero: UInt32) -> Int32 {
        guard zero != 0x30 else { return designTabularDigitAdvance }
        return (zero...zero + 9).compactMap { Unicode.Scalar($0).flatMap(glyphIndex(for:)) }
            .map(designAdvance).max() ?? 0
    }
}
