import Raster

/// A gradient as a shape style: the standard top-to-bottom gradient a color or gradient gives.
///
/// `Color.gradient` makes one from a single color, the subtle sheen SwiftUI puts on widget
/// backgrounds and buttons.
///
/// ```swift
/// ContainerRelativeShape().fill(Color.blue.gradient)
/// Capsule().fill(AnyGradient(Gradient(colors: [.mint, .teal])))
/// ```
///
/// ## Differences from SwiftUI
///
/// `Color.gradient` runs from the color lightened by 20 % (mixed with white) at the top to the
/// color itself at the bottom; SwiftUI's exact recipe is not documented.
public struct AnyGradient: Hashable, Sendable {
    let gradient: Gradient

    /// Creates a gradient style from a gradient, drawn from top to bottom.
    public init(_ gradient: Gradient) {
        self.gradient = gradient
    }
}

extension AnyGradient: ShapeStyle, ResolvableShapeStyle {
    func shading(in environment: EnvironmentValues) -> Shading {
        gradient.shading(in: environment)
    }
}

extension Color {
    /// The standard gradient of this color: a little lighter at the top, the color at the
    /// bottom.
    ///
    /// ```swift
    /// RoundedRectangle(cornerRadius: 8).fill(Color.orange.gradient)
    /// ```
    public var gradient: AnyGradient {
        let top = Color(rgba: rgba.lerp(to: RGBA.white.opacity(rgba.alpha), 0.2))
        return AnyGradient(Gradient(colors: [top, self]))
    }
}
