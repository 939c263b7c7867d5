import Foundation
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

    /// Creates a color from components in a color space, 0…1.
    ///
    /// ```swift
    /// Color(.sRGB, red: 0.98, green: 0.9, blue: 0.2, opacity: 1)
    /// ```
    ///
    /// ## Differences from SwiftUI
    ///
    /// The panel shows sRGB: linear components are encoded to sRGB, and Display P3 colors are
    /// converted to sRGB (D65, the same transfer function), those outside sRGB clipped to
    /// its gamut.
    public init(
        _ colorSpace: RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double,
        opacity: Double = 1
    ) {
        switch colorSpace {
        case .sRGB:
            self.init(red: red, green: green, blue: blue, opacity: opacity)
        case .displayP3:
            // Display P3 to linear sRGB, both with D65 white (the primaries' chromaticities of
            // SMPTE EG 432-1 and IEC 61966-2-1); rows sum to 1, so grays stay gray.
            let (r, g, b) = (Self.decoded(red), Self.decoded(green), Self.decoded(blue))
            self.init(
                .sRGBLinear, red: 1.224_940_2 * r - 0.224_940_2 * g,
                green: -0.042_056_95 * r + 1.042_056_95 * g,
                blue: -0.019_637_55 * r - 0.078_636_05 * g + 1.098_273_6 * b, opacity: opacity)
        case .sRGBLinear:
            self.init(
                red: Self.encoded(red), green: Self.encoded(green), blue: Self.encoded(blue),
                opacity: opacity)
        }
    }

    /// Creates a gray in a color space, from black (0) to white (1).
    public init(_ colorSpace: RGBColorSpace = .sRGB, white: Double, opacity: Double = 1) {
        self.init(colorSpace, red: white, green: white, blue: white, opacity: opacity)
    }

    /// Creates a color from hue, saturation and brightness, 0…1 each.
    ///
    /// ```swift
    /// Color(hue: 0.58, saturation: 0.7, brightness: 0.9)   // a sky blue
    /// ```
    public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
        let h = (hue - hue.rounded(.down)) * 6
        let s = min(max(saturation, 0), 1)
        let v = min(max(brightness, 0), 1)
        let sector = Int(h.rounded(.down)) % 6
        let f = h - h.rounded(.down)
        let (p, q, t) = (v * (1 - s), v * (1 - s * f), v * (1 - s * (1 - f)))
        let rgb: (Double, Double, Double) =
            switch sector {
            case 0: (v, t, p)
            case 1: (q, v, p)
            case 2: (p, v, t)
            case 3: (p, q, v)
            case 4: (t, p, v)
            default: (v, p, q)
            }
        self.init(red: rgb.0, green: rgb.1, blue: rgb.2, opacity: opacity)
    }

    /// A gray written in the gamma 2.2 gray space (an asset catalog's `gray-gamma-22`).
    init(grayGamma22 white: Double, opacity: Double) {
        let linear = pow(min(max(white, 0), 1), 2.2)
        self.init(.sRGBLinear, white: linear, opacity: opacity)
    }

    /// An sRGB-encoded component made linear.
    private static func decoded(_ encoded: Double) -> Double {
        let c = min(max(encoded, 0), 1)
        return c <= 0.040_45 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    /// A linear component encoded with the sRGB transfer function.
    private static func encoded(_ linear: Double) -> Double {
        let c = min(max(linear, 0), 1)
        return c <= 0.003_130_8 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055
    }

    /// The color space of a color's components.
    public enum RGBColorSpace: Hashable, Sendable {
        /// sRGB, as displays show it.
        case sRGB
        /// sRGB primaries with linear components.
        case sRGBLinear
        /// Display P3, converted to sRGB.
        case displayP3
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
    /// The accent color controls are tinted with by default: the `AccentColor` of the
    /// program's asset catalogs (as Xcode's template has one), otherwise system blue
    /// (#0A84FF).
    public static var accentColor: Color { programAccentColor ?? .blue }

    /// The program's `AccentColor`, read once.
    private static let programAccentColor = AssetCatalogs.shared.accentColor
}

extension Color: View, PrimitiveView {
    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        nodes.append(ShapeNode(kind: "Color", filling: .color(rgba)))
    }
}

extension Color: ShapeStyle, ResolvableShapeStyle {
    func shading(in environment: EnvironmentValues) -> Shading { .color(rgba) }
}
