import Raster

/// A color, usable as a view that fills the space offered, or as a ``ShapeStyle``.
///
/// The named colors are iOS's dark-mode system colors, the palette StandBy draws with;
/// `primary` and `secondary` are the label colors.
///
/// ```swift
/// ZStack {
///     Color.black
///     Circle().fill(Color.orange.opacity(0.8))
///     Text("Hi").foregroundColor(.secondary)
/// }
/// ```
///
/// As a view, a color takes whatever size is proposed (10 points for an unspecified side).
///
/// ## Differences from SwiftUI
///
/// Colors are fixed dark-mode sRGB values; they don't adapt to a color scheme.
public struct Color: Hashable, Sendable {
    /// The color as Raster draws it.
    let rgba: RGBA

    init(rgba: RGBA) {
        self.rgba = rgba
    }

    /// Creates a color from sRGB components, 0…1.
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        rgba = RGBA(red: Float(red), green: Float(green), blue: Float(blue), alpha: Float(opacity))
    }

    /// Creates a gray, from black (0) to white (1).
    public init(white: Double, opacity: Double = 1) {
        self.init(red: white, green: white, blue: white, opacity: opacity)
    }

    /// This color with its opacity multiplied by `opacity`, 0…1.
    ///
    /// ```swift
    /// Color.white.opacity(0.2)
    /// ```
    public func opacity(_ opacity: Double) -> Color {
        Color(rgba: rgba.opacity(Float(opacity)))
    }
}

extension Color {
    /// Black.
    public static let black = Color(rgba: .black)
    /// White.
    public static let white = Color(rgba: .white)
    /// Fully transparent.
    public static let clear = Color(rgba: .clear)
    /// System red (#FF453A).
    public static let red = Color(rgba: .systemRed)
    /// System orange (#FF9F0A).
    public static let orange = Color(rgba: .systemOrange)
    /// System yellow (#FFD60A).
    public static let yellow = Color(rgba: .systemYellow)
    /// System green (#30D158).
    public static let green = Color(rgba: .systemGreen)
    /// System mint (#63E6E2).
    public static let mint = Color(rgba: .systemMint)
    /// System teal (#40C8E0).
    public static let teal = Color(rgba: .systemTeal)
    /// System cyan (#64D2FF).
    public static let cyan = Color(rgba: .systemCyan)
    /// System blue (#0A84FF).
    public static let blue = Color(rgba: .systemBlue)
    /// System indigo (#5E5CE6).
    public static let indigo = Color(rgba: .systemIndigo)
    /// System purple (#BF5AF2).
    public static let purple = Color(rgba: .systemPurple)
    /// System pink (#FF375F).
    public static let pink = Color(rgba: .systemPink)
    /// System brown (#AC8E68).
    public static let brown = Color(rgba: .systemBrown)
    /// System gray (#8E8E93).
    public static let gray = Color(rgba: .systemGray)
    /// The primary label color (white).
    public static let primary = Color(rgba: .label)
    /// The secondary label color (#EBEBF5 at 60 %).
    public static let secondary = Color(rgba: .secondaryLabel)
    /// The accent color controls are tinted with by default: system blue (#0A84FF).
    public static let accentColor = Color.blue
}

extension Color: View, PrimitiveView {
    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        nodes.append(ShapeNode(kind: "Color", filling: .color(rgba)))
    }
}

extension Color: ShapeStyle, ResolvableShapeStyle {
    func shading(in environment: EnvironmentValues) -> Shading { .color(rgba) }
}
