import Raster

/// One text a frame drew, as ``render(_:size:environment:fonts:now:on:scale:)`` reports it
/// when ``EnvironmentValues/reportsTexts`` is on: what a test checks to find words that do
/// not fit or have no glyph, in any language.
///
/// ```swift
/// var environment = EnvironmentValues()
/// environment.reportsTexts = true
/// let report = render(view, size: size, environment: environment, on: canvas, scale: 1)
/// report.texts.filter(\.isTruncated)   // texts the line limit cut
/// ```
public struct RenderedText: Hashable, Sendable {
    /// The characters, every run's.
    public var text: String
    /// Where the text's lines were drawn, in points of the rendered view (after every
    /// transform: offsets, scales, the right-to-left mirror).
    public var frame: Raster.Rect
    /// Whether the line limit cut the text (an ellipsis ends it).
    public var isTruncated: Bool
    /// How many glyphs were the missing glyph (0: a character no installed font has).
    public var missingGlyphs: Int
}

extension EnvironmentValues {
    /// Whether ``render(_:size:environment:fonts:now:on:scale:)`` lists the texts it drew.
    ///
    /// The list is ``RenderReport/texts``. Default: false (a host's frames list nothing).
    public var reportsTexts: Bool {
        get { self[ReportsTextsKey.self] }
        set { self[ReportsTextsKey.self] = newValue }
    }
}

private struct ReportsTextsKey: EnvironmentKey {
    static let defaultValue = false
}

extension DisplayList {
    /// The texts of the list, each framed through the transforms around it.
    var renderedTexts: [RenderedText] {
        var transforms = [Transform.identity]
        var texts: [RenderedText] = []
        for item in items {
            switch item {
            case .push(let effect):
                let current = transforms[transforms.count - 1]
                if case .transform(let t) = effect {
                    transforms.append(t.concatenating(current))
                } else {
                    transforms.append(current)
                }
            case .pop:
                transforms.removeLast()
            case .text(let run):
                let box = Raster.Rect(
                    x: run.origin.x, y: run.origin.y, width: run.layout.size.width,
                    height: run.layout.size.height)
                texts.append(
                    RenderedText(
                        text: run.layout.text, frame: transforms[transforms.count - 1].apply(box),
                        isTruncated: run.layout.isTruncated,
                        missingGlyphs: run.layout.glyphs.filter { $0.glyph == 0 }.count))
            case .fill, .eoFill, .stroke, .image:
                break
            }
        }
        return texts
    }
}
