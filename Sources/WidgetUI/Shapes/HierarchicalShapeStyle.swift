import Raster

/// A level of the foreground style: primary, secondary, tertiary or quaternary.
///
/// Each level is the foreground at a lower opacity, for text and shapes of lesser importance.
///
/// ```swift
/// VStack {
///     Text("Cupertino")
///     Text("Sunny").foregroundStyle(.secondary)
/// }
/// ```
///
/// ## Differences from SwiftUI
///
/// The levels are the foreground at opacities 1, 0.6, 0.3 and 0.16 (the dark-mode label
/// colors' alphas), rather than vibrancy effects.
public struct HierarchicalShapeStyle: ShapeStyle {
    /// The foreground's opacity multiplier at this level.
    let opacity: Float
}

extension HierarchicalShapeStyle: ResolvableShapeStyle {
    func shading(in environment: EnvironmentValues) -> Shading {
        environment.foregroundShading.opacity(opacity)
    }
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    /// The foreground itself.
    public static var primary: HierarchicalShapeStyle { HierarchicalShapeStyle(opacity: 1) }
    /// The foreground at 60 %.
    public static var secondary: HierarchicalShapeStyle { HierarchicalShapeStyle(opacity: 0.6) }
    /// The foreground at 30 %.
    public static var tertiary: HierarchicalShapeStyle { HierarchicalShapeStyle(opacity: 0.3) }
    /// The foreground at 16 %.
    public static var quaternary: HierarchicalShapeStyle { HierarchicalShapeStyle(opacity: 0.16) }
}
