import Raster

/// How large a symbol is in the environment's font, and where its text baseline goes.
///
/// Material Icons are drawn on a 24-unit square whose middle 20 units hold the icon (Google's
/// "live area"). The square is `1.2 ×` the font's point size, so the live area is exactly as
/// tall as the font size: a 17-point body symbol is a 20.4-point square with about 17 points
/// of ink, close to an SF Symbol at the same size. ``Image/Scale`` multiplies it by 0.783
/// (small) or 1.29 (large), SF Symbols' ratios between scales.
///
/// As SF Symbols do, a symbol centers on the capitals of the text beside it: its baseline is
/// half its height plus half the font's cap height below its top, so `firstTextBaseline`
/// alignment puts the symbol's middle on the middle of the capitals.
struct SymbolMetrics {
    /// The symbol's square, in points.
    let box: Size
    /// The text baseline's distance from the top of the square.
    let baseline: Double
    /// The cap height of the environment's font, in points.
    let capHeight: Double

    /// The square's side per point of font size, at the medium scale.
    static let boxPerPoint = 1.2

    init(_ environment: EnvironmentValues) {
        let font = environment.font ?? .body
        let factor =
            switch environment.imageScale {
            case .small: 0.783
            case .medium: 1.0
            case .large: 1.29
            }
        let side = font.size * Self.boxPerPoint * factor
        let weight = environment.fontWeight ?? font.weight ?? .regular
        let design = font.design ?? environment.fontDesign ?? .default
        let face = try? environment.fontDatabase?.face(weight: weight, design: design)
        capHeight = face?.metrics(size: font.size).capHeight ?? font.size * 0.7
        box = Size(width: side, height: side)
        baseline = Self.capCenteredBaseline(height: side, capHeight: capHeight)
    }

    /// The baseline that puts the middle of a view `height` tall on the middle of capitals
    /// `capHeight` tall.
    static func capCenteredBaseline(height: Double, capHeight: Double) -> Double {
        (height + capHeight) / 2
    }
}
