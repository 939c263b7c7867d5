import Raster

/// What an image draws when its file or symbol is missing: a rounded square outline with a
/// question mark, filling the image's frame, in the foreground style.
enum ImagePlaceholder {
    /// The placeholder's drawing in `bounds`; `questionMark` is a question mark fitted to the
    /// unit square's height (``ImageCache/questionMark(fonts:)``), left out when nil.
    static func drawing(in bounds: Rect, questionMark: Raster.Path?, shading: Shading)
        -> [DisplayList
        .Item]
    {
        let side = min(bounds.width, bounds.height)
        guard side > 0 else { return [] }
        let line = side / 12
        let square = bounds.insetBy(dx: line / 2, dy: line / 2)
        var items: [DisplayList.Item] = [
            .stroke(
                Raster.Path(roundedRect: square, cornerRadius: side / 5, style: .continuous),
                shading,
                StrokeStyle(lineWidth: line))
        ]
        if let questionMark {
            // The mark is half as tall as the square, in its middle.
            let height = side / 2
            let t = Transform(
                a: height, b: 0, c: 0, d: height, tx: bounds.midX - height / 2,
                ty: bounds.midY - height / 2)
            items.append(.fill(questionMark.applying(t), shading))
        }
        return items
    }
}
