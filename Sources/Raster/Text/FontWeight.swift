import CFontconfig

/// The thickness of a typeface's strokes, with SwiftUI's names.
///
/// Each weight maps to a fontconfig weight (`FC_WEIGHT_*`), and fontconfig picks the installed
/// file of the family closest to it: a family with only Book and Bold (DejaVu Sans Mono) answers
/// `.semibold` with Bold.
///
/// ```swift
/// let face = try fonts.face(weight: .semibold)   // Inter-SemiBold.otf
/// ```
///
/// Differences from SwiftUI: Apple's ``ultraLight`` is lighter than ``thin``; so here
/// `.ultraLight` asks for fontconfig's Thin (CSS 100) and `.thin` for Extra Light (CSS 200).
public enum FontWeight: Int, CaseIterable, Hashable, Sendable, Comparable {
    /// The lightest weight (CSS 100, Inter Thin).
    case ultraLight
    /// CSS 200 (Inter Extra Light).
    case thin
    /// CSS 300.
    case light
    /// CSS 400, the body weight. Default for text.
    case regular
    /// CSS 500.
    case medium
    /// CSS 600.
    case semibold
    /// CSS 700.
    case bold
    /// CSS 800 (Inter Extra Bold).
    case heavy
    /// CSS 900, the heaviest.
    case black

    /// The weight as fontconfig's `FC_WEIGHT` scale (0 thin … 210 black).
    var fontconfigWeight: Int32 {
        switch self {
        case .ultraLight: return Int32(FC_WEIGHT_THIN)
        case .thin: return Int32(FC_WEIGHT_EXTRALIGHT)
        case .light: return Int32(FC_WEIGHT_LIGHT)
        case .regular: return Int32(FC_WEIGHT_REGULAR)
        case .medium: return Int32(FC_WEIGHT_MEDIUM)
        case .semibold: return Int32(FC_WEIGHT_DEMIBOLD)
        case .bold: return Int32(FC_WEIGHT_BOLD)
        case .heavy: return Int32(FC_WEIGHT_EXTRABOLD)
        case .black: return Int32(FC_WEIGHT_BLACK)
        }
    }

    /// Orders weights from light to heavy.
    public static func < (a: FontWeight, b: FontWeight) -> Bool { a.rawValue < b.rawValue }
}
