import Foundation
import Raster

/// Lays a ``Text``'s pieces out as styled runs of Raster's `TextLayout` for each proposal,
/// shrinking them when `minimumScaleFactor` allows; draws them as one text run; reports when
/// their content changes.
final class TextNode: LayoutNode {
    /// One piece of the text, resolved: its string now, face, size and paint.
    struct Piece {
        var string: String
        var face: FontFace
        var size: Double
        var monospacedDigits: Bool
        var shading: Shading
        var strikethrough: TextDecoration? = nil
        var underline: TextDecoration? = nil
    }

    /// What the environment says about the whole text.
    struct Style {
        var alignment: TextLayout.Alignment
        var lineLimit: Int?
        var minimumScaleFactor: Double
        /// Whether the text draws as placeholder bars (``RedactionReasons/placeholder``).
        var isRedacted: Bool
        var truncationMode: TextLayout.TruncationMode
        var allowsTightening: Bool
        /// The horizontal scale of the letters (``Font/Width``): 1 for standard.
        var widthScale: Double

        init(_ environment: EnvironmentValues) {
            // Leading is the right edge in a right-to-left layout, as in SwiftUI.
            let rightToLeft = environment.layoutDirection == .rightToLeft
            alignment =
                switch environment.multilineTextAlignment {
                case .leading: rightToLeft ? .trailing : .leading
                case .center: .center
                case .trailing: rightToLeft ? .leading : .trailing
                }
            lineLimit = environment.lineLimit
            minimumScaleFactor = environment.minimumScaleFactor
            isRedacted = environment.redactsText
            truncationMode = environment.truncationMode.raster
            allowsTightening = environment.allowsTightening
            widthScale = environment.fontWidth?.scale ?? 1
        }
    }

    /// Slack for comparing sums of advances with the space offered.
    static let epsilon = 1e-9
    /// Steps of the search for the largest scale that fits: the result is within
    /// (1 - minimumScaleFactor) / 2¹⁰ of it.
    static let scaleSearchSteps = 10
    /// The most `allowsTightening` takes from each letter's advance, a fraction of the em.
    static let maximumTightening = 0.06

    let pieces: [Piece]
    let style: Style
    let nextChange: Date?
    let context: RenderContext?
    /// The renderer's layouts kept across frames (``EnvironmentValues/textLayoutCache``), or
    /// nil to lay out afresh.
    let layoutCache: TextLayoutCache?
    /// The layouts made so far, by proposal, in the order asked (usually one or two: a list
    /// searched without hashing).
    private var layouts: [(proposal: ProposedViewSize, layout: TextLayout)] = []

    init(
        pieces: [Piece], style: Style, nextChange: Date? = nil, context: RenderContext? = nil,
        layoutCache: TextLayoutCache? = nil
    ) {
        self.pieces = pieces
        self.style = style
        self.nextChange = nextChange
        self.context = context
        self.layoutCache = layoutCache
        super.init(kind: "Text")
    }

