/// A ``Paint`` prepared for one draw call: colors in canvas pixels, with the canvas transform,
/// the color transform and the opacity baked in.
enum PaintSource {
    /// One premultiplied pixel value.
    case solid(UInt32)
    /// A per-pixel source.
    case shader(SpanShader)

    init(paint: Paint, transform: Transform, colorTransform: ColorTransform) {
        let opacity = min(max(paint.opacity, 0), 1)
        switch paint.shader {
        case .solid(let color):
            self = .solid(colorTransform.apply(color).opacity(opacity).premultiplied.value)
        case .linearGradient(let g):
            self = .shader(
                GradientShader(
                    linear: g, transform: transform, colorTransform: colorTransform,
                    opacity: opacity))
        case .radialGradient(let g):
            self = .shader(
                GradientShader(
                    radial: g, transform: transform, colorTransform: colorTransform,
                    opacity: opacity))
        case .angularGradient(let g):
            self = .shader(
                GradientShader(
                    angular: g, transform: transform, colorTransform: colorTransform,
                    opacity: opacity))
        case .image(let pattern):
            self = .shader(
                ImageShader(
                    pattern: pattern, transform: transform, colorTransform: colorTransform,
                    opacity: opacity))
        }
    }
}

/// Computes premultiplied source pixels along a span, sampled at pixel centers.
protocol SpanShader: AnyObject {
    /// Writes `count` pixels for (x + i + 0.5, y + 0.5), i in 0..<count, canvas coordinates.
    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>)
}
