extension Canvas {
    /// Draws what `body` draws with a drop shadow under it: the drawing's coverage, blurred,
    /// moved by `offset` and filled with `color`, then the drawing itself on top.
    ///
    /// `radius` and `offset` are in the units of the current transform (points, for a view);
    /// the blur is a Gaussian of standard deviation `radius / 2`, as CSS's box-shadow blur,
    /// made of three box blurs. The shadow color goes through the color transform like any
    /// paint, so a night frame's shadows are red too.
    ///
    /// ```swift
    /// canvas.withShadow(color: RGBA(red: 0, green: 0, blue: 0, alpha: 0.33), radius: 6,
    ///                   offset: Point(x: 0, y: 2)) { layer in
    ///     layer.fill(Path(ellipseIn: Rect(x: 20, y: 20, width: 40, height: 40)),
    ///                with: Paint(color: .systemOrange))
    /// }
    /// ```
    public func withShadow(
        color: RGBA, radius: Double, offset: Point, _ body: (Canvas) throws -> Void
    ) rethrows {
        try drawShadow(.drop, color: color, radius: radius, offset: offset, drawing: true, body)
    }

    /// Draws a shadow's coverage map `alpha` (the clip bounds' size), moved by its offset, in
    /// its color; then `content`, when given, on top, in the same pass.
    func composite(_ shadow: ShadowGeometry, alpha: [UInt8], over r: IntRect, content: Canvas?) {
        for y in 0..<r.height {
            let dst = row(r.y + y) + r.x
            let src = content?.row(y)
            let sy = y - shadow.dy
            let inside = sy >= 0 && sy < r.height
            for x in 0..<r.width {
                let sx = x - shadow.dx
                if inside, sx >= 0, sx < r.width {
                    let a = UInt32(alpha[sy * r.width + sx])
                    if a != 0 {
                        dst[x] = PixelMath.sourceOver(PixelMath.scale(shadow.color, a), dst[x])
                    }
                }
                if let src, src[x] != 0 { dst[x] = PixelMath.sourceOver(src[x], dst[x]) }
            }
        }
    }
}

/// A shadow in the canvas's pixels: its blur, its offset and its color, transformed.
struct ShadowGeometry {
    /// The Gaussian's deviation in pixels: `radius / 2` in the transform's units.
    var sigma: Double
    /// The offset in whole pixels (a vector: the transform's linear part only).
    var dx: Int
    var dy: Int
    /// The color through the canvas's color transform, premultiplied.
    var color: UInt32

    init(color: RGBA, radius: Double, offset: Point, on canvas: Canvas) {
        let t = canvas.state.transform
        sigma = max(radius, 0) / 2 * t.meanScale
        dx = Int((t.a * offset.x + t.c * offset.y).rounded())
        dy = Int((t.b * offset.x + t.d * offset.y).rounded())
        self.color = canvas.state.colorTransform.apply(color).premultiplied.value
    }

    /// The alpha channel of a layer the size of `r`, row by row.
    static func alpha(of layer: Canvas, size r: IntRect) -> [UInt8] {
        var alpha = [UInt8](repeating: 0, count: r.width * r.height)
        for y in 0..<r.height {
            let src = layer.row(y)
            for x in 0..<r.width { alpha[y * r.width + x] = UInt8(src[x] >> 24) }
        }
        return alpha
    }
}

/// The blur of a shadow: three box blurs along each axis, which together approach a Gaussian.
enum ShadowBlur {
    /// Blurs a `width` × `height` coverage map in place with a Gaussian of deviation `sigma`
    /// pixels; nothing happens below half a pixel.
    ///
    /// Three successive boxes of width w have the variance of a Gaussian when
    /// 3 · (w² − 1) / 12 = σ², so w = √(4σ² + 1), rounded to the odd width nearest it.
    static func blur(_ values: inout [UInt8], width: Int, height: Int, sigma: Double) {
        guard sigma >= 0.5, width > 0, height > 0 else { return }
        let exact = (4 * sigma * sigma + 1).squareRoot()
        let half = max(1, Int(((exact - 1) / 2).rounded()))
        var line = [Int](repeating: 0, count: max(width, height))
        for _ in 0..<3 {
            for y in 0..<height {
                boxBlur(&values, start: y * width, stride: 1, count: width, half: half, &line)
            }
            for x in 0..<width {
                boxBlur(&values, start: x, stride: width, count: height, half: half, &line)
            }
        }
    }

    /// One box blur of `2 · half + 1` along a line of the map, zero beyond its ends, with a
    /// running sum: constant work per pixel whatever the width.
    private static func boxBlur(
        _ values: inout [UInt8], start: Int, stride: Int, count: Int, half: Int, _ line: inout [Int]
    ) {
        for i in 0..<count { line[i] = Int(values[start + i * stride]) }
        let window = 2 * half + 1
        var sum = 0
        for i in 0...min(half, count - 1) { sum += line[i] }
        for i in 0..<count {
            values[start + i * stride] = UInt8((sum + window / 2) / window)
            let enter = i + half + 1
            let leave = i - half
            if enter < count { sum += line[enter] }
            if leave >= 0 { sum -= line[leave] }
        }
    }
}
