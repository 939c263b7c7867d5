import Raster

/// A font for text: a size, a weight and a design, or one of the text styles.
///
/// ```swift
/// Text("10:09").font(.system(size: 48, weight: .bold, design: .rounded))
/// Text("Cupertino").font(.headline)
/// Text("72").font(.system(.largeTitle, design: .rounded, weight: .semibold))
/// Text("00:42").font(.title.monospacedDigit())
/// ```
///
/// ## Differences from SwiftUI
///
/// Text styles have fixed sizes (iOS's Large Dynamic Type sizes); there is no Dynamic Type.
/// Faces come from fontconfig: Inter by default, a rounded family for `.rounded`, DejaVu for
/// `.monospaced` and `.serif`, or an installed family by name with ``custom(_:size:)``.
public struct Font: Hashable, Sendable {
    /// The point size.
    var size: Double
    /// A fontconfig family name, or `nil` for the design's family.
    var family: String?
    /// The weight, or `nil` for the weight the environment asks for (else regular).
    var weight: FontWeight?
    /// The family design, or `nil` for the one `fontDesign(_:)` asks for (else default).
    var design: FontDesign?
    /// Whether the font is italic.
    var isItalic = false
    /// Whether digits take equal widths.
    var hasMonospacedDigits = false
    /// Whether lowercase letters show as small capitals.
    var smallCapsLowercase = false
    /// Whether capitals show as small capitals.
    var smallCapsUppercase = false

    /// A font's weight, from ultra-light to black.
    public typealias Weight = FontWeight
    /// A font's family design: default, rounded, monospaced or serif.
    public typealias Design = FontDesign

    /// The system font at a size, weight and design.
    ///
    /// ```swift
    /// Text("10:09").font(.system(size: 60, weight: .bold, design: .rounded))
    /// ```
    public static func system(
        size: Double, weight: Weight? = nil, design: Design? = nil
    ) -> Font {
        Font(size: size, weight: weight, design: design)
    }

    /// A font of an installed family, by its fontconfig family name, at a size.
    ///
    /// The weight comes from `weight(_:)`, `bold()` or the environment, as for the system
    /// font; the family's closest face is used.
    ///
    /// ```swift
    /// Text("10:09").font(.custom("DejaVu Sans", size: 46).bold())
    /// ```
    ///
    /// ## Differences from SwiftUI
    ///
    /// The name is a family name as `fc-list : family` prints it, not a PostScript name, and
    /// the size does not scale with Dynamic Type. A family that is not installed falls back to
    /// Inter, with a warning in the log.
    public static func custom(_ name: String, size: Double) -> Font {
        Font(size: size, family: name)
    }

    /// The system font of a text style, optionally in another design or weight.
    ///
    /// ```swift
    /// Text("72°").font(.system(.largeTitle, design: .rounded, weight: .bold))
    /// ```
    public static func system(
        _ style: TextStyle, design: Design? = nil, weight: Weight? = nil
    ) -> Font {
        Font(size: style.size, weight: weight ?? style.weight, design: design)
    }

    /// This font at another weight.
    public func weight(_ weight: Weight) -> Font {
        var font = self
        font.weight = weight
        return font
    }

    /// This font in bold.
    public func bold() -> Font { weight(.bold) }

    /// This font in italic.
    public func italic() -> Font {
        var font = self
        font.isItalic = true
        return font
    }

    /// This font with digits of equal widths, so that changing numbers keep their width.
    ///
    /// ```swift
    /// Text(timerInterval: start...end).font(.title.monospacedDigit())
    /// ```
    public func monospacedDigit() -> Font {
        var font = self
        font.hasMonospacedDigits = true
        return font
    }

    /// This font with every letter a small capital: capitals as tall as lowercase letters.
    ///
    /// ```swift
    /// Text("Quote of the Day").font(.caption2.smallCaps())
    /// ```
    ///
    /// ## Differences from SwiftUI
    ///
    /// Without OpenType features, small capitals are capitals scaled by the face's x-height
    /// over its cap height, the way browsers synthesize them.
    public func smallCaps() -> Font {
        var font = self
        font.smallCapsLowercase = true
        font.smallCapsUppercase = true
        return font
    }

    /// This font with lowercase letters as small capitals; capitals stay.
    public func lowercaseSmallCaps() -> Font {
        var font = self
        font.smallCapsLowercase = true
        return font
    }

    /// This font with capitals as small capitals; lowercase letters stay.
    public func uppercaseSmallCaps() -> Font {
        var font = self
        font.smallCapsUppercase = true
        return font
    }

    /// This font in the fixed-width design.
    public func monospaced() -> Font {
        var font = self
        font.design = .monospaced
        return font
    }

    /// 34 points.
    public static let largeTitle = Font.system(.largeTitle)
    /// 28 points.
    public static let title = Font.system(.title)
    /// 22 points.
    public static let title2 = Font.system(.title2)
    /// 20 points.
    public static let title3 = Font.system(.title3)
    /// 17 points, semibold.
    public static let headline = Font.system(.headline)
    /// 15 points.
    public static let subheadline = Font.system(.subheadline)
    /// 17 points; the default.
    public static let body = Font.system(.body)
    /// 16 points.
    public static let callout = Font.system(.callout)
    /// 13 points.
    public static let footnote = Font.system(.footnote)
    /// 12 points.
    public static let caption = Font.system(.caption)
    /// 11 points.
    public static let caption2 = Font.system(.caption2)
}

extension Font {
    /// The text styles, from the large title to the second caption, with iOS's sizes and weights
    /// at the default ("Large") Dynamic Type size.
    ///
    /// ```swift
    /// Text("Sunny").font(.system(.subheadline, design: .rounded))
    /// ```
    public enum TextStyle: Hashable, Sendable, CaseIterable {
        /// 34 points, regular.
        case largeTitle
        /// 28 points, regular.
        case title
        /// 22 points, regular.
        case title2
        /// 20 points, regular.
        case title3
        /// 17 points, semibold.
        case headline
        /// 15 points, regular.
        case subheadline
        /// 17 points, regular.
        case body
        /// 16 points, regular.
        case callout
        /// 13 points, regular.
        case footnote
        /// 12 points, regular.
        case caption
        /// 11 points, regular.
        case caption2

        /// The point size.
        var size: Double {
            switch self {
            case .largeTitle: 34
            case .title: 28
            case .title2: 22
            case .title3: 20
            case .headline, .body: 17
            case .callout: 16
            case .subheadline: 15
            case .footnote: 13
            case .caption: 12
            case .caption2: 11
            }
        }

        /// The weight, when not regular.
        var weight: FontWeight? { self == .headline ? .semibold : nil }
    }
}
