/// A typeface style, with SwiftUI's names, mapped to families installed on Debian.
///
/// | design | family | Debian package |
/// | --- | --- | --- |
/// | `.default` | Inter | fonts-inter |
/// | `.rounded` | the first installed of ``roundedFamilies`` (Quicksand, Comfortaa, …), else Inter with a warning | fonts-quicksand |
/// | `.monospaced` | DejaVu Sans Mono | fonts-dejavu-core |
/// | `.serif` | DejaVu Serif | fonts-dejavu-core |
///
/// ```swift
/// let clock = try fonts.face(weight: .bold, design: .rounded)
/// ```
///
/// Differences from SwiftUI: the faces are free stand-ins for SF Pro, SF Pro Rounded, SF Mono
/// and New York; metrics and widths differ from Apple's.
public enum FontDesign: Hashable, Sendable, CaseIterable {
    /// The system sans serif (Inter). Default.
    case `default`
    /// A rounded sans serif, where one is installed.
    case rounded
    /// A fixed-pitch face (DejaVu Sans Mono).
    case monospaced
    /// A serif face (DejaVu Serif).
    case serif

    /// Rounded families tried in order for ``rounded``; fonts-quicksand and fonts-comfortaa are
    /// in Debian's main archive.
    public static let roundedFamilies = [
        "Quicksand", "Comfortaa", "Nunito", "M PLUS Rounded 1c", "Varela Round",
    ]

    /// The families to try for this design, best first.
    var families: [String] {
        switch self {
        case .default: return ["Inter"]
        case .rounded: return Self.roundedFamilies
        case .monospaced: return ["DejaVu Sans Mono"]
        case .serif: return ["DejaVu Serif"]
        }
    }
}
