import Raster

extension DisplayList {
    /// Draws one item with the shadows its shadings cast (``ShapeStyle/shadow(_:)``):
    /// `draw` draws the item on a canvas with one shading per paint (one for a shape, one per
    /// run for text).
    ///
    /// Drop shadows first, behind; then the item; then inner shadows over it. Each shadow is
    /// cast by the paints whose shadings carry it (the other runs of a text drawn clear), so
    /// the shadow of a styled run doesn't fall from the rest of its text.
    static func draw(
        _ shadings: [Shading], castingShadowsOn canvas: Canvas,
        _ draw: (Canvas, [Shading]) -> Void
    ) {
        var lists: [[ShadowShading]] = []
        for shading in shadings {
            let shadows = shading.shadows
            if !shadows.isEmpty, !lists.contains(shadows) { lists.append(shadows) }
        }
        guard !lists.isEmpty else { return draw(canvas, shadings) }
        func casting(_ kind: ShadowKind) {
            for list in lists {
                let only = shadings.map { $0.shadows == list ? $0.unshadowed : .color(.clear) }
                for shadow in list where shadow.kind == kind {
                    canvas.drawShadow(
                        kind, color: shadow.color, radius: shadow.radius, offset: shadow.offset
                    ) { draw($0, only) }
                }
            }
        }
        casting(.drop)
        draw(canvas, shadings.map(\.unshadowed))
        casting(.inner)
    }
}
