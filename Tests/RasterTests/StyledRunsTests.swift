import Testing

@testable import Raster

/// Styled runs in one layout: a shared baseline per line, per-line metrics, wrapping across
/// runs, the ellipsis's style, and one paint per run.
@Suite("Styled runs")
struct StyledRunsTests {
    private let fonts: FontDatabase
    private let regular: FontFace
    private let bold: FontFace

    init() throws {
        fonts = try FontDatabase()
        fonts.warningHandler = { _ in }
        regular = try fonts.face(family: "DejaVu Sans")
        bold = try fonts.face(family: "DejaVu Sans", weight: .bold)
    }

    @Test("runs of two sizes share one line and its baseline, as tall as the larger")
    func sharedBaseline() throws {
        let layout = TextLayout(runs: [
            TextLayout.Run("72", face: bold, size: 40),
            TextLayout.Run("°F", face: regular, size: 12),
        ])
        let big = bold.metrics(size: 40)
        #expect(layout.lines.count == 1)
        #expect(layout.firstBaseline == big.ascent)
        #expect(layout.size.height == big.lineHeight)
        #expect(layout.glyphs.map(\.run) == [0, 0, 1, 1])
        #expect(layout.glyphs.allSatisfy { $0.position.y == big.ascent })
        let width =
            TextLayout.width(of: "72", face: bold, size: 40)
            + TextLayout.width(of: "°F", face: regular, size: 12)
        #expect(abs(layout.size.width - width) < 1e-9)
        #expect(layout.faces.count == 2 && layout.faces[layout.glyphs[2].face] === regular)
    }

    @Test("one run is the same layout as the single-string initializer")
    func oneRunIsPlainText() {
        let options = TextLayout.Options(maxWidth: 90, lineLimit: 2)
        let plain = TextLayout(
            "Dentist at the new place", face: regular, size: 17, options: options)
        let runs = TextLayout(
            runs: [TextLayout.Run("Dentist at the new place", face: regular, size: 17)],
            options: options)
        #expect(plain.glyphs == runs.glyphs)
        #expect(plain.lines == runs.lines)
        #expect(plain.size == runs.size)
    }

    @Test("lines wrap across runs, each as tall as the runs on it")
    func wrapAcrossRuns() throws {
        // Room for "Big words" and a short small word after it; the rest fits a second line.
        let width = TextLayout.width(of: "Big words", face: bold, size: 30) + 30
        let layout = TextLayout(
            runs: [
                TextLayout.Run("Big words ", face: bold, size: 30),
                TextLayout.Run("and then many small words", face: regular, size: 10),
            ], options: TextLayout.Options(maxWidth: width))
        #expect(layout.lines.count == 2)
        let big = bold.metrics(size: 30)
        let small = regular.metrics(size: 10)
        #expect(layout.lines[0].metrics.ascent == big.ascent, "line 1 holds both runs")
        #expect(layout.lines[1].metrics == small, "line 2 holds only small words")
        #expect(layout.lines[1].baseline == big.lineHeight + small.ascent)
        #expect(layout.size.height == big.lineHeight + small.lineHeight)
        let second = layout.glyphs[layout.lines[1].glyphRange]
        #expect(second.allSatisfy { $0.run == 1 && $0.position.y == layout.lines[1].baseline })
    }

    @Test("an empty line takes the metrics of the run whose line break makes it")
    func emptyLineMetrics() {
        let layout = TextLayout(runs: [
            TextLayout.Run("Title", face: bold, size: 30),
            TextLayout.Run("\n\nnote", face: regular, size: 10),
        ])
        #expect(layout.lines.count == 3)
        #expect(layout.lines[1].glyphRange.isEmpty)
        #expect(layout.lines[1].metrics == regular.metrics(size: 10))
    }

    @Test("the ellipsis takes the style of the run it follows")
    func ellipsisStyle() throws {
        let layout = TextLayout(
            runs: [
                TextLayout.Run("72 ", face: bold, size: 30),
                TextLayout.Run("degrees and sunny all day", face: regular, size: 12),
            ], options: TextLayout.Options(maxWidth: 120, lineLimit: 1))
        #expect(layout.isTruncated)
        let last = try #require(layout.glyphs.last)
        #expect(last.run == 1)
        #expect(last.glyph == regular.glyphIndex(for: "…"))
        #expect(layout.size.width <= 120)
    }

    @Test("a line cut inside a word too long for it says so")
    func endsInsideWord() {
        let layout = TextLayout(
            "Wednesday ok", face: regular, size: 20, options: TextLayout.Options(maxWidth: 60))
        #expect(layout.lines.count > 2)
        #expect(layout.lines[0].endsInsideWord)
        #expect(!layout.lines[layout.lines.count - 1].endsInsideWord)
        let fits = TextLayout(
            "Wed ok", face: regular, size: 20, options: TextLayout.Options(maxWidth: 60))
        #expect(fits.lines.allSatisfy { !$0.endsInsideWord })
    }

    @Test("tabular digits can be asked for per run")
    func tabularPerRun() throws {
        let inter = try fonts.face()  // proportional digits, unlike DejaVu's
        let layout = TextLayout(runs: [
            TextLayout.Run("11", face: inter, size: 20, monospacedDigits: true),
            TextLayout.Run("11", face: inter, size: 20),
        ])
        let tab = inter.tabularDigitAdvance(size: 20)
        let one = inter.advance(of: "1", size: 20)
        #expect(tab > one)
        #expect(layout.glyphs.map(\.advance) == [tab, tab, one, one])
    }

    @Test("each run is drawn in its own paint")
    func paintPerRun() {
        let canvas = Canvas(width: 120, height: 40)
        canvas.clear(.black)
        let layout = TextLayout(runs: [
            TextLayout.Run("██", face: regular, size: 20),
            TextLayout.Run("██", face: bold, size: 20),
        ])
        canvas.draw(
            layout, at: Point(x: 0, y: 5),
            paints: [
                Paint(color: RGBA(red: 1, green: 0, blue: 0)),
                Paint(color: RGBA(red: 0, green: 0, blue: 1)),
            ])
        let y = Int(5 + layout.firstBaseline - 4)
        let firstX = Int(layout.glyphs[0].position.x + layout.glyphs[0].advance / 2)
        let lastX = Int(layout.glyphs[3].position.x + layout.glyphs[3].advance / 2)
        #expect(canvas[firstX, y] == RGBA(red: 1, green: 0, blue: 0).premultiplied)
        #expect(canvas[lastX, y] == RGBA(red: 0, green: 0, blue: 1).premultiplied)
    }
}
