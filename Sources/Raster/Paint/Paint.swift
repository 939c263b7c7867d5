/// How a fill, stroke, glyph or image is colored and combined with the canvas.
///
/// ```swift
/// Paint(color: .systemGreen)
/// Paint(shader: .linearGradient(LinearGradient(
///     stops: [.init(color: .systemBlue, location: 0), .init(color: .systemIndigo, location: 1)],
///     start: Point(x: 0, y: 0), end: Point(x: 0, y: 170))), opacity: 0.8)
/// ```
public struct Paint: Sendable {
    /// Where the color of each pixel comes from.
    public var shader: Shader
    /// Multiplies the source alpha. Default: 1.
    public var opacity: Float
    /// How source pixels combine with the canvas. Default: ``BlendMode/sourceOver``.
    public var blendMode: BlendMode
    /// Whether edges are anti-aliased by exact coverage; false snaps coverage to 0 or 1.
    /// Default: true.
    public var antiAlias: Bool

    /// Creates a paint from a shader.
    public init(
        shader: Shader, opacity: Float = 1, blendMode: BlendMode = .sourceOver,
        antiAlias: Bool = true
    ) {
        self.shader = shader
        self.opacity = opacity
        self.blendMode = blendMode
        self.antiAlias = antiAlias
    }

    /// Creates a paint of one color.
    public init(color: RGBA, opacity: Float = 1) {
        self.init(shader: .solid(color), opacity: opacity)
    }
}

/// How a source pixel combines with the destination (Porter–Duff, premultiplied).
public enum BlendMode: Sendable, Hashable {
    /// Source over destination: `s + d·(1 − sa)`.
    case sourceOver
    /// Replace the destination inside the coverage: `s·c + d·(1 − c)`.
    case source
    /// Erase by the source's alpha: `d·(1 − sa)`.
    case destinationOut
}
