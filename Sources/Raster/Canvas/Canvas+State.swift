/// The drawing state: transform, clip and color transform, saved and restored as a stack.
extension Canvas {
    var state: DrawState {
        get { states[states.count - 1] }
        set { states[states.count - 1] = newValue }
    }

    /// Pushes a copy of the drawing state; ``restore()`` returns to it.
    public func save() {
        states.append(state)
    }

    /// Pops the drawing state pushed by the matching ``save()``; an unmatched call does nothing.
    public func restore() {
        if states.count > 1 { states.removeLast() }
    }

    /// Runs `body` between ``save()`` and ``restore()``.
    public func withSavedState<T>(_ body: () throws -> T) rethrows -> T {
        save()
        defer { restore() }
        return try body()
    }

    /// The map from drawing coordinates to canvas pixels.
    ///
    /// Default: identity.
    public var transform: Transform {
        get { state.transform }
        set { state.transform = newValue }
    }

    /// Applies `t` before the current transform (as CoreGraphics' `concatenate`).
    public func concatenate(_ t: Transform) {
        state.transform = t.concatenating(state.transform)
    }

    /// The color transform applied to every paint's source.
    ///
    /// Default: identity.
    ///
    /// Setting it replaces the current one; to stack transforms, concatenate them yourself.
    public var colorTransform: ColorTransform {
        get { state.colorTransform }
        set { state.colorTransform = newValue }
    }

    /// The pixel bounds that drawing can still touch.
    public var clipBounds: IntRect { state.clipBounds }

    /// Narrows the clip to `rect` (drawing coordinates).
    ///
    /// A rectangle on whole pixels just
    /// shrinks the bounds; any other becomes a coverage mask with anti-aliased edges.
    public func clip(to rect: Rect) {
        let device = state.transform.apply(rect)
        let snapped = device.roundedOut
        let isAxisAligned = state.transform.b == 0 && state.transform.c == 0
        if isAxisAligned && snapped.rect == device {
            state.clipBounds = state.clipBounds.intersection(snapped)
        } else {
            clip(to: Path(rect))
        }
    }

    /// Narrows the clip to the inside of `path` (drawing coordinates), anti-aliased.
    ///
    /// Nested clips
    /// multiply.
    public func clip(to path: Path, rule: FillRule = .nonZero) {
        let lines = path.flattened(state.transform)
        var bounds = IntRect.zero
        for l in lines {
            for p in l.points {
                bounds = bounds.union(
                    IntRect(
                        x: Int(p.x.rounded(.down)), y: Int(p.y.rounded(.down)), width: 1, height: 1)
                )
            }
        }
        bounds = bounds.intersection(state.clipBounds)
        let mask = ClipMask(bounds: bounds)
        if !bounds.isEmpty {
            var blitter = MaskBlitter(mask: mask)
            let key = ShapeCache.Key(
                path: path, transform: state.transform, stroke: nil, rule: rule, clip: bounds,
                antiAlias: true)
            cover(key, outline: { lines }, blitter: &blitter)
        }
        state.clipMask = state.clipMask.map { $0.intersecting(mask) } ?? mask
        state.clipBounds = bounds
    }

    /// Draws what `body` draws into a separate layer, then composites the layer once with
    /// `opacity`: group opacity, where overlapping parts do not show through each other.
    ///
    /// The layer covers the current clip bounds and inherits the transform, clip and color
    /// transform, so `body` draws exactly as it would on this canvas.
    public func withLayer(opacity: Float, _ body: (Canvas) throws -> Void) rethrows {
        let r = state.clipBounds
        guard !r.isEmpty, opacity > 0 else { return }
        let layer = makeLayer(over: r)
        try body(layer)
        let k = UInt32((min(opacity, 1) * 255).rounded())
        for y in 0..<r.height {
            let src = layer.row(y)
            let dst = row(r.y + y) + r.x
            for x in 0..<r.width where src[x] != 0 {
                dst[x] = PixelMath.sourceOver(PixelMath.scale(src[x], k), dst[x])
            }
        }
    }

    /// A transparent canvas the size of `r`, a part of this one, whose state draws as this
    /// canvas's would there: the transform moved by `r`'s origin, the clip and color transform
    /// kept.
    func makeLayer(over r: IntRect) -> Canvas {
        let layer = Canvas(
            width: r.width, height: r.height, textLayouts: textLayouts, shapes: shapes)
        layer.drawingThreads = drawingThreads
        var s = state
        s.transform = s.transform.concatenating(
            Transform(translationX: Double(-r.x), y: Double(-r.y)))
        s.clipBounds = IntRect(x: 0, y: 0, width: r.width, height: r.height)
        s.clipMask = s.clipMask?.offsetBy(dx: r.x, dy: r.y)
        layer.states = [s]
        return layer
    }
}
