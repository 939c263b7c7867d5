/// The current foreground style: what `foregroundStyle(_:)` set, else the primary label color.
///
/// Shapes fill with it by default, and text draws in it.
///
/// ```swift
/// Circle().fill(.foreground)
/// ```
public struct ForegroundStyle: ShapeStyle {
    /// Creates the foreground style.
    public init() {}
}

extension ForegroundStyle: ResolvableShapeStyle {
    func shading(in environment: EnvironmentValues) -> Shading {
        environment.foregroundShading
    }
}

extension ShapeStyle where Self == ForegroundStyle {
    /// The current foreground style.
    public static var foreground: ForegroundStyle { ForegroundStyle() }
}
