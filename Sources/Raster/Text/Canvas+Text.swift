/// Drawing text: a ``TextLayout`` placed through the canvas transform and rasterized at the
/// transformed size.
///
/// Technical notes: under a transform that only scales uniformly and translates (the common
/// case), the scale multiplies each run's size, and each glyph is rendered at that pixel size
/// (never a scaled bitmap; color emoji excepted, see `FontFace+Rendering.swift`), hinted and
/// cached. Pen x is rounded to a quarter pixel, baselines to whole pixels. Warm text makes no
/// FreeType call: each glyph is one ``GlyphCache`` lookup and a masked blend, of the whole glyph
/// at once from its prepared plan (``GlyphImage/plan``) when nothing clips it and the paint is
/// a solid color, else row by row.
///
/// ``drawText(_:face:size:baseline:alignment:options:paint:)`` also keeps what it lays out,
/// in the canvas's ``TextLayoutCache``: text drawn again in the same face, size and options (a
/// clock's labels, frame after frame) is not laid out again. Warm text drawn in one solid
/// color under such a transform, with `drawText` or as a ``TextLayout`` made beforehand
/// (``draw(_:at:paint:)``), through any clip, allocates no memory at all (tested by counting
/// `malloc` calls). A gradient paint still builds its color table on each call, and a color
/// emoji is its picture filling a rectangle path, which allocates as any path fill does.
///
/// Under any other transform (a rotation, a shear, a flip, a stretch) each glyph is its
/// unhinted outline (``FontFace/outline(glyph:size:)``) filled through the transform like any
/// path, and color emoji are their bitmaps drawn through it; such text is not cached, so each
/// frame loads its outlines from FreeType again.
extension Canvas {
    /// Draws `layout` with its box's top-left corner at `origin` (drawing coordinates).
    ///
    /// Glyphs take their color from `paint` (solid or gradient, opacity, blend mode) under the
    /// current clip and color transform; color emoji keep their own colors and take the
    /// paint's opacity.
    ///
    /// ```swift
    /// let layout = TextLayout("Battery", face: book, size: 0.09 * s)
    /// canvas.draw(layout, at: Point(x: 10, y: 10), paint: Paint(color: .systemGray))
    /// ```
    public func draw(_ layout: TextLayout, at origin: Point, paint: Paint) {
        draw(layout, at: origin, runPaints: .one(paint))
    }

    /// Draws `layout` with each run in its own paint: run *i* in `paints[i]`, runs past the
    /// end of `paints` in its last paint (nothing is drawn when `paints` is empty).
    ///
    /// ```swift
    /// canvas.draw(layout, at: .zero, paints: [Paint(color: .white), Paint(color: .systemGray)])
    /// ```
    public func draw(_ layout: TextLayout, at origin: Point, paints: [Paint]) {
        guard !paints.isEmpty else { return }
        draw(layout, at: origin, runPaints: .each(paints))
    }

    /// Draws `layout` in `runPaints` (see ``draw(_:at:paints:)``).
    private func draw(_ layout: TextLayout, at origin: Point, runPaints paints: RunPaints) {
        let t = state.transform
        let scale = t.meanScale
        guard scale > 0, scale.isFinite, !state.clipBounds.isEmpty else { return }
        guard t.isUniformScaleAndTranslate else {
            return drawOutlines(layout, at: origin, paints: paints)
        }
        // One paint source per run, not one per glyph; glyphs come in run order.
        var current = 0
        var paint = paints[0]
        var blitter = paintBlitter(paint)
        // Indexed, not `for … in`: an unoptimized build allocates an iterator box per element.
        let glyphs = layout.glyphs
        for i in glyphs.indices {
            let g = glyphs[i]
            let pixelSize = layout.runs[g.run].size * scale
            guard pixelSize > 0, pixelSize.isFinite else { continue }
            let index = paints.index(run: g.run)
            if index != current {
                current = index
                paint = paints[index]
                blitter = paintBlitter(paint)
            }
            let p = t.apply(Point(x: origin.x + g.position.x, y: origin.y + g.position.y))
            drawGlyph(
                g.glyph, face: layout.faces[g.face], pixelSize: pixelSize, at: p, paint: paint,
                blitter: &blitter)
        }
    }

