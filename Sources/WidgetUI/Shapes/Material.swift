import Raster

/// A translucent background layer, as behind a label on a photo: from mostly translucent to
/// mostly opaque.
///
/// ```swift
/// Text("3 lights on")
///     .padding(6)
///     .background(.ultraThinMaterial, in: Capsule())
/// ```
///
/// On iOS a material blurs what lies behind it and lays a tint over the blur. A widget in
/// StandBy is drawn on black, and a blur of black is black, so what a material shows there is
/// its tint: here a dark gray (#2C2C2E, the dark tertiary background) at an opacity that grows
/// with the material's thickness, in the order Apple's documentation gives them.
///
/// | material | Apple's description | here |
/// | --- | --- | --- |
/// | `.ultraThinMaterial` | mostly translucent | #2C2C2E at 30 % |
/// | `.thinMaterial` | more translucent than opaque | #2C2C2E at 45 % |
/// | `.regularMaterial`, `.bar` | somewhat translucent | #2C2C2E at 60 % |
/// | `.thickMaterial` | more opaque than translucent | #2C2C2E at 75 % |
/// | `.ultraThickMaterial` | mostly opaque | #2C2C2E at 90 % |
///
/// ## Differences from SwiftUI
///
/// Nothing behind a material is blurred: over content other than black, the material is a
/// translucent gray layer. Text and symbols on it are not made vibrant.
public struct Material: ShapeStyle {
    /// The tint's opacity, 0…1.
    let opacity: Float

    /// A mostly translucent material.
    public static let ultraThin = Material(opacity: 0.3)
    /// A material more translucent than opaque.
    public static let thin = Material(opacity: 0.45)
    /// A somewhat translucent material.
    public static let regular = Material(opacity: 0.6)
    /// A material more opaque than translucent.
    public static let thick = Material(opacity: 0.75)
    /// A mostly opaque material.
    public static let ultraThick = Material(opacity: 0.9)
    /// The material of bars (toolbars, tab bars): the regular one.
    public static let bar = Material.regular
}

extension Material: ResolvableShapeStyle {
    func shading(in environment: EnvironmentValues) -> Shading {
        .color(RGBA(hex: 0x2C2C2E, alpha: opacity))
    }
}

extension ShapeStyle where Self == Material {
    /// A mostly translucent material.
    public static var ultraThinMaterial: Material { .ultraThin }
    /// A material more translucent than opaque.
    public static var thinMaterial: Material { .thin }
    /// A somewhat translucent material.
    public static var regularMaterial: Material { .regular }
    /// A material more opaque than translucent.
    public static var thickMaterial: Material { .thick }
    /// A mostly opaque material.
    public static var ultraThickMaterial: Material { .ultraThick }
    /// The material of bars.
    public static var bar: Material { .bar }
}
