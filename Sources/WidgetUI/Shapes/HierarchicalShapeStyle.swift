import Raster

/// A level of the foreground style: primary, secondary, tertiary, quaternary or quinary.
///
/// Each level is the foreground at a lower opacity, for text and shapes of lesser importance,
/// unless `foregroundStyle(_:_:)` or `foregroundStyle(_:_:_:)` gave the levels styles of their
/// own.
///
/// ```swift
/// VStack {
///     Text("Cupertino")
///     Text("Sunny").foregroundStyle(.secondary)
/// }
/// ```
///
/// The opacities are those of iOS's label colors in the dark appearance: `label` 100 %,
/// `secondaryLabel` 60 %, `tertiaryLabel` 30 %, `quaternaryLabel` 16 %; UIKit has no fifth
/// label color, and the quinary level halves the quaternary one, 8 %.
///
/// ## Differences from SwiftUI
///
/// The levels are opacities of the foreground, not vibrancy effects.
public struct HierarchicalShapeStyle: ShapeStyle {
    /// The level: 0 primary … 4 quinary.
    let level: Int

    /// The foreground's opacity at each level.
    static let opacities: [Float] = [1, 0.6, 0.3, 0.16, 0.08]
}

extension HierarchicalShapeStyle: ResolvableShapeStyle, LeveledShapeStyle {
    func shading(in environment: EnvironmentValues) -> Shading {
        shading(level: 0, in: environment)
    }

    /// `.secondary.secondary` is the tertiary level: levels add up.
    func shading(level: Int, in environment: EnvironmentValues) -> Shading {
        environment.foregroundShading(level: min(self.level + level, Self.opacities.count - 1))
    }
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    /// The foreground itself.
    public static var primary: HierarchicalShapeStyle { HierarchicalShapeStyle(level: 0) }
    /// The foreground at 60 %.
    public static var secondary: HierarchicalShapeStyle { HierarchicalShapeStyle(level: 1) }
    /// The foreground at 30 %.
    public static var tertiary: HierarchicalShapeStyle { HierarchicalShapeStyle(level: 2) }
    /// The foreground at 16 %.
    public static var quaternary: HierarchicalShapeStyle { HierarchicalShapeStyle(level: 3) }
    /// The foreground at 8 %.
    public static var quinary: HierarchicalShapeStyle { HierarchicalShapeStyle(level: 4) }
}

extension EnvironmentValues {
    /// The shadings `foregroundStyle(_:_:)` and `foregroundStyle(_:_:_:)` gave the secondary
    /// and tertiary levels; empty when only the primary one was set.
    var foregroundLevels: [Shading] {
        get { self[ForegroundLevelsKey.self] }
        set { self[ForegroundLevelsKey.self] = newValue }
    }

    /// The foreground at a level: a style set for the level, else the primary one at the
    /// level's opacity.
    func foregroundShading(level: Int) -> Shading {
        if level > 0, level <= foregroundLevels.count { return foregroundLevels[level - 1] }
        return foregroundShading.opacity(HierarchicalShapeStyle.opacities[level])
    }
}

private struct ForegroundLevelsKey: EnvironmentKey {
    static let defaultValue: [Shading] = []
}
