/// Splits shaped items into lines: hard breaks, greedy wrapping at a width, and the line limit
/// with a trailing ellipsis.
struct LineBreaker {
    /// One line's items, spaces included, line breaks excluded.
    struct Line {
        var items: ArraySlice<TextItem>
        var truncated = false
        /// Whether the line ends inside a word that alone is wider than the line.
        var endsInsideWord = false
    }

    let items: [TextItem]
    let maxWidth: Double?

    /// Slack for floating-point sums: a line exactly as wide as the width fits.
    static let epsilon = 1e-9

    /// The lines, at least one, and at most `maximum` (nil: every line).
    ///
    /// A line ends at a line break; with a width, after the last
    /// break opportunity that fits (after a space run or a hyphen), else before the first item
    /// that overflows (a word wider than the line). Spaces never overflow a line.
    ///
    /// Each item is visited once per line it ends up on, so the work is linear in the items
    /// up to the last line returned: a line limit bounds it by what can be shown.
    func lines(maximum: Int? = nil) -> [Line] {
        var result: [Line] = []
        var start = 0
        while start <= items.count && result.count < (maximum ?? .max) {
            var pen = 0.0
            var lastBreak: Int?
            var end = items.count
            var next = items.count + 1
            var insideWord = false
            var i = start
            while i < items.count {
                let item = items[i]
                if item.kind == .newline {
                    (end, next) = (i, i + 1)
                    break
                }
                let advanced = pen + (i > start ? item.kern : 0) + item.advance
                if let w = maxWidth, item.kind != .space, advanced > w + Self.epsilon, i > start {
                    let cut = lastBreak.map { $0 + 1 } ?? i
                    (end, next, insideWord) = (cut, cut, lastBreak == nil)
                    break
                }
                pen = advanced
                if item.breakAfter && (i + 1 == items.count || items[i + 1].kind != .space) {
                    lastBreak = i
                }
                i += 1
            }
            result.append(Line(items: items[start..<end], endsInsideWord: insideWord))
            start = next
        }
        return result
    }

    /// Keeps the first `limit` lines; when text is cut, the last kept line runs to the end of
    /// its paragraph and loses characters where `mode` says until it fits `maxWidth` with the
    /// ellipsis, in the style of the run it stands next to (`ellipses[run]`): from the end
    /// (and trailing spaces) for `.tail`, from the start for `.head`, from the middle for
    /// `.middle`.
    ///
    /// One pass over the last line's paragraph (forward for the tail, backward for the head,
    /// both for the middle), each stopping once the text is wider than `maxWidth`.
    static func truncate(
        _ lines: [Line], items: [TextItem], limit: Int?, maxWidth: Double?,
        ellipses: [[TextItem]], mode: TextLayout.TruncationMode = .tail
    ) -> [Line] {
        guard let limit, limit > 0, lines.count > limit else { return lines }
        var kept = Array(lines.prefix(limit))
        let start = kept[limit - 1].items.startIndex
        var end = start
        while end < items.count && items[end].kind != .newline { end += 1 }
        let firstRun = start < items.count ? items[start].run : 0
        func width(of ellipsis: [TextItem]) -> Double {
            ellipsis.reduce(0) { $0 + $1.advance } + ellipsis.dropFirst().reduce(0) { $0 + $1.kern }
        }
        let limitWidth = maxWidth.map { $0 + epsilon } ?? .infinity
        /// The longest prefix of the paragraph ending in a non-space within `room`.
        func prefix(within room: (Int) -> Double) -> (count: Int, width: Double) {
            var best = (count: 0, width: 0.0)
            var width = 0.0
            var count = 0
            while start + count < end {
                let item = items[start + count]
                width += (count > 0 ? item.kern : 0) + item.advance
                count += 1
                if width > limitWidth { break }
                if item.kind != .space && width <= room(count) { best = (count, width) }
            }
            return best
        }
        /// The longest suffix of the paragraph starting with a non-space within `room`.
        func suffix(within room: Double, from lower: Int) -> Int {
            var best = 0
            var width = 0.0
            var count = 0
            while end - count - 1 >= lower {
                let item = items[end - count - 1]
                width += item.advance + (count > 0 ? items[end - count].kern : 0)
                count += 1
                if width > room { break }
                if item.kind != .space { best = count }
            }
            return best
        }
        /// The suffix's items, the first without its kerning against what was cut.
        func tail(_ count: Int) -> [TextItem] {
            var suffix = Array(items[end - count..<end])
            if !suffix.isEmpty { suffix[0].kern = 0 }
            return suffix
        }
        let last: [TextItem]
        switch mode {
        case .tail:
            /// The ellipsis after `count` items: in the style of the item before it.
            func ellipsis(after count: Int) -> [TextItem] {
                ellipses[count > 0 ? items[start + count - 1].run : firstRun]
            }
            let kept = prefix { count in
                // Its first item's kerning counts after another item.
                let e = ellipsis(after: count)
                return limitWidth - width(of: e) - (e.first?.kern ?? 0)
            }
            last = Array(items[start..<start + kept.count]) + ellipsis(after: kept.count)
        case .head:
            let lastRun = end > start ? items[end - 1].run : firstRun
            let ellipsis = ellipses[lastRun]
            let count = suffix(within: limitWidth - width(of: ellipsis), from: start)
            last = ellipsis + tail(count)
        case .middle:
            let ellipsis = ellipses[firstRun]
            let room = limitWidth - width(of: ellipsis)
            let head = prefix { _ in room / 2 }
            let count = suffix(within: room - head.width, from: start + head.count)
            last = Array(items[start..<start + head.count]) + ellipsis + tail(count)
        }
        kept[limit - 1] = Line(items: ArraySlice(last), truncated: true)
        return kept
    }
}
