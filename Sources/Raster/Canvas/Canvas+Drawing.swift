/// The drawing orchestrator: every drawing call's policy (transform, flattening, stroking,
/// clipping, the shape cache, paint preparation) is decided here; the stages below only do
/// what they are told.
extension Canvas {
    /// Fills the inside of `path` (drawing coordinates) with `paint`.
    ///
    /// ```swift
    /// canvas.fill(Path(roundedRect: tile, cornerRadius: 22, style: .continuous),
    ///             with: Paint(color: .systemGray6))
    /// ```
    public func fill(_ path: Path, with paint: Paint, rule: FillRule = .nonZero) {
        let transform = state.transform
        draw(shape(path, stroke: nil, rule: rule, paint), paint: paint) {
            path.flattened(transform)
        }
    }

    /// Strokes `path` (drawing coordinates) with `paint`.
    ///
    /// The line width and dash lengths are in drawing coordinates and scale with the transform
    /// (by its ``Transform/meanScale``).
    ///
    /// ```swift
    /// canvas.stroke(arc, with: Paint(color: .systemGreen),
    ///               style: StrokeStyle(lineWidth: 12, lineCap: .round))
    /// ```
    public func stroke(_ path: Path, with paint: Paint, style: StrokeStyle) {
        let transform = state.transform
        draw(shape(path, stroke: style, rule: .nonZero, paint), paint: paint) {
            let scale = transform.meanScale
            var lines = path.flattened(transform)
            if !style.dash.isEmpty {
                lines = Dasher.dash(
                    lines, pattern: style.dash.map { $0 * scale },
                    phase: style.dashPhase * scale)
            }
            return Stroker.stroke(
                lines, width: style.lineWidth * scale, cap: style.lineCap, join: style.lineJoin,
                miterLimit: style.miterLimit)
        }
    }

    /// Fills a rectangle (drawing coordinates).
    public func fill(_ rect: Rect, with paint: Paint) {
        fill(Path(rect), with: paint)
    }

    /// The shape cache's key for `path` drawn with `paint` under the current transform and
    /// clip bounds.
    func shape(_ path: Path, stroke: StrokeStyle?, rule: FillRule, _ paint: Paint)
        -> ShapeCache.Key
    {
        ShapeCache.Key(
            path: path, transform: state.transform, stroke: stroke, rule: rule,
            clip: state.clipBounds, antiAlias: paint.antiAlias)
    }

    /// Draws the shape `key` names with `paint`, through the clip mask: its coverage from the
    /// shape cache, or scanned from `outline()` (closed polylines in canvas pixels).
    func draw(_ key: ShapeCache.Key, paint: Paint, outline: () -> [Polyline]) {
        guard !key.clip.isEmpty else { return }
        var blitter = paintBlitter(paint)
        if let mask = state.clipMask {
            var clipped = ClippedBlitter(inner: blitter, mask: mask, scratch: scratch.coverage)
            cover(key, outline: outline, blitter: &clipped)
        } else {
            cover(key, outline: outline, blitter: &blitter)
        }
    }

    /// Sends the coverage of the shape `key` names through `blitter`: replayed from the shape
    /// cache, or scanned from `outline()` (and recorded, when the cache asks).
    func cover<B: Blitter>(
        _ key: ShapeCache.Key, outline: () -> [Polyline], blitter: inout B
    ) {
        switch shapes.plan(key) {
        case .replay(let coverage):
            blitter.replay(coverage, x: key.clip.x)
        case .record:
            var recorder = ShapeCache.Recorder(inner: blitter, x: key.clip.x)
            scan(
                outline(), rule: key.rule, clip: key.clip, antiAlias: key.antiAlias, threads: 1,
                blitter: &recorder)
            blitter = recorder.inner
            shapes.insert(recorder.coverage(for: key), for: key)
        case .scan:
            scan(
                outline(), rule: key.rule, clip: key.clip, antiAlias: key.antiAlias,
                threads: drawingThreads, blitter: &blitter)
        }
    }

    /// The blitter for `paint` under the current transform and color transform.
    func paintBlitter(_ paint: Paint) -> PaintBlitter {
        scratch.reserveRow(width)
        return PaintBlitter(
            base: storage.base + origin.y * storage.stride + origin.x, stride: storage.stride,
            deferredClear: storage.deferredClear(fromRow: origin.y, x: origin.x),
            source: PaintSource(
                paint: paint, transform: state.transform, colorTransform: state.colorTransform),
            blendMode: paint.blendMode, spanBuffer: scratch.span)
    }

