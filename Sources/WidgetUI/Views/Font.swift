import Raster

/// A font for text: a size, a weight and a design, or one of the text styles.
///
/// ```swift
/// Text("10:09").font(.system(size: 48, weight: .bold, design: .rounded))
/// Text("Cupertino").font(.headline)
/// ```
///
/// ## Differences from SwiftUI
///
/// Text styles have fixed sizes (iOS's Large Dynamic Type sizes); there is no Dynamic Type.
/// Faces come from fontconfig: Inter by default, a rounded family for `.rounded`, DejaVu for
/// `.monospaced` and `.serif`.
public struct Font: Hashable, Sendable {
    /// The point size.
    var size: Double
    /// The weight, or `nil` for the weight the environment asks for (else regular).
    var weight: FontWeight?
    /// The family design.
    var design: FontDesign

    /// A font's weight, from ultra-light to black.
    public typealias Weight = FontWeight
    /// A font's family design: default, rounded, monospaced or serif.
    public typealias Design = FontDesign

    /// The system font at a size, weight and design.
    public static func system(
        size: Double, weight: Weight? = nil, design: Design? = nil
    ) -> Font {
        Font(size: size, weight: weight, design: design ?? .default)
    }

    /// This font at another weight.
    public func weight(_ weight: Weight) -> Font {
        var font = self
        font.weight = weight
        return font
    }

    /// This font in bold.
    public func bold() -> Font { weight(.bold) }

    /// 34 points.
    public static let largeTitle = Font.system(size: 34)
    /// 28 points.
    public static let title = Font.system(size: 28)
    /// 22 points.
    public static let title2 = Font.system(size: 22)
    /// 20 points.
    public static let title3 = Font.system(size: 20)
    /// 17 points, semibold.
    public static let headline = Font.system(size: 17, weight: .semibold)
    /// 17 points; the default.
    public static let body = Font.system(size: 17)
    /// 16 points.
    public static let callout = Font.system(size: 16)
    /// 15 points.
    public static let subheadline = Font.system(size: 15)
    /// 13 points.
    public static let footnote = Font.system(size: 13)
    /// 12 points.
    public static let caption = Font.system(size: 12)
    /// 11 points.
    public static let caption2 = Font.system(size: 11)
}