    /// The layout for a proposal: wrapped to its width, cut to the lines its height holds,
    /// tightened when that makes it fit and `allowsTightening` is on, and, when it still
    /// doesn't fit and the minimum scale factor allows, at the largest scale that fits (or the
    /// smallest allowed, cut).
    ///
    /// With a font width other than standard the layout is made for the proposed width over
    /// the width's scale, and drawn scaled by it.
    func layout(for proposal: ProposedViewSize) -> TextLayout? {
        guard !pieces.isEmpty else { return nil }
        if let known = layouts.first(where: { $0.proposal == proposal }) { return known.layout }
        let outer = proposal
        let proposal = ProposedViewSize(
            width: proposal.width.map { $0 / style.widthScale }, height: proposal.height)
        var tracking = 0.0
        var result = layout(proposal, scale: 1, tracking: 0)
        if style.allowsTightening, !fits(result, proposal) {
            let tightest = layout(proposal, scale: 1, tracking: -Self.maximumTightening)
            if fits(tightest, proposal) {
                // The least tightening that fits: `low` fits, `high` doesn't.
                var (low, high) = (-Self.maximumTightening, 0.0)
                result = tightest
                for _ in 0..<Self.scaleSearchSteps {
                    let middle = (low + high) / 2
                    let candidate = layout(proposal, scale: 1, tracking: middle)
                    if fits(candidate, proposal) {
                        (low, result) = (middle, candidate)
                    } else {
                        high = middle
                    }
                }
                tracking = low
            } else {
                (result, tracking) = (tightest, -Self.maximumTightening)
            }
        }
        let minimum = style.minimumScaleFactor
        if minimum < 1, !fits(result, proposal) {
            result = layout(proposal, scale: minimum, tracking: tracking)
            if fits(result, proposal) {
                // Invariant: `low` fits, `high` doesn't.
                var (low, high) = (minimum, 1.0)
                for _ in 0..<Self.scaleSearchSteps {
                    let middle = (low + high) / 2
                    let candidate = layout(proposal, scale: middle, tracking: tracking)
                    if fits(candidate, proposal) {
                        (low, result) = (middle, candidate)
                    } else {
                        high = middle
                    }
                }
            }
        }
        layouts.append((outer, result))
        return result
    }

    /// The pieces at `scale` times their sizes, wrapped to the proposed width and limited to
    /// the lines the proposed height holds.
    private func layout(
        _ proposal: ProposedViewSize, scale: Double, tracking: Double
    ) -> TextLayout {
        let runs = pieces.map {
            TextLayout.Run(
                $0.string, face: $0.face, size: $0.size * scale,
                monospacedDigits: $0.monospacedDigits)
        }
        var options = TextLayout.Options(
            maxWidth: proposal.width.flatMap { $0.isFinite ? $0 : nil },
            lineLimit: style.lineLimit, alignment: style.alignment, tracking: tracking,
            truncationMode: style.truncationMode)
        var layout = layout(runs, options)
        if let height = proposal.height, layout.size.height > height + Self.epsilon,
            layout.lines.count > 1
        {
            let held = layout.lines.prefix {
                $0.bounds.minY + $0.metrics.lineHeight <= height + Self.epsilon
            }
            let fitting = max(1, held.count)
            options.lineLimit = min(style.lineLimit ?? fitting, fitting)
            layout = self.layout(runs, options)
        }
        return layout
    }

    /// `TextLayout(runs: runs, options: options)`, from the renderer's cache when there is one.
    private func layout(_ runs: [TextLayout.Run], _ options: TextLayout.Options) -> TextLayout {
        layoutCache?.layout(runs: runs, options: options)
            ?? TextLayout(runs: runs, options: options)
    }

    /// Whether a layout shows all its text, whole words and within the proposal.
    private func fits(_ layout: TextLayout, _ proposal: ProposedViewSize) -> Bool {
        !layout.isTruncated && !layout.lines.contains(where: \.endsInsideWord)
            && layout.size.width <= (proposal.width ?? .infinity) + Self.epsilon
            && layout.size.height <= (proposal.height ?? .infinity) + Self.epsilon
    }

    override func computeSize(_ proposal: ProposedViewSize) -> Size {
        guard let size = layout(for: proposal)?.size else { return .zero }
        return Size(width: size.width * style.widthScale, height: size.height)
    }

    override func place(in bounds: Rect, proposal: ProposedViewSize) -> PlacedView {
        context?.report(nextChange)
        guard let layout = layout(for: proposal) else {
            return PlacedView(kind: kind, frame: bounds)
        }
        let run = TextRun(layout: layout, origin: bounds.origin, shadings: pieces.map(\.shading))
        var drawing = style.isRedacted ? run.placeholderBars : [.text(run)] + decorations(run)
        if style.widthScale != 1 {
            // Letters of another width: the layout drawn scaled about its left edge.
            let x = bounds.minX
            let scale = Transform(translationX: -x, y: 0)
                .concatenating(Transform(scaleX: style.widthScale, y: 1))
                .concatenating(Transform(translationX: x, y: 0))
            drawing = [.push(.transform(scale))] + drawing + [.pop]
        }
        return PlacedView(kind: kind, frame: bounds, drawing: drawing)
    }