    /// Draws one line of `text` with its baseline at `baseline.y`, and its pen box's left
    /// edge, middle or right edge (per `alignment`) at `baseline.x`.
    ///
    /// The conventions of the reference scene (docs/bench-scene.md): text centered on its
    /// advance width, baseline at y, the face's default kerning. The layout is kept in the
    /// canvas's ``TextLayoutCache``, so drawing the same text again does not lay it out again.
    ///
    /// ```swift
    /// canvas.drawText("10:09", face: bold, size: 0.27 * s,
    ///                 baseline: Point(x: 0.5 * s, y: 0.58 * s), alignment: .center,
    ///                 paint: Paint(color: .white))
    /// ```
    public func drawText(
        _ text: String, face: FontFace, size: Double, baseline: Point,
        alignment: TextLayout.Alignment = .leading,
        options: TextLayout.Options = TextLayout.Options(),
        paint: Paint
    ) {
        var o = options
        o.maxWidth = nil
        o.lineLimit = 1
        let layout = textLayouts.layout(text, face: face, size: size, options: o)
        let width = layout.size.width
        let dx: Double
        switch alignment {
        case .leading: dx = 0
        case .center: dx = -width / 2
        case .trailing: dx = -width
        }
        draw(
            layout, at: Point(x: baseline.x + dx, y: baseline.y - layout.firstBaseline),
            paint: paint)
    }

    /// Draws `layout` glyph by glyph as shapes through the current transform (rotated,
    /// sheared, flipped or stretched text): outlines filled with the run's paint, color emoji
    /// as bitmaps drawn into their box.
    private func drawOutlines(_ layout: TextLayout, at origin: Point, paints: RunPaints) {
        let glyphs = layout.glyphs
        for i in glyphs.indices {
            let g = glyphs[i]
            let size = layout.runs[g.run].size
            guard size > 0, size.isFinite else { continue }
            let face = layout.faces[g.face]
            let paint = paints[paints.index(run: g.run)]
            let pen = Point(x: origin.x + g.position.x, y: origin.y + g.position.y)
            if let outline = face.outline(glyph: g.glyph, size: size) {
                fill(outline.applying(Transform(translationX: pen.x, y: pen.y)), with: paint)
                continue
            }
            // A color bitmap, rendered near the size it will have on screen.
            let pixelSize = size * state.transform.meanScale
            let image = face.image(glyph: g.glyph, pixelSize: pixelSize, subpixel: 0)
            guard let color = image.color, image.width > 0, image.height > 0 else { continue }
            draw(color, in: image.colorBox(pen: pen, size: size), opacity: paint.opacity)
        }
    }

    /// Draws one glyph with its pen origin at `p` (canvas pixels).
    ///
    /// Coverage glyphs go through `blitter` (prepared from `paint`); color glyphs are drawn as
    /// bitmaps with the paint's opacity.
    func drawGlyph(
        _ glyph: UInt32, face: FontFace, pixelSize: Double, at p: Point, paint: Paint,
        blitter: inout PaintBlitter
    ) {
        let quarters = Int((p.x * 4).rounded())
        let x = quarters >> 2  // floor division: quarters may be negative
        let y = Int(p.y.rounded())
        let image = face.image(glyph: glyph, pixelSize: pixelSize, subpixel: quarters & 3)
        guard image.width > 0, image.height > 0 else { return }
        if let color = image.color {
            let rect = image.colorBox(pen: Point(x: p.x, y: Double(y)), size: pixelSize)
            withSavedState {
                state.transform = .identity
                draw(color, in: rect, opacity: paint.opacity)
            }
            return
        }
        let box = IntRect(
            x: x + image.left, y: y - image.top, width: image.width, height: image.height)
        // A whole glyph at once where nothing clips it (and the paint is a solid color).
        if !image.plan.isEmpty, state.clipMask == nil, state.clipBounds.contains(box),
            image.plan.withUnsafeBufferPointer({
                blitter.blitPlan($0, x: box.x, y: box.y, width: box.width, height: box.height)
            })
        {
            return
        }
        image.coverage.withUnsafeBufferPointer { mask in
            guard let base = mask.baseAddress else { return }
            fillMask(
                base, width: image.width, height: image.height, pitch: image.width,
                x: box.x, y: box.y, blitter: &blitter)
        }
    }
}

/// The paints of a layout's runs: one for every run, or one per run with runs past the end in
/// the last (never empty).
///
/// One paint is kept as it is, not in an array: drawing in one paint allocates nothing.
private enum RunPaints {
    case one(Paint)
    case each([Paint])

    /// The index of run `run`'s paint.
    func index(run: Int) -> Int {
        switch self {
        case .one: 0
        case .each(let paints): min(run, paints.count - 1)
        }
    }

    /// The paint at `index` (from ``index(run:)``).
    subscript(index: Int) -> Paint {
        switch self {
        case .one(let paint): paint
        case .each(let paints): paints[index]
        }
    }
}
