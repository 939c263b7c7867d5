extension Canvas {
    /// Draws what `body` draws blurred: a Gaussian of standard deviation `radius`, in the
    /// units of the current transform (points, for a view), over every channel.
    ///
    /// The drawing goes into a layer over the clip bounds, as ``withLayer(opacity:_:)`` draws;
    /// its premultiplied channels are each blurred with the three box blurs of a shadow (see
    /// ``withShadow(color:radius:offset:_:)``), which approach a Gaussian, so edges fade into
    /// transparency and colors do not darken at them. Below half a pixel nothing is blurred.
    ///
    /// ```swift
    /// canvas.withBlur(radius: 4) { layer in
    ///     layer.fill(Path(ellipseIn: Rect(x: 20, y: 20, width: 40, height: 40)),
    ///                with: Paint(color: .systemOrange))
    /// }
    /// ```
    public func withBlur(radius: Double, _ body: (Canvas) throws -> Void) rethrows {
        let r = state.clipBounds
        guard !r.isEmpty else { return }
        let sigma = max(radius, 0) * state.transform.meanScale
        let layer = makeLayer(over: r)
        try body(layer)
        var channel = [UInt8](repeating: 0, count: r.width * r.height)
        var blurred = [UInt32](repeating: 0, count: r.width * r.height)
        for shift: UInt32 in [0, 8, 16, 24] {
            for y in 0..<r.height {
                let src = layer.row(y)
                for x in 0..<r.width { channel[y * r.width + x] = UInt8((src[x] >> shift) & 0xFF) }
            }
            ShadowBlur.blur(&channel, width: r.width, height: r.height, sigma: sigma)
            for i in channel.indices { blurred[i] |= UInt32(channel[i]) << shift }
        }
        for y in 0..<r.height {
            let dst = row(r.y + y) + r.x
            for x in 0..<r.width {
                let pixel = blurred[y * r.width + x]
                // Rounding may leave a color channel above the alpha: premultiplied, it is
                // clamped to it.
                let alpha = pixel >> 24
                guard alpha != 0 else { continue }
                var clamped = pixel & 0xFF00_0000
                for shift: UInt32 in [0, 8, 16] {
                    clamped |= min((pixel >> shift) & 0xFF, alpha) << shift
                }
                dst[x] = PixelMath.sourceOver(clamped, dst[x])
            }
        }
    }
}