    override func alignmentGuide(_ alignment: AxisAlignment, in size: Size) -> Double {
        guard case .vertical(let v) = alignment, alignment.fraction == nil,
            let layout = layouts.first(where: {
                $0.layout.size.height == size.height
                    && $0.layout.size.width * style.widthScale == size.width
            })?.layout
                ?? layout(for: ProposedViewSize(width: size.width, height: nil))
        else { return super.alignmentGuide(alignment, in: size) }
        return v.guide == .firstTextBaseline ? layout.firstBaseline : layout.lastBaseline
    }
}

/// Laid-out text at a position, with a shading per run, for the display list.
struct TextRun: Equatable {
    /// The glyphs and lines, positioned from (0, 0).
    let layout: TextLayout
    /// Where the layout's top-left corner goes, in points.
    let origin: Point
    /// How each of the layout's runs is painted, in run order.
    let shadings: [Shading]

    static func == (a: TextRun, b: TextRun) -> Bool {
        a.origin == b.origin && a.shadings == b.shadings && a.layout.text == b.layout.text
            && a.layout.runs.map(\.size) == b.layout.runs.map(\.size)
            && a.layout.glyphs == b.layout.glyphs
    }
}

extension TextNode {
    /// The strikethrough and underline strokes of the laid-out text: one per piece that has
    /// one, on each line, from its first glyph's left edge to its last glyph's right edge.
    private func decorations(_ run: TextRun) -> [DisplayList.Item] {
        guard pieces.contains(where: { $0.strikethrough != nil || $0.underline != nil }) else {
            return []
        }
        var items: [DisplayList.Item] = []
        let glyphs = run.layout.glyphs
        for line in run.layout.lines {
            var i = line.glyphRange.lowerBound
            while i < line.glyphRange.upperBound {
                let index = glyphs[i].run
                var end = i
                while end + 1 < line.glyphRange.upperBound, glyphs[end + 1].run == index {
                    end += 1
                }
                let piece = pieces[index]
                let x0 = run.origin.x + glyphs[i].position.x
                let x1 = run.origin.x + glyphs[end].position.x + glyphs[end].advance
                let baseline = run.origin.y + line.baseline
                let size = run.layout.runs[index].size
                for decoration in [piece.strikethrough, piece.underline].compactMap({ $0 }) {
                    items.append(decoration.item(from: x0, to: x1, baseline: baseline, size: size))
                }
                i = end + 1
            }
        }
        return items
    }
}

extension TextNode.Piece {
    /// This piece with the letters the flags choose as small capitals: runs of such letters
    /// become capitals at the face's x-height over its cap height; the other characters stay.
    func inSmallCaps(lowercase: Bool, uppercase: Bool, locale: Locale) -> [TextNode.Piece] {
        let metrics = face.metrics(size: size)
        let ratio = metrics.capHeight > 0 ? min(metrics.xHeight / metrics.capHeight, 1) : 0.7
        var result: [TextNode.Piece] = []
        var current = ""
        var currentIsSmall = false
        func flush() {
            guard !current.isEmpty else { return }
            var piece = self
            piece.string = currentIsSmall ? current.uppercased(with: locale) : current
            if currentIsSmall { piece.size = size * ratio }
            result.append(piece)
            current = ""
        }
        for character in string {
            let isSmall =
                (lowercase && character.isLowercase) || (uppercase && character.isUppercase)
            if isSmall != currentIsSmall { flush() }
            currentIsSmall = isSmall
            current.append(character)
        }
        flush()
        return result.isEmpty ? [self] : result
    }
}
