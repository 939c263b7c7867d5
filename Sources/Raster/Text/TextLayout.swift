/// Text laid out in lines: glyphs, positions, line boxes.
///
/// The text is one string in one font and size, or several styled ``Run``s, each in its own
/// face and size.
///
/// Layout is pure arithmetic on the font's design units, so it is exact in any unit: give the
/// size in points and the positions come out in points; ``Canvas/draw(_:at:paint:)`` then maps
/// them through the canvas transform and rasterizes each glyph at the transformed size.
///
/// The layout box starts at (0, 0). Each line is as tall as the tallest run on it (the largest
/// ascent, descent and line gap of its runs, ``Line/metrics``); every glyph of a line sits on
/// the line's one baseline, `ascent` below the line's top, and the next line starts
/// `lineHeight + lineSpacing` lower. Lines wrap across runs as if the runs were one string,
/// and are aligned inside the width of the widest line, which is the box's width. Trailing
/// spaces do not count toward a line's width.
///
/// ```swift
/// let fonts = try FontDatabase()
/// let face = try fonts.face(weight: .semibold)
/// var options = TextLayout.Options()
/// options.maxWidth = 140
/// options.lineLimit = 2
/// let layout = TextLayout("Dentist appointment at the new place", face: face, size: 17,
///                         options: options)
/// layout.lines.count        // 2, the second ending in "…"
/// canvas.draw(layout, at: Point(x: 15, y: 15), paint: Paint(color: .white))
/// ```
///
/// Styled runs share lines and a baseline, as SwiftUI's `Text + Text` does:
///
/// ```swift
/// let layout = TextLayout(runs: [
///     TextLayout.Run("72", face: bold, size: 34),
///     TextLayout.Run("°F", face: regular, size: 12),
/// ])
/// canvas.draw(layout, at: .zero, paints: [Paint(color: .white), Paint(color: .systemGray)])
/// ```
///
/// Characters the face lacks come from ``FontDatabase/fallbackFace(for:preferColor:)``
/// (emoji, icons); characters no font has draw as the face's missing glyph.
///
/// Text with a right-to-left or joining script (Hebrew, Arabic: ``BidiLevels/needed(_:)``) is
/// ordered by the Unicode bidirectional algorithm (FriBidi, per paragraph, its direction its
/// first strong letter's) and shaped by HarfBuzz (joining forms, ligatures, marks placed over
/// their letters); each line is then put in visual order, so an Arabic line reads from the
/// right and its numbers still from the left.
///
/// Differences from SwiftUI: other text has no full shaping. Each character maps to one glyph
/// (no ligatures, no multi-character emoji such as flags or ZWJ families), and the only
/// positioning is pair kerning (``FontFace/kerning(_:_:size:)``: the `GPOS` `kern` feature's
/// pair adjustments, else the `kern` table; no contextual or mark positioning). Lines break
/// after spaces and hyphens, and inside a word only when the word alone is wider than the
/// line.
public struct TextLayout {
    /// How lines sit horizontally within the layout's width.
    public enum Alignment: Hashable, Sendable {
        /// Flush left. Default.
        case leading
        /// Centered.
        case center
        /// Flush right.
        case trailing
    }

    /// A stretch of text in one face and size.
    public struct Run {
        /// The characters.
        public var text: String
        /// The face, whose fallbacks supply characters it lacks.
        public var face: FontFace
        /// The em size, in the layout's unit.
        public var size: Double
        /// Whether this run's digits are tabular (see ``Options/monospacedDigits``).
        ///
        /// Default: false.
        public var monospacedDigits: Bool

        /// Creates a run; `monospacedDigits` has the default named on its property.
        public init(_ text: String, face: FontFace, size: Double, monospacedDigits: Bool = false) {
            self.text = text
            self.face = face
            self.size = size
            self.monospacedDigits = monospacedDigits
        }
    }

    /// One glyph placed on a line.
    public struct Glyph: Hashable, Sendable {
        /// Index of the glyph's run in ``TextLayout/runs``: its size and style.
        public var run: Int
        /// Index of the glyph's face in ``TextLayout/faces``.
        public var face: Int
        /// The glyph index within that face.
        public var glyph: UInt32
        /// The pen position: the glyph's origin on its baseline, in layout coordinates.
        public var position: Point
        /// The advance width this glyph took on the line.
        public var advance: Double
    }

    /// One line's box and glyphs.
    public struct Line: Hashable, Sendable {
        /// The line's glyphs in ``TextLayout/glyphs``.
        public var glyphRange: Range<Int>
        /// The baseline's y in layout coordinates.
        public var baseline: Double
        /// The line's vertical metrics: for each of ascent, descent and line gap, the largest
        /// of the runs on the line.
        public var metrics: FontMetrics
        /// The pen box: from the line's first pen position to the end of its last non-space
        /// advance, ascent above and descent below the baseline.
        public var bounds: Rect
        /// Whether text was cut here and an ellipsis added.
        public var isTruncated: Bool
        /// Whether the line ends inside a word, because that word alone is wider than the line.
        public var endsInsideWord: Bool
    }

    /// The text laid out: every run's text, in order.
    public let text: String
    /// The styled runs, in order; each ``Glyph/run`` indexes here.
    public let runs: [Run]
    /// The faces glyphs refer to: each run's face, then fallback faces.
    public let faces: [FontFace]
    /// The options the layout was made with.
    public let options: Options
    /// Every visible glyph in line order (spaces and line breaks place none).
    public internal(set) var glyphs: [Glyph] = []
    /// The lines, top to bottom; at least one.
    public internal(set) var lines: [Line] = []
    /// The box holding every line: the widest line's width and all lines' height.
    public internal(set) var size: Size = .zero

