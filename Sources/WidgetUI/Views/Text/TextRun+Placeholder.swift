import Raster

extension TextRun {
    /// The opacity of a placeholder bar, times its text's own.
    static let placeholderOpacity: Float = 0.3
    /// A bar's height as a multiple of its line's cap height.
    static let placeholderHeightRatio = 1.3
    /// A bar's corner radius as a fraction of its height.
    static let placeholderCornerRatio = 0.3

    /// The text as a redacted placeholder: for each line with text, a rounded bar as wide as
    /// the line's pen box, centered on the middle of its capitals, in the color of the line's
    /// first run at ``placeholderOpacity``.
    ///
    /// Technical notes: the bar covers the band of the capitals and digits, 1.3 cap heights
    /// tall, so bars of adjacent lines keep a gap and line up with neighbouring unredacted
    /// text's baseline; the height follows the font, never the string (a "1" and a "Wg" of the
    /// same font give bars of the same height).
    var placeholderBars: [DisplayList.Item] {
        layout.lines.compactMap { line in
            guard line.bounds.width > 0 else { return nil }
            let height = line.metrics.capHeight * Self.placeholderHeightRatio
            let middle = line.baseline - line.metrics.capHeight / 2
            let bar = Rect(
                x: origin.x + line.bounds.minX, y: origin.y + middle - height / 2,
                width: line.bounds.width, height: height)
            let run = line.glyphRange.first.map { layout.glyphs[$0].run } ?? 0
            guard shadings.indices.contains(run) else { return nil }
            let shading = shadings[run].opacity(Self.placeholderOpacity)
            return .fill(
                Raster.Path(roundedRect: bar, cornerRadius: height * Self.placeholderCornerRatio),
                shading.placed(in: Rect(origin: origin, size: layout.size)))
        }
    }
}
