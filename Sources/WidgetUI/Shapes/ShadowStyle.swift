import Foundation
import Raster

/// A shadow a shape style casts: `.blue.shadow(.inner(radius: 4))`.
///
/// ```swift
/// Circle().fill(.orange.shadow(.drop(color: .black.opacity(0.4), radius: 4, y: 2)))
/// RoundedRectangle(cornerRadius: 12).fill(.blue.gradient.shadow(.inner(radius: 6, y: 3)))
/// Text("72°").foregroundStyle(.white.shadow(.drop(radius: 2)))
/// ```
public struct ShadowStyle: Equatable, Sendable {
    let kind: ShadowKind
    let color: Color
    let radius: CGFloat
    let x: CGFloat
    let y: CGFloat

    /// A shadow behind what is drawn: its coverage blurred (a Gaussian of deviation
    /// `radius / 2`, as `shadow(color:radius:x:y:)`), moved by `x` and `y`, in `color`.
    public static func drop(
        color: Color = Color(.sRGBLinear, white: 0, opacity: 0.33), radius: CGFloat,
        x: CGFloat = 0, y: CGFloat = 0
    ) -> ShadowStyle {
        ShadowStyle(kind: .drop, color: color, radius: radius, x: x, y: y)
    }

    /// A shadow inside what is drawn, over it: the edge of what is not drawn, blurred and
    /// moved by `x` and `y`, in `color`, kept where the drawing is.
    public static func inner(
        color: Color = Color(.sRGBLinear, white: 0, opacity: 0.55), radius: CGFloat,
        x: CGFloat = 0, y: CGFloat = 0
    ) -> ShadowStyle {
        ShadowStyle(kind: .inner, color: color, radius: radius, x: x, y: y)
    }

    /// The shadow as drawing resolves it.
    var shading: ShadowShading {
        ShadowShading(
            kind: kind, color: color.rgba, radius: Double(radius),
            offset: Point(x: Double(x), y: Double(y)))
    }
}

/// A style with a shadow: what ``ShapeStyle/shadow(_:)`` returns.
public struct _ShadowShapeStyle<Style: ShapeStyle>: ShapeStyle {
    let style: Style
    let shadow: ShadowStyle
}

extension _ShadowShapeStyle: ResolvableShapeStyle {
    func shading(in environment: EnvironmentValues) -> Shading {
        .shadowed(style.resolvedShading(in: environment), shadow.shading)
    }
}

extension ShapeStyle {
    /// This style casting a shadow, drop or inner, wherever it is drawn.
    ///
    /// On a fill, a stroke or text. Shadows add up: `.green.shadow(.drop(radius: 3)).shadow(.inner(radius: 1))`.
    public func shadow(_ style: ShadowStyle) -> _ShadowShapeStyle<Self> {
        _ShadowShapeStyle(style: self, shadow: style)
    }
}

extension ShapeStyle where Self == _ShadowShapeStyle<ForegroundStyle> {
    /// The foreground style casting a shadow: `.fill(.shadow(.inner(radius: 4)))`.
    public static func shadow(_ style: ShadowStyle) -> _ShadowShapeStyle<ForegroundStyle> {
        ForegroundStyle().shadow(style)
    }
}

/// A shadow of a shading, resolved: see ``Shading/shadowed(_:_:)``.
struct ShadowShading: Hashable, Sendable {
    var kind: ShadowKind
    var color: RGBA
    var radius: Double
    var offset: Point

    /// This shadow with its color's opacity multiplied by `opacity`.
    func opacity(_ opacity: Float) -> ShadowShading {
        ShadowShading(kind: kind, color: color.opacity(opacity), radius: radius, offset: offset)
    }
}

extension Shading {
    /// The shading without its shadows.
    var unshadowed: Shading {
        if case .shadowed(let base, _) = self { base.unshadowed } else { self }
    }

    /// The shadows, innermost (first written) first.
    var shadows: [ShadowShading] {
        if case .shadowed(let base, let shadow) = self { base.shadows + [shadow] } else { [] }
    }
}