    /// Lays out `text` in `face` at `size` (the em size, in any unit): a layout of one run.
    public init(_ text: String, face: FontFace, size: Double, options: Options = Options()) {
        self.init(runs: [Run(text, face: face, size: size)], options: options)
    }

    /// Lays out styled runs one after another, as one text.
    public init(runs: [Run], options: Options = Options()) {
        self.runs = runs
        text = runs.count == 1 ? runs[0].text : runs.map(\.text).joined()
        self.options = options
        var shaper = TextShaper(runs: runs, options: options)
        let items = shaper.shape()
        // One line past the limit tells whether text is cut; the rest is never broken.
        let broken = LineBreaker(items: items, maxWidth: options.maxWidth).lines(
            maximum: options.lineLimit.flatMap { $0 > 0 ? $0 + 1 : nil })
        // Ellipses only for text the line limit cuts (where `truncate` uses them).
        let cut = options.lineLimit.map { $0 > 0 && broken.count > $0 } ?? false
        let ellipses = cut ? runs.indices.map { shaper.ellipsis(run: $0) } : []
        faces = shaper.faces
        let limited = LineBreaker.truncate(
            broken, items: items, limit: options.lineLimit, maxWidth: options.maxWidth,
            ellipses: ellipses, mode: options.truncationMode)
        place(shaper.isBidi ? BidiLevels.visual(limited) : limited, items: items)
    }

    /// Whether any line was cut by the line limit.
    public var isTruncated: Bool { lines.contains { $0.isTruncated } }

    /// The first line's metrics (all zero without runs).
    public var metrics: FontMetrics {
        lines.first?.metrics ?? .zero
    }

    /// The first line's baseline: its ascent.
    public var firstBaseline: Double {
        // Indexed, not `first`: an unoptimized build allocates a frame for the generic read.
        lines.isEmpty ? 0 : lines[0].baseline
    }

    /// The last line's baseline.
    public var lastBaseline: Double { lines.last?.baseline ?? 0 }

    /// Width of a single line of `text` in `face` at `size`, without wrapping.
    ///
    /// ```swift
    /// TextLayout.width(of: "10:09", face: bold, size: 60)
    /// ```
    public static func width(
        of text: String, face: FontFace, size: Double, options: Options = Options()
    ) -> Double {
        var o = options
        o.maxWidth = nil
        o.lineLimit = nil
        return TextLayout(text, face: face, size: size, options: o).size.width
    }

    /// Positions the broken lines' items: pens, baselines, alignment, the box.
    private mutating func place(_ broken: [LineBreaker.Line], items: [TextItem]) {
        let runMetrics = runs.map { $0.face.metrics(size: $0.size) }
        var top = 0.0
        var widest = 0.0
        for line in broken {
            let m = Self.metrics(of: line, items: items, runMetrics: runMetrics)
            let baseline = top + m.ascent
            let first = glyphs.count
            var pen = 0.0
            var inkEnd = 0.0
            for (k, item) in line.items.enumerated() {
                if k > 0 { pen += item.kern }
                if item.kind == .glyph {
                    glyphs.append(
                        Glyph(
                            run: item.run, face: item.face, glyph: item.glyph,
                            position: Point(x: pen + item.offset, y: baseline - item.yOffset),
                            advance: item.advance))
                }
                pen += item.advance
                if item.kind == .glyph { inkEnd = pen }
            }
            widest = max(widest, inkEnd)
            lines.append(
                Line(
                    glyphRange: first..<glyphs.count, baseline: baseline, metrics: m,
                    bounds: Rect(x: 0, y: top, width: inkEnd, height: m.ascent + m.descent),
                    isTruncated: line.truncated, endsInsideWord: line.endsInsideWord))
            top += m.lineHeight + options.lineSpacing
        }
        for i in lines.indices {
            let slack = widest - lines[i].bounds.width
            let dx: Double
            switch options.alignment {
            case .leading: dx = 0
            case .center: dx = slack / 2
            case .trailing: dx = slack
            }
            guard dx != 0 else { continue }
            lines[i].bounds.origin.x += dx
            for g in lines[i].glyphRange { glyphs[g].position.x += dx }
        }
        size = Size(width: widest, height: max(0, top - options.lineSpacing))
    }

    /// A line's metrics: the largest of the runs it holds; an empty line takes its run's (the
    /// run of the line break that ends it, or of the text's end).
    private static func metrics(
        of line: LineBreaker.Line, items: [TextItem], runMetrics: [FontMetrics]
    ) -> FontMetrics {
        var result: FontMetrics?
        func include(_ run: Int) {
            let m = runMetrics[run]
            guard let r = result else { return result = m }
            result = FontMetrics(
                ascent: max(r.ascent, m.ascent), descent: max(r.descent, m.descent),
                leading: max(r.leading, m.leading), capHeight: max(r.capHeight, m.capHeight),
                xHeight: max(r.xHeight, m.xHeight))
        }
        // Indexed, not `for … in`: no iterator over the slice.
        for i in line.items.indices { include(line.items[i].run) }
        if result == nil, !runMetrics.isEmpty {
            let start = line.items.startIndex
            include(start < items.count ? items[start].run : (items.last?.run ?? 0))
        }
        return result ?? .zero
    }
}
