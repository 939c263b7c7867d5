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

    /// The lines, at least one.
    ///
    /// A line ends at a line break; with a width, after the last
    /// break opportunity that fits (after a space run or a hyphen), else before the first item
    /// that overflows (a word wider than the line). Spaces never overflow a line.
    func lines() -> [Line] {
        var result: [Line] = []
        var start = 0
        while start <= items.count {
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
    static func truncate(
        _ lines: [Line], items: [TextItem], limit: Int?, maxWidth: Double?,
        ellipses: [[TextItem]]
    ) -> [Line] {
        guard let limit, limit > 0, lines.count > limit else { return lines }
        var kept = Array(lines.prefix(limit))
        let start = kept[limit - 1].items.startIndex
        var end = start
        while end < items.count && items[end].kind != .newline { end += 1 }
        var last = Array(items[start..<end])
        let firstRun = start < items.count ? items[start].run : 0
        func ellipsis() -> [TextItem] { ellipses[last.last?.run ?? firstRun] }
        func width(_ run: [TextItem]) -> Double {
            run.enumerated().reduce(0) {
                $0 + ($1.offset > 0 ? $1.element.kern : 0) + $1.element.advance
            }
        }
        while let tail = last.last,
            tail.kind == .space
                || (maxWidth.map { width(last + ellipsis()) > $0 + epsilon } ?? false)
        {
            last.removeLast()
        }
        last.append(contentsOf: ellipsis())
        kept[limit - 1] = Line(items: ArraySlice(last), truncated: true)
        return kept
    }
}
