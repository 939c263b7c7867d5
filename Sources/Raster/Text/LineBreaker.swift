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
    /// its paragraph, loses characters from the end (and trailing spaces) until it fits
    /// `maxWidth` with the ellipsis, and gets the ellipsis in the style of the run it follows
    /// (`ellipses[run]`).
    ///
    /// One pass forward over the last line's paragraph, which stops once the text is wider than
    /// `maxWidth`: linear in what can be shown, however long the paragraph.
    static func truncate(
        _ lines: [Line], items: [TextItem], limit: Int?, maxWidth: Double?,
        ellipses: [[TextItem]]
    ) -> [Line] {
        guard let limit, limit > 0, lines.count > limit else { return lines }
        var kept = Array(lines.prefix(limit))
        let start = kept[limit - 1].items.startIndex
        let firstRun = start < items.count ? items[start].run : 0
        /// The ellipsis after `count` items of the paragraph, and its width there (its first
        /// item's kerning counts only after another item).
        func ellipsis(after count: Int) -> (items: [TextItem], width: Double) {
            let ellipsis = ellipses[count > 0 ? items[start + count - 1].run : firstRun]
            var width = 0.0
            for (k, item) in ellipsis.enumerated() {
                width += (k > 0 || count > 0 ? item.kern : 0) + item.advance
            }
            return (ellipsis, width)
        }
        // The longest prefix that ends in a non-space and fits with its ellipsis.
        var best = 0
        var width = 0.0
        var count = 0
        while start + count < items.count && items[start + count].kind != .newline {
            let item = items[start + count]
            width += (count > 0 ? item.kern : 0) + item.advance
            count += 1
            if let maxWidth, width > maxWidth + epsilon { break }
            if item.kind != .space
                && (maxWidth.map { width + ellipsis(after: count).width <= $0 + epsilon } ?? true)
            {
                best = count
            }
        }
        let last = items[start..<start + best] + ellipsis(after: best).items
        kept[limit - 1] = Line(items: ArraySlice(last), truncated: true)
        return kept
    }
}
