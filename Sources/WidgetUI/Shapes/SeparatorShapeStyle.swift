import Raster

/// The color of separators: `Divider`'s, iOS's `separator` (#545458 at 60 % when dark).
///
/// ```swift
/// Rectangle().fill(.separator).frame(height: 1)
/// ```
public struct SeparatorShapeStyle: ShapeStyle {
    /// Creates the separator style.
    public init() {}
}

extension SeparatorShapeStyle: ResolvableShapeStyle {
    func shading(in environment: EnvironmentValues) -> Shading { .color(.separator) }
}

extension ShapeStyle where Self == SeparatorShapeStyle {
    /// The color of separators.
    public static var separator: SeparatorShapeStyle { SeparatorShapeStyle() }
}
