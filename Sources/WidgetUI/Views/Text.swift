import Raster

/// A string drawn in the environment's font and foreground style, wrapped to the width offered.
///
/// Text takes the width it needs up to the proposed width, wrapping at spaces (inside a word
/// only when the word alone is too wide), and as many lines as its `lineLimit` and the proposed
/// height allow; text cut off ends in "…". With an unspecified width it stays on one line per
/// paragraph.
///
/// ```swift
/// VStack(alignment: .leading) {
///     Text("Dentist").font(.headline)
///     Text("At the new place on Main Street").font(.caption).lineLimit(1)
/// }
/// ```
///
/// ## Differences from SwiftUI
///
/// No shaping: one glyph per character, left to right (see Raster's `TextLayout`). Strings are
/// not localized. Dates, `Text + Text` and format styles are not supported yet.
public struct Text: View {
    let content: String

    /// Creates text that shows a string as is.
    public init<S: StringProtocol>(_ content: S) {
        self.content = String(content)
    }

    /// Creates text that shows a string as is, without localization.
    public init(verbatim content: String) {
        self.content = content
    }
}

extension Text: PrimitiveView {
    func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] {
        let font = environment.font ?? .body
        let weight = environment.fontWeight ?? font.weight ?? .regular
        let face = try? environment.fontDatabase?.face(weight: weight, design: font.design)
        let alignment: TextLayout.Alignment =
            switch environment.multilineTextAlignment {
            case .leading: .leading
            case .center: .center
            case .trailing: .trailing
            }
        return [
            TextNode(
                content, face: face, size: font.size, alignment: alignment,
                lineLimit: environment.lineLimit,
                shading: environment.foregroundShading)
        ]
    }
}

/// Lays text out with Raster's `TextLayout` for each proposal; draws it as a text run.
final class TextNode: LayoutNode {
    let content: String
    let face: FontFace?
    let size: Double
    let alignment: TextLayout.Alignment
    let lineLimit: Int?
    let shading: Shading
    private var layouts: [ProposedViewSize: TextLayout] = [:]

    init(
        _ content: String, face: FontFace?, size: Double, alignment: TextLayout.Alignment,
        lineLimit: Int?, shading: Shading
    ) {
        self.content = content
        self.face = face
        self.size = size
        self.alignment = alignment
        self.lineLimit = lineLimit
        self.shading = shading
        super.init(kind: "Text")
    }

    /// The layout for a proposal: wrapped to its width, cut to the lines its height holds.
    func layout(for proposal: ProposedViewSize) -> TextLayout? {
        guard let face else { return nil }
        if let known = layouts[proposal] { return known }
        var options = TextLayout.Options(
            maxWidth: proposal.width.flatMap { $0.isFinite ? $0 : nil }, lineLimit: lineLimit,
            alignment: alignment)
        var layout = TextLayout(content, face: face, size: size, options: options)
        if let height = proposal.height, layout.size.height > height, layout.lines.count > 1 {
            let fitting = max(1, Int(height / layout.metrics.lineHeight))
            options.lineLimit = min(lineLimit ?? fitting, fitting)
            layout = TextLayout(content, face: face, size: size, options: options)
        }
        layouts[proposal] = layout
        return layout
    }

    override func computeSize(_ proposal: ProposedViewSize) -> Size {
        layout(for: proposal)?.size ?? .zero
    }

    override func place(in bounds: Rect, proposal: ProposedViewSize) -> PlacedView {
        guard let layout = layout(for: proposal) else {
            return PlacedView(kind: kind, frame: bounds)
        }
        let run = TextRun(layout: layout, origin: bounds.origin)
        return PlacedView(kind: kind, frame: bounds, drawing: [.text(run, shading)])
    }

    override func alignmentGuide(_ alignment: AxisAlignment, in size: Size) -> Double {
        guard case .vertical(let v) = alignment, alignment.fraction == nil,
            let layout = layouts.values.first(where: { $0.size == size })
                ?? layout(for: ProposedViewSize(width: size.width, height: nil))
        else { return super.alignmentGuide(alignment, in: size) }
        return v.guide == .firstTextBaseline ? layout.firstBaseline : layout.lastBaseline
    }
}

/// Laid-out text at a position, for the display list.
struct TextRun: Equatable {
    /// The glyphs and lines, positioned from (0, 0).
    let layout: TextLayout
    /// Where the layout's top-left corner goes, in points.
    let origin: Point

    static func == (a: TextRun, b: TextRun) -> Bool {
        a.origin == b.origin && a.layout.text == b.layout.text
            && a.layout.fontSize == b.layout.fontSize && a.layout.glyphs == b.layout.glyphs
    }
}
