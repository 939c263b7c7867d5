/// A string laid out in lines at one font and size: glyphs, positions, line boxes.
///
/// Layout is pure arithmetic on the font's design units, so it is exact in any unit: give the
/// size in points and the positions come out in points; ``Canvas/draw(_:at:paint:)`` then maps
/// them through the canvas transform and rasterizes each glyph at the transformed size.
///
/// The layout box starts at (0, 0): line *i*'s baseline is at `ascent + i × (lineHeight +
/// lineSpacing)`, and lines are aligned inside the width of the widest line, which is the
/// box's width. Trailing spaces do not count toward a line's width.
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
/// Characters the face lacks come from ``FontDatabase/fallbackFace(for:preferColor:)``
/// (emoji, icons); characters no font has draw as the face's missing glyph.
///
/// Differences from SwiftUI: there is no shaping. Each character maps to one glyph (no
/// ligatures, no `GPOS` kerning, no complex scripts, no multi-character emoji such as flags or
/// ZWJ families), and text runs left to right. Lines break after spaces and hyphens, and
/// inside a word only when the word alone is wider than the line.
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

    /// What shapes a layout besides the text and font.
    public struct Options: Hashable, Sendable {
        /// The width to wrap at, in the layout's unit; nil keeps each paragraph on one line.
        ///
        /// Default: nil.
        public var maxWidth: Double?
        /// The most lines shown; text beyond is cut and the last line ends in "…".
        ///
        /// Default: nil (no limit).
        public var lineLimit: Int?
        /// How lines align within the widest line.
        ///
        /// Default: ``Alignment/leading``.
        public var alignment: Alignment
        /// Whether every digit takes the widest digit's advance (SwiftUI's `monospacedDigit()`).
        ///
        /// Numbers then keep their width as they change. Default: false.
        public var monospacedDigits: Bool
        /// Whether the face's `kern` pairs apply.
        ///
        /// Default: true.
        public var kerning: Bool
        /// Extra space between lines.
        ///
        /// Default: 0.
        public var lineSpacing: Double

        /// Creates options; every argument has the default named on its property.
        public init(
            maxWidth: Double? = nil, lineLimit: Int? = nil, alignment: Alignment = .leading,
            monospacedDigits: Bool = false, kerning: Bool = true, lineSpacing: Double = 0
        ) {
            self.maxWidth = maxWidth
            self.lineLimit = lineLimit
            self.alignment = alignment
            self.monospacedDigits = monospacedDigits
            self.kerning = kerning
            self.lineSpacing = lineSpacing
        }
    }

    /// One glyph placed on a line.
    public struct Glyph: Hashable, Sendable {
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
        /// The pen box: from the line's first pen position to the end of its last non-space
        /// advance, ascent above and descent below the baseline.
        public var bounds: Rect
        /// Whether text was cut here and an ellipsis added.
        public var isTruncated: Bool
    }

    /// The text laid out.
    public let text: String
    /// The em size, in the layout's unit (pixels, or points for WidgetUI).
    public let fontSize: Double
    /// The faces glyphs refer to; the first is the primary face.
    public let faces: [FontFace]
    /// The primary face's metrics at ``fontSize``; every line uses them.
    public let metrics: FontMetrics
    /// The options the layout was made with.
    public let options: Options
    /// Every visible glyph in line order (spaces and line breaks place none).
    public internal(set) var glyphs: [Glyph] = []
    /// The lines, top to bottom; at least one.
    public internal(set) var lines: [Line] = []
    /// The box holding every line: the widest line's width and all lines' height.
    public internal(set) var size: Size = .zero

    /// Lays out `text` in `face` at `size` (the em size, in any unit).
    public init(_ text: String, face: FontFace, size: Double, options: Options = Options()) {
        self.text = text
        fontSize = size
        metrics = face.metrics(size: size)
        self.options = options
        var shaper = TextShaper(primary: face, size: size, options: options)
        let items = shaper.shape(text)
        faces = shaper.faces
        let broken = LineBreaker(items: items, maxWidth: options.maxWidth).lines()
        let limited = LineBreaker.truncate(
            broken, items: items, limit: options.lineLimit, maxWidth: options.maxWidth,
            ellipsis: shaper.ellipsis())
        place(limited)
    }

    /// Whether any line was cut by the line limit.
    public var isTruncated: Bool { lines.contains { $0.isTruncated } }

    /// The first line's baseline: the ascent.
    public var firstBaseline: Double { lines.first?.baseline ?? metrics.ascent }

    /// The last line's baseline.
    public var lastBaseline: Double { lines.last?.baseline ?? metrics.ascent }

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
    private mutating func place(_ broken: [LineBreaker.Line]) {
        let step = metrics.lineHeight + options.lineSpacing
        var widest = 0.0
        for (i, line) in broken.enumerated() {
            let baseline = metrics.ascent + Double(i) * step
            let first = glyphs.count
            var pen = 0.0
            var inkEnd = 0.0
            for (k, item) in line.items.enumerated() {
                if k > 0 { pen += item.kern }
                if item.kind == .glyph {
                    glyphs.append(
                        Glyph(
                            face: item.face, glyph: item.glyph,
                            position: Point(x: pen + item.offset, y: baseline),
                            advance: item.advance))
                }
                pen += item.advance
                if item.kind == .glyph { inkEnd = pen }
            }
            widest = max(widest, inkEnd)
            lines.append(
                Line(
                    glyphRange: first..<glyphs.count, baseline: baseline,
                    bounds: Rect(
                        x: 0, y: baseline - metrics.ascent, width: inkEnd,
                        height: metrics.ascent + metrics.descent),
                    isTruncated: line.truncated))
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
        let n = Double(max(lines.count, 1))
        size = Size(width: widest, height: n * metrics.lineHeight + (n - 1) * options.lineSpacing)
    }
}
