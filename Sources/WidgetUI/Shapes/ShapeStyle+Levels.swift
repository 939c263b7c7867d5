import Raster

/// A style whose lower levels are styles of their own (the fills, the backgrounds), not just
/// the style at a lower opacity.
protocol LeveledShapeStyle {
    /// The shading of this style's level: 0 is the style itself, 1 its secondary level, up to
    /// 4 (quinary).
    func shading(level: Int, in environment: EnvironmentValues) -> Shading
}

/// A style whose levels are fixed colors: `levels[0]` the style itself, then its lower
/// levels; a level past the table is its last color.
protocol ColorLevelsShapeStyle: ResolvableShapeStyle, LeveledShapeStyle {
    /// The colors of the levels, from the style itself down.
    static var levels: [RGBA] { get }
}

extension ColorLevelsShapeStyle {
    func shading(in environment: EnvironmentValues) -> Shading {
        shading(level: 0, in: environment)
    }

    func shading(level: Int, in environment: EnvironmentValues) -> Shading {
        .color(Self.levels[min(level, Self.levels.count - 1)])
    }
}

extension ShapeStyle {
    /// The second level of this style: `.fill.secondary`, `Color.red.secondary`.
    ///
    /// A style with levels of its own (``FillShapeStyle``, ``BackgroundStyle``, the
    /// foreground's levels) gives its second level; any other is drawn at the opacity of the
    /// label colors' second level, 60 %.
    public var secondary: some ShapeStyle { _ShapeStyleLevel(base: self, level: 1) }

    /// The third level of this style (any other style at 30 %).
    public var tertiary: some ShapeStyle { _ShapeStyleLevel(base: self, level: 2) }

    /// The fourth level of this style (any other style at 16 %).
    public var quaternary: some ShapeStyle { _ShapeStyleLevel(base: self, level: 3) }

    /// The fifth level of this style (any other style at 8 %).
    public var quinary: some ShapeStyle { _ShapeStyleLevel(base: self, level: 4) }

    /// This style at an opacity, 0…1.
    ///
    /// ```swift
    /// RoundedRectangle(cornerRadius: 8).fill(Color.orange.gradient.opacity(0.4))
    /// ```
    public func opacity(_ opacity: Double) -> some ShapeStyle {
        _OpacityShapeStyle(base: self, opacity: Float(min(max(opacity, 0), 1)))
    }
}

/// A level of a style; ``ShapeStyle/secondary`` and its siblings make one.
struct _ShapeStyleLevel<Base: ShapeStyle>: ShapeStyle, ResolvableShapeStyle {
    let base: Base
    let level: Int

    func shading(in environment: EnvironmentValues) -> Shading {
        guard let leveled = Base.self as? any LeveledShapeStyle.Type else {
            return base.resolvedShading(in: environment).opacity(
                HierarchicalShapeStyle.opacities[level])
        }
        // The same type, so the address of `base` is that of a `leveled` value.
        return withUnsafePointer(to: base) {
            leveled.shading(at: $0, level: level, in: environment)
        }
    }
}

extension LeveledShapeStyle {
    /// The shading of a level of the style of this type stored at `address`.
    static func shading(
        at address: UnsafeRawPointer, level: Int, in environment: EnvironmentValues
    ) -> Shading {
        address.assumingMemoryBound(to: Self.self).pointee.shading(level: level, in: environment)
    }
}

/// A style at an opacity; ``ShapeStyle/opacity(_:)`` makes one.
struct _OpacityShapeStyle<Base: ShapeStyle>: ShapeStyle, ResolvableShapeStyle {
    let base: Base
    let opacity: Float

    func shading(in environment: EnvironmentValues) -> Shading {
        base.resolvedShading(in: environment).opacity(opacity)
    }
}
