/// A shape style of any type, for a style chosen at run time.
///
/// ```swift
/// var changeStyle: AnyShapeStyle {
///     change >= 0 ? AnyShapeStyle(Color.green) : AnyShapeStyle(.secondary)
/// }
/// Text(change, format: .percent).foregroundStyle(changeStyle)
/// ```
public struct AnyShapeStyle: ShapeStyle {
    /// The wrapped style's shading under an environment.
    let resolve: @Sendable (EnvironmentValues) -> Shading

    /// Wraps a style.
    public init<S: ShapeStyle>(_ style: S) {
        resolve = { style.resolvedShading(in: $0) }
    }
}

extension AnyShapeStyle: ResolvableShapeStyle {
    func shading(in environment: EnvironmentValues) -> Shading { resolve(environment) }
}
