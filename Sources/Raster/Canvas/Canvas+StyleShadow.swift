/// Where a shadow falls: behind what casts it, or inside it.
public enum ShadowKind: Hashable, Sendable {
    /// Behind the drawing and around it, as ``Canvas/withShadow(color:radius:offset:_:)``.
    case drop
    /// Inside the drawing, over it, from its edges: the edge of what is not drawn, blurred.
    case inner
}

extension Canvas {
    /// Draws only the shadow of what `body` draws, not the drawing itself: a drop shadow
    /// before the drawing is drawn, an inner shadow after it.
    ///
    /// A drop shadow is the drawing's coverage, blurred, moved by `offset` and filled with
    /// `color`, as ``withShadow(color:radius:offset:_:)`` draws it. An inner shadow is the
    /// coverage of what is *not* drawn (everything beyond the clip bounds included), blurred
    /// and moved the same way, then kept only where the drawing is, in proportion to its
    /// coverage: so its edges are anti-aliased exactly as the drawing's. `radius` and `offset`
    /// are in the units of the current transform; the blur is a Gaussian of deviation
    /// `radius / 2`. The color goes through the color transform like any paint.
    ///
    /// ```swift
    /// let circle = Path(ellipseIn: Rect(x: 20, y: 20, width: 40, height: 40))
    /// canvas.fill(circle, with: Paint(color: .systemBlue))
    /// canvas.drawShadow(.inner, color: RGBA(red: 0, green: 0, blue: 0, alpha: 0.55),
    ///                   radius: 6, offset: Point(x: 0, y: 3)) { $0.fill(circle, with: .black) }
    /// ```
    public func drawShadow(
        _ kind: ShadowKind, color: RGBA, radius: Double, offset: Point,
        _ body: (Canvas) throws -> Void
    ) rethrows {
        try drawShadow(kind, color: color, radius: radius, offset: offset, drawing: false, body)
    }

    /// The shadow of what `body` draws; with `drawing` (a drop shadow only), the drawing too.
    ///
    /// The drawing goes on top in the same pass. `body` draws into a layer over the clip
    /// bounds, as `withLayer` draws.
    func drawShadow(
        _ kind: ShadowKind, color: RGBA, radius: Double, offset: Point, drawing: Bool,
        _ body: (Canvas) throws -> Void
    ) rethrows {
        let r = state.clipBounds
        guard !r.isEmpty else { return }
        let shadow = ShadowGeometry(color: color, radius: radius, offset: offset, on: self)
        let layer = makeLayer(over: r)
        try body(layer)
        var alpha = ShadowGeometry.alpha(of: layer, size: r)
        switch kind {
        case .drop:
            ShadowBlur.blur(&alpha, width: r.width, height: r.height, sigma: shadow.sigma)
            composite(shadow, alpha: alpha, over: r, content: drawing ? layer : nil)
        case .inner:
            // Already in place: composited without moving it again.
            var unmoved = shadow
            (unmoved.dx, unmoved.dy) = (0, 0)
            composite(
                unmoved, alpha: Self.innerShadow(of: alpha, shadow, size: r), over: r,
                content: nil)
        }
    }

    /// The coverage of an inner shadow.
    ///
    /// At each pixel, `alpha` there × the blurred complement of `alpha` at the pixel minus
    /// the offset. The complement is blurred with a margin of
    /// "not drawn" around the clip bounds wide enough for the blur and the offset, so a
    /// drawing that fills them gets its shadow at their edges too.
    private static func innerShadow(of alpha: [UInt8], _ shadow: ShadowGeometry, size r: IntRect)
        -> [UInt8]
    {
        let margin = Int((3 * shadow.sigma).rounded(.up)) + 2 + max(abs(shadow.dx), abs(shadow.dy))
        let width = r.width + 2 * margin
        let height = r.height + 2 * margin
        var outside = [UInt8](repeating: 255, count: width * height)
        for y in 0..<r.height {
            for x in 0..<r.width {
                outside[(y + margin) * width + x + margin] = 255 - alpha[y * r.width + x]
            }
        }
        ShadowBlur.blur(&outside, width: width, height: height, sigma: shadow.sigma)
        var result = [UInt8](repeating: 0, count: r.width * r.height)
        for y in 0..<r.height {
            for x in 0..<r.width {
                let cover = UInt32(alpha[y * r.width + x])
                guard cover != 0 else { continue }
                let from = (y - shadow.dy + margin) * width + x - shadow.dx + margin
                result[y * r.width + x] = UInt8((cover * UInt32(outside[from]) + 127) / 255)
            }
        }
        return result
    }
}
