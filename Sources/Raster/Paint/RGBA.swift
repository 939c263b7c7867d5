/// An sRGB color with straight (non-premultiplied) alpha, components in 0…1.
///
/// This is the color type of the drawing API. Pixels in a ``Canvas`` are premultiplied and
/// packed (see ``PremultipliedPixel``); the conversion happens once per paint, never per pixel.
///
/// ```swift
/// let tile = RGBA(hex: 0x1C1C1E)
/// let label = RGBA.secondaryLabel          // #EBEBF5 at 60 %
/// let faded = RGBA.systemRed.opacity(0.5)
/// ```
public struct RGBA: Hashable, Sendable {
    /// Red, 0…1 (sRGB, gamma-encoded).
    public var red: Float
    /// Green, 0…1.
    public var green: Float
    /// Blue, 0…1.
    public var blue: Float
    /// Alpha, 0 (transparent) … 1 (opaque).
    ///
    /// Default: 1.
    public var alpha: Float

    /// Creates a color from components in 0…1; values outside are clamped.
    public init(red: Float, green: Float, blue: Float, alpha: Float = 1) {
        self.red = min(max(red, 0), 1)
        self.green = min(max(green, 0), 1)
        self.blue = min(max(blue, 0), 1)
        self.alpha = min(max(alpha, 0), 1)
    }

    /// Creates a color from 8-bit components.
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.init(
            red: Float(r) / 255, green: Float(g) / 255, blue: Float(b) / 255, alpha: Float(a) / 255)
    }

    /// Creates a color from `0xRRGGBB`, with a separate alpha.
    public init(hex: UInt32, alpha: Float = 1) {
        self.init(
            red: Float((hex >> 16) & 0xFF) / 255, green: Float((hex >> 8) & 0xFF) / 255,
            blue: Float(hex & 0xFF) / 255, alpha: alpha)
    }

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA` (the `#` is optional); nil for anything else.
    public init?(hexString: String) {
        var s = Substring(hexString)
        if s.hasPrefix("#") { s = s.dropFirst() }
        guard s.allSatisfy(\.isHexDigit), let v = UInt32(s, radix: 16) else { return nil }
        switch s.count {
        case 3:
            let r = (v >> 8) & 0xF
            let g = (v >> 4) & 0xF
            let b = v & 0xF
            self.init(hex: (r * 17) << 16 | (g * 17) << 8 | b * 17)
        case 6: self.init(hex: v)
        case 8: self.init(hex: v >> 8, alpha: Float(v & 0xFF) / 255)
        default: return nil
        }
    }

    /// The same color with its alpha multiplied by `opacity`.
    public func opacity(_ opacity: Float) -> RGBA {
        RGBA(red: red, green: green, blue: blue, alpha: alpha * opacity)
    }

    /// BT.709 luma of the gamma-encoded components: 0.2126 R + 0.7152 G + 0.0722 B.
    public var luma: Float { 0.2126 * red + 0.7152 * green + 0.0722 * blue }

    /// The color premultiplied and packed as a canvas pixel.
    public var premultiplied: PremultipliedPixel {
        let a = alpha * 255
        return PremultipliedPixel(
            r: UInt8((red * a).rounded()), g: UInt8((green * a).rounded()),
            b: UInt8((blue * a).rounded()), a: UInt8(a.rounded()))
    }

    /// Linear interpolation between two colors (t = 0 gives `self`), component-wise.
    public func lerp(to other: RGBA, _ t: Float) -> RGBA {
        RGBA(
            red: red + (other.red - red) * t, green: green + (other.green - green) * t,
            blue: blue + (other.blue - blue) * t, alpha: alpha + (other.alpha - alpha) * t)
    }
}

// MARK: - The iOS system palette (dark-mode values)

extension RGBA {
    /// Transparent black.
    public static let clear = RGBA(red: 0, green: 0, blue: 0, alpha: 0)
    /// Opaque black, the StandBy background.
    public static let black = RGBA(hex: 0x000000)
    /// Opaque white.
    public static let white = RGBA(hex: 0xFFFFFF)
    /// `systemRed`, dark: #FF453A.
    public static let systemRed = RGBA(hex: 0xFF453A)
    /// `systemOrange`, dark: #FF9F0A.
    public static let systemOrange = RGBA(hex: 0xFF9F0A)
    /// `systemYellow`, dark: #FFD60A.
    public static let systemYellow = RGBA(hex: 0xFFD60A)
    /// `systemGreen`, dark: #30D158.
    public static let systemGreen = RGBA(hex: 0x30D158)
    /// `systemMint`, dark: #63E6E2.
    public static let systemMint = RGBA(hex: 0x63E6E2)
    /// `systemTeal`, dark: #40C8E0.
    public static let systemTeal = RGBA(hex: 0x40C8E0)
    /// `systemCyan`, dark: #64D2FF.
    public static let systemCyan = RGBA(hex: 0x64D2FF)
    /// `systemBlue`, dark: #0A84FF.
    public static let systemBlue = RGBA(hex: 0x0A84FF)
    /// `systemIndigo`, dark: #5E5CE6.
    public static let systemIndigo = RGBA(hex: 0x5E5CE6)
    /// `systemPurple`, dark: #BF5AF2.
    public static let systemPurple = RGBA(hex: 0xBF5AF2)
    /// `systemPink`, dark: #FF375F.
    public static let systemPink = RGBA(hex: 0xFF375F)
    /// `systemBrown`, dark: #AC8E68.
    public static let systemBrown = RGBA(hex: 0xAC8E68)
    /// `systemGray`, dark: #8E8E93.
    public static let systemGray = RGBA(hex: 0x8E8E93)
    /// `systemGray2`, dark: #636366.
    public static let systemGray2 = RGBA(hex: 0x636366)
    /// `systemGray3`, dark: #48484A.
    public static let systemGray3 = RGBA(hex: 0x48484A)
    /// `systemGray4`, dark: #3A3A3C.
    public static let systemGray4 = RGBA(hex: 0x3A3A3C)
    /// `systemGray5`, dark: #2C2C2E.
    public static let systemGray5 = RGBA(hex: 0x2C2C2E)
    /// `systemGray6`, dark: #1C1C1E (the widget tile color).
    public static let systemGray6 = RGBA(hex: 0x1C1C1E)
    /// `label`, dark: white.
    public static let label = RGBA(hex: 0xFFFFFF)
    /// `secondaryLabel`, dark: #EBEBF5 at 60 %.
    public static let secondaryLabel = RGBA(hex: 0xEBEBF5, alpha: 0.6)
    /// `tertiaryLabel`, dark: #EBEBF5 at 30 %.
    public static let tertiaryLabel = RGBA(hex: 0xEBEBF5, alpha: 0.3)
    /// `quaternaryLabel`, dark: #EBEBF5 at 16 %.
    public static let quaternaryLabel = RGBA(hex: 0xEBEBF5, alpha: 0.16)
    /// `separator`, dark: #545458 at 60 %.
    public static let separator = RGBA(hex: 0x545458, alpha: 0.6)
}
