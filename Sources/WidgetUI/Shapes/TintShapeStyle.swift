/// The tint of the environment: what `tint(_:)` set, else the accent color.
///
/// ```swift
/// HStack {
///     Image(systemName: "bus.fill")
///     Text("Main St")
/// }
/// .foregroundStyle(.tint)
/// ```
public struct TintShapeStyle: ShapeStyle {
    /// Creates the tint style.
    public init() {}
}

extension TintShapeStyle: ResolvableShapeStyle {
    func shading(in environment: EnvironmentValues) -> Shading { environment.tint }
}

extension ShapeStyle where Self == TintShapeStyle {
    /// The environment's tint: what `tint(_:)` set, else the accent color.
    public static var tint: TintShapeStyle { TintShapeStyle() }
}