    /// Builds edges from closed polylines and scan-converts them within `clip`, on up to
    /// `threads` threads.
    func scan<B: Blitter>(
        _ lines: [Polyline], rule: FillRule, clip: IntRect, antiAlias: Bool, threads: Int,
        blitter: inout B
    ) {
        scratch.reserveRow(width)
        // Taken out of the scratch while in use: the only reference, so clearing and appending
        // reuse its memory instead of copying it.
        var edges = scratch.edges
        scratch.edges = []
        edges.removeAll(keepingCapacity: true)
        let originX = Double(clip.x)
        let w = Double(clip.width)
        for line in lines {
            let pts = line.points
            guard pts.count > 1 else { continue }
            for i in 1..<pts.count {
                Edge.append(pts[i - 1], pts[i], originX: originX, width: w, to: &edges)
            }
            Edge.append(pts[pts.count - 1], pts[0], originX: originX, width: w, to: &edges)
        }
        FillPath.fill(
            edges: &edges, rule: rule, clip: clip, antiAlias: antiAlias, threads: threads,
            scratch: scratch, blitter: &blitter)
        scratch.edges = edges
    }

    /// Blends an 8-bit coverage mask (a glyph) through `blitter` at whole-pixel offset (x, y),
    /// canvas coordinates, through the clip.
    ///
    /// `pitch` is the bytes between mask rows. The caller prepares the blitter once
    /// (``paintBlitter(_:)``) for a whole text run, so a run of glyphs shares one paint source.
    func fillMask(
        _ mask: UnsafePointer<UInt8>, width mw: Int, height mh: Int, pitch: Int, x: Int, y: Int,
        blitter: inout PaintBlitter
    ) {
        let target = IntRect(x: x, y: y, width: mw, height: mh).intersection(state.clipBounds)
        guard !target.isEmpty else { return }
        let clipMask = state.clipMask
        for row in target.y..<target.maxY {
            let src = mask + (row - y) * pitch + (target.x - x)
            if let m = clipMask {
                var clipped = ClippedBlitter(inner: blitter, mask: m, scratch: scratch.coverage)
                clipped.blitAntiH(x: target.x, y: row, coverage: src, count: target.width)
                blitter = clipped.inner
            } else {
                blitter.blitAntiH(x: target.x, y: row, coverage: src, count: target.width)
            }
        }
    }

    /// Applies a color transform to the pixels already drawn in `rect` (default: the whole
    /// canvas), ignoring clip and state: a night pass over a finished frame.
    public func apply(_ transform: ColorTransform, in rect: IntRect? = nil) {
        guard !transform.isIdentity else { return }
        let r = (rect ?? bounds).intersection(bounds)
        guard !r.isEmpty else { return }
        let fixed = transform.fixed
        if r.width == stride {
            // Whole rows back to back: one run, so flat areas continue across row ends.
            settlePixels()
            fixed.apply(row(r.y), count: r.width * r.height)
        } else {
            for y in r.y..<r.maxY { fixed.apply(row(y) + r.x, count: r.width) }
        }
    }
}

/// How a picture fills a rectangle whose shape differs from its own.
public enum ContentMode: Sendable, Hashable {
    /// Stretched to the rectangle exactly.
    case stretch
    /// Scaled to fit inside, aspect kept, centered (letterboxed).
    case fit
    /// Scaled to cover the rectangle, aspect kept, centered, the overflow clipped.
    case fill
}

extension Canvas {
    /// Draws `bitmap` into `rect` (drawing coordinates), scaled with bilinear filtering.
    ///
    /// ```swift
    /// canvas.draw(photo, in: Rect(x: 0, y: 0, width: 170, height: 170), mode: .fill)
    /// ```
    public func draw(
        _ bitmap: Bitmap, in rect: Rect, mode: ContentMode = .stretch, opacity: Float = 1
    ) {
        guard bitmap.width > 0, bitmap.height > 0, !rect.isEmpty else { return }
        let placed = ContentMode.place(bitmap.size, in: rect, mode: mode)
        let paint = Paint(
            shader: .image(ImagePattern(bitmap: bitmap, rect: placed)), opacity: opacity)
        fill(Path(placed.intersection(rect)), with: paint)
    }
}

extension ContentMode {
    /// Where a picture of `size` lands in `rect` under `mode`.
    public static func place(_ size: PixelSize, in rect: Rect, mode: ContentMode) -> Rect {
        let sx = rect.width / Double(size.width)
        let sy = rect.height / Double(size.height)
        let s: Double
        switch mode {
        case .stretch: return rect
        case .fit: s = min(sx, sy)
        case .fill: s = max(sx, sy)
        }
        let w = Double(size.width) * s
        let h = Double(size.height) * s
        return Rect(x: rect.midX - w / 2, y: rect.midY - h / 2, width: w, height: h)
    }
}
