import Foundation
import Raster

/// UIKit's color type, for the `Color(.systemGray5)` and `Color(uiColor: .label)` that widget
/// code copies from UIKit-era apps.
///
/// On iOS, `import SwiftUI` brings UIKit, and with it `UIColor`; here it is a plain color
/// value with UIKit's names and their dark-appearance values (StandBy is always dark), so
/// that those lines port unchanged.
///
/// ```swift
/// Color(.secondarySystemBackground)
/// Color(uiColor: .systemGray5)
/// Color(UIColor(red: 0.2, green: 0.6, blue: 1, alpha: 1))
/// ```
///
/// ## Differences from UIKit
///
/// A value, not a class: no dynamic providers, no `resolvedColor(with:)`, no pattern images.
/// The semantic colors are fixed at their dark-appearance values.
public struct UIColor: Hashable, Sendable {
    /// The color as Raster draws it.
    let rgba: RGBA

    init(_ rgba: RGBA) {
        self.rgba = rgba
    }

    /// Creates a color from sRGB components, 0…1.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        rgba = RGBA(red: Float(red), green: Float(green), blue: Float(blue), alpha: Float(alpha))
    }

    /// Creates a gray, from black (0) to white (1).
    public init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// The color with its alpha replaced.
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(RGBA(red: rgba.red, green: rgba.green, blue: rgba.blue, alpha: Float(alpha)))
    }
}

extension UIColor {
    /// Black.
    public static let black = UIColor(.black)
    /// White.
    public static let white = UIColor(.white)
    /// Fully transparent.
    public static let clear = UIColor(.clear)
    /// 50 % gray.
    public static let gray = UIColor(white: 0.5, alpha: 1)
    /// 33 % gray.
    public static let darkGray = UIColor(white: 1.0 / 3, alpha: 1)
    /// 67 % gray.
    public static let lightGray = UIColor(white: 2.0 / 3, alpha: 1)
    /// Pure red.
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    /// Pure green.
    public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    /// Pure blue.
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    /// Cyan.
    public static let cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1)
    /// Yellow.
    public static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
    /// Magenta.
    public static let magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
    /// Orange.
    public static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    /// Purple.
    public static let purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
    /// Brown.
    public static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)

    /// System red (#FF453A).
    public static let systemRed = UIColor(.systemRed)
    /// System orange (#FF9F0A).
    public static let systemOrange = UIColor(.systemOrange)
    /// System yellow (#FFD60A).
    public static let systemYellow = UIColor(.systemYellow)
    /// System green (#30D158).
    public static let systemGreen = UIColor(.systemGreen)
    /// System mint (#63E6E2).
    public static let systemMint = UIColor(.systemMint)
    /// System teal (#40C8E0).
    public static let systemTeal = UIColor(.systemTeal)
    /// System cyan (#64D2FF).
    public static let systemCyan = UIColor(.systemCyan)
    /// System blue (#0A84FF).
    public static let systemBlue = UIColor(.systemBlue)
    /// System indigo (#5E5CE6).
    public static let systemIndigo = UIColor(.systemIndigo)
    /// System purple (#BF5AF2).
    public static let systemPurple = UIColor(.systemPurple)
    /// System pink (#FF375F).
    public static let systemPink = UIColor(.systemPink)
    /// System brown (#AC8E68).
    public static let systemBrown = UIColor(.systemBrown)
    /// System gray (#8E8E93).
    public static let systemGray = UIColor(.systemGray)
    /// System gray 2 (#636366).
    public static let systemGray2 = UIColor(.systemGray2)
    /// System gray 3 (#48484A).
    public static let systemGray3 = UIColor(.systemGray3)
    /// System gray 4 (#3A3A3C).
    public static let systemGray4 = UIColor(.systemGray4)
    /// System gray 5 (#2C2C2E).
    public static let systemGray5 = UIColor(.systemGray5)
    /// System gray 6 (#1C1C1E).
    public static let systemGray6 = UIColor(.systemGray6)

    /// The primary label color (white).
    public static let label = UIColor(.label)
    /// The secondary label color (#EBEBF5 at 60 %).
    public static let secondaryLabel = UIColor(.secondaryLabel)
    /// The tertiary label color (#EBEBF5 at 30 %).
    public static let tertiaryLabel = UIColor(.tertiaryLabel)
    /// The quaternary label color (#EBEBF5 at 16 %).
    public static let quaternaryLabel = UIColor(.quaternaryLabel)
    /// Placeholder text (#EBEBF5 at 30 %).
    public static let placeholderText = UIColor(.tertiaryLabel)
    /// Links (#0984FF).
    public static let link = UIColor(RGBA(hex: 0x0984FF))
    /// Separators (#545458 at 60 %).
    public static let separator = UIColor(.separator)
    /// Opaque separators (#38383A).
    public static let opaqueSeparator = UIColor(RGBA(hex: 0x38383A))

    /// The background of a screen (black).
    public static let systemBackground = UIColor(.black)
    /// The background of grouped content (#1C1C1E).
    public static let secondarySystemBackground = UIColor(RGBA(hex: 0x1C1C1E))
    /// The background of content grouped within grouped content (#2C2C2E).
    public static let tertiarySystemBackground = UIColor(RGBA(hex: 0x2C2C2E))
    /// The background of a grouped list (black).
    public static let systemGroupedBackground = UIColor(.black)
    /// The background of a grouped list's cells (#1C1C1E).
    public static let secondarySystemGroupedBackground = UIColor(RGBA(hex: 0x1C1C1E))
    /// The background of content within a grouped list's cells (#2C2C2E).
    public static let tertiarySystemGroupedBackground = UIColor(RGBA(hex: 0x2C2C2E))

    /// The fill of thin shapes (#787880 at 36 %).
    public static let systemFill = UIColor(FillShapeStyle.levels[0])
    /// The fill of medium shapes (#787880 at 32 %).
    public static let secondarySystemFill = UIColor(FillShapeStyle.levels[1])
    /// The fill of large shapes (#767680 at 24 %).
    public static let tertiarySystemFill = UIColor(FillShapeStyle.levels[2])
    /// The fill of large areas (#767680 at 18 %).
    public static let quaternarySystemFill = UIColor(FillShapeStyle.levels[3])
}

extension Color {
    /// Creates a color from a `UIColor`: `Color(.systemGray5)`.
    public init(_ color: UIColor) {
        self.init(rgba: color.rgba)
    }

    /// Creates a color from a `UIColor`: `Color(uiColor: .secondaryLabel)`.
    public init(uiColor: UIColor) {
        self.init(rgba: uiColor.rgba)
    }
}
