import Raster

/// A way to color a shape's fill or stroke, or text: a ``Color``, a gradient, the current
/// foreground style, or a hierarchical level of it.
///
/// ```swift
/// Circle().fill(.orange)
/// Capsule().stroke(.secondary, lineWidth: 2)
/// Text("72°").foregroundStyle(.linearGradient(colors: [.yellow, .orange],
///                                             startPoint: .top, endPoint: .bottom))
/// ```
///
/// ## Differences from SwiftUI
///
/// You can't write your own styles yet; materials, `AngularGradient` and
/// `EllipticalGradient` are not available yet.
public protocol ShapeStyle: Sendable {}

/// A style WidgetUI knows how to turn into paint.
protocol ResolvableShapeStyle {
    /// The shading this style means under an environment.
    func shading(in environment: EnvironmentValues) -> Shading
}

extension ResolvableShapeStyle {
    /// The shading of the style of this type stored at `address`.
    static func shading(at address: UnsafeRawPointer, in environment: EnvironmentValues)
        -> Shading
    {
        address.assumingMemoryBound(to: Self.self).pointee.shading(in: environment)
    }
}

extension ShapeStyle {
    /// The shading for this style; a style WidgetUI can't resolve draws as the foreground.
    ///
    /// Asks the style's type, not the style, whether it is resolvable, as
    /// ``View/resolve(in:into:)`` does: a cast of the value would box it in an existential.
    func resolvedShading(in environment: EnvironmentValues) -> Shading {
        guard let resolvable = Self.self as? any ResolvableShapeStyle.Type else {
            return environment.foregroundShading
        }
        // The same type, so the address of `self` is that of a `resolvable` value.
        return withUnsafePointer(to: self) { resolvable.shading(at: $0, in: environment) }
    }
}

extension ShapeStyle where Self == Color {
    /// Black.
    public static var black: Color { Color.black }
    /// White.
    public static var white: Color { Color.white }
    /// Fully transparent.
    public static var clear: Color { Color.clear }
    /// System red.
    public static var red: Color { Color.red }
    /// System orange.
    public static var orange: Color { Color.orange }
    /// System yellow.
    public static var yellow: Color { Color.yellow }
    /// System green.
    public static var green: Color { Color.green }
    /// System mint.
    public static var mint: Color { Color.mint }
    /// System teal.
    public static var teal: Color { Color.teal }
    /// System cyan.
    public static var cyan: Color { Color.cyan }
    /// System blue.
    public static var blue: Color { Color.blue }
    /// System indigo.
    public static var indigo: Color { Color.indigo }
    /// System purple.
    public static var purple: Color { Color.purple }
    /// System pink.
    public static var pink: Color { Color.pink }
    /// System brown.
    public static var brown: Color { Color.brown }
    /// System gray.
    public static var gray: Color { Color.gray }
}

extension EnvironmentValues {
    /// The shading `foregroundStyle`/`foregroundColor` set, or the primary label color.
    var foregroundShading: Shading {
        get { self[ForegroundShadingKey.self] ?? .color(.label) }
        set { self[ForegroundShadingKey.self] = newValue }
    }
}

private struct ForegroundShadingKey: EnvironmentKey {
    static let defaultValue: Shading? = nil
}
