import CFriBidi

/// The Unicode bidirectional algorithm (UAX #9) through FriBidi: each character's embedding
/// level in its paragraph, and the reordering of a line's levels into visual order.
///
/// Even levels run left to right, odd ones right to left: in `"abc אבג 123"` (a paragraph
/// whose first strong letter is Latin, so level 0) the Hebrew letters are level 1; in a
/// Hebrew paragraph (level 1) the Latin letters and the digits are level 2, so numbers keep
/// reading left to right.
enum BidiLevels {
    /// Whether `text` may need the bidirectional algorithm or shaping.
    ///
    /// It does when it holds a character of a right-to-left or joining script (Hebrew, Arabic, Syriac, Thaana, N'Ko and their
    /// presentation forms) or an explicit direction mark. Text of other scripts answers false
    /// after one pass over its UTF-8 bytes that looks at no byte below 0xD6 (U+0580 starts
    /// there): Latin, Greek and Cyrillic never reach the scalar test.
    static func needed(_ text: String) -> Bool {
        guard text.utf8.contains(where: { $0 >= 0xD6 }) else { return false }
        return text.unicodeScalars.contains { s in
            switch s.value {
            case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF,
                0x1E800...0x1EFFF:
                true
            case 0x200F, 0x202B, 0x202E, 0x2067: true  // RLM, RLE, RLO, RLI
            default: false
            }
        }
    }

    /// The level of each scalar of one paragraph (no paragraph separator inside), its
    /// direction that of its first strong character (left to right when it has none).
    static func levels(_ scalars: [UInt32]) -> [UInt8] {
        let count = scalars.count
        guard count > 0 else { return [] }
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: count)
        var brackets = [FriBidiBracketType](repeating: 0, count: count)
        var levels = [FriBidiLevel](repeating: 0, count: count)
        var direction = nightstand_fribidi_auto_direction()
        let ok = scalars.withUnsafeBufferPointer { text in
            fribidi_get_bidi_types(text.baseAddress, FriBidiStrIndex(count), &types)
            fribidi_get_bracket_types(
                text.baseAddress, FriBidiStrIndex(count), types, &brackets)
            return fribidi_get_par_embedding_levels_ex(
                types, brackets, FriBidiStrIndex(count), &direction, &levels)
        }
        // FriBidi fails only when it cannot allocate: the text then stays left to right.
        guard ok != 0 else { return [UInt8](repeating: 0, count: count) }
        return levels.map { UInt8(bitPattern: $0) }
    }

    /// The visual order of a line whose items have `levels` (rule L2).
    ///
    /// From the highest level down to the lowest odd level on the line (the lowest level, or
    /// the one above it when that is even), every maximal run at that level or above is
    /// reversed. A number alone in right-to-left text (level 2 throughout) is not reversed.
    static func visualOrder(_ levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), highest > 0 else { return order }
        let lowest = levels.min() ?? 0
        let lowestOdd = lowest % 2 == 1 ? lowest : lowest + 1
        var level = highest
        while level >= lowestOdd && level > 0 {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= level else {
                    i += 1
                    continue
                }
                var end = i
                while end < order.count && levels[order[end]] >= level { end += 1 }
                order[i..<end].reverse()
                i = end
            }
            level -= 1
        }
        return order
    }
}

extension BidiLevels {
    /// Each line's items in visual order (``visualOrder(_:)``).
    ///
    /// The ellipsis a cut line ends
    /// with takes the level of the text before it, so it stands where that text stops.
    static func visual(_ lines: [LineBreaker.Line]) -> [LineBreaker.Line] {
        lines.map { line in
            guard !line.items.isEmpty else { return line }
            var items = Array(line.items)
            if line.truncated, let last = items.lastIndex(where: { $0.level != 0 }) {
                for i in items.indices where i > last { items[i].level = items[last].level }
            }
            let order = visualOrder(items.map(\.level))
            var visual = line
            visual.items = ArraySlice(order.map { items[$0] })
            return visual
        }
    }
}
