import Testing

@testable import Raster

/// Line breaking and truncation at scale: long text takes time in proportion to what is
/// shown, and the one-pass truncation cuts exactly where removing one item at a time did.
@Suite("Line breaker")
struct LineBreakerTests {
    @Test(
        "a 200,000-character paragraph cut to two lines is laid out in one pass",
        .timeLimit(.minutes(1)))
    func longParagraph() throws {
        let face = try FontDatabase().face(family: "DejaVu Sans")
        let text = String(repeating: "Dentist appointment downtown ", count: 7000)
        let layout = TextLayout(
            text, face: face, size: 17, options: .init(maxWidth: 140, lineLimit: 2))
        #expect(layout.lines.count == 2 && layout.isTruncated)
        for line in layout.lines { #expect(line.bounds.width <= 140 + 1e-9) }
        let unlimited = TextLayout(text, face: face, size: 17, options: .init(maxWidth: 140))
        #expect(unlimited.lines.count > 2000, "without a limit every line is broken")
    }

    /// Truncation as it was first written: drop the last item until the rest ends in a
    /// non-space and fits with its ellipsis (quadratic, but plainly right).
    private func referenceTruncate(
        _ lines: [LineBreaker.Line], items: [TextItem], limit: Int, maxWidth: Double?,
        ellipses: [[TextItem]]
    ) -> [LineBreaker.Line] {
        guard lines.count > limit else { return lines }
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
                || (maxWidth.map { width(last + ellipsis()) > $0 + LineBreaker.epsilon } ?? false)
        {
            last.removeLast()
        }
        last.append(contentsOf: ellipsis())
        kept[limit - 1] = LineBreaker.Line(items: ArraySlice(last), truncated: true)
        return kept
    }

    /// Random items: glyphs of two runs with kerning, spaces, hyphens and line breaks.
    private func randomItems(_ count: Int, using random: inout some RandomNumberGenerator)
        -> [TextItem]
    {
        (0..<count).map { _ in
            let roll = Int.random(in: 0..<20, using: &random)
            var item = TextItem(kind: roll < 3 ? .space : roll == 3 ? .newline : .glyph)
            item.run = Int.random(in: 0..<2, using: &random)
            item.glyph = UInt32(roll)
            item.advance = item.kind == .newline ? 0 : Double.random(in: 2...12, using: &random)
            item.kern = item.kind == .glyph ? Double.random(in: -1...0.5, using: &random) : 0
            item.breakAfter = item.kind == .space || roll == 4
            return item
        }
    }

    @Test("one-pass truncation keeps exactly what the item-by-item truncation kept")
    func matchesReference() {
        var random = DeferredClearTests.Numbers(state: 21)
        let ellipses = [
            [TextItem(kind: .glyph, run: 0, glyph: 99, advance: 9, kern: -0.5)],
            Array(repeating: TextItem(kind: .glyph, run: 1, glyph: 98, advance: 3), count: 3),
        ]
        for _ in 0..<2000 {
            let items = randomItems(Int.random(in: 0..<80, using: &random), using: &random)
            let width =
                Bool.random(using: &random) ? Double.random(in: 5...120, using: &random) : nil
            let limit = Int.random(in: 1...4, using: &random)
            let lines = LineBreaker(items: items, maxWidth: width).lines()
            let fast = LineBreaker.truncate(
                lines, items: items, limit: limit, maxWidth: width, ellipses: ellipses)
            let slow = referenceTruncate(
                lines, items: items, limit: limit, maxWidth: width, ellipses: ellipses)
            #expect(fast.map(signature) == slow.map(signature))
            let bounded = LineBreaker(items: items, maxWidth: width).lines(maximum: limit + 1)
            #expect(bounded.map(signature) == Array(lines.prefix(limit + 1)).map(signature))
        }
    }

    /// A line as comparable values: its items' glyphs, runs and advances, and its flags.
    private func signature(_ line: LineBreaker.Line) -> [Double] {
        line.items.flatMap { [Double($0.glyph), Double($0.run), $0.advance] }
            + [line.truncated ? 1 : 0, line.endsInsideWord ? 1 : 0]
    }
}

/// The deferred-clear tests' SplitMix64 also serves the standard library's random API.
extension DeferredClearTests.Numbers: RandomNumberGenerator {}
