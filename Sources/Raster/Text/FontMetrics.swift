/// A face's vertical metrics at one size, in the units of that size (pixels, or points when the
/// size is given in points).
///
/// Ascent and descent come from the face's `hhea` (or `OS/2` typo metrics when the font asks for
/// them, as FreeType decides); cap height and x-height from `OS/2` (version ≥ 2), else from the
/// outlines of "H" and "x".
///
/// ```swift
/// let m = face.metrics(size: 34)
/// let firstBaseline = m.ascent   // from the top of a line box
/// ```
public struct FontMetrics: Hashable, Sendable {
    /// Distance from the baseline up to the top of the line box (positive).
    public var ascent: Double
    /// Distance from the baseline down to the bottom of the line box (positive).
    public var descent: Double
    /// Extra space the font asks for between lines (`hhea` line gap).
    public var leading: Double
    /// Height of capital letters above the baseline.
    public var capHeight: Double
    /// Height of lowercase letters such as "x" above the baseline.
    public var xHeight: Double

    /// All zero: the metrics of text without runs.
    static let zero = FontMetrics(ascent: 0, descent: 0, leading: 0, capHeight: 0, xHeight: 0)

    /// Creates metrics from their parts.
    public init(
        ascent: Double, descent: Double, leading: Double, capHeight: Double, xHeight: Double
    ) {
        self.ascent = ascent
        self.descent = descent
        self.leading = leading
        self.capHeight = capHeight
        self.xHeight = xHeight
    }

    /// Baseline-to-baseline distance: ascent + descent + leading.
    public var lineHeight: Double { ascent + descent + leading }

    /// The metrics multiplied by `factor` (a change of size or of units).
    public func scaled(by factor: Double) -> FontMetrics {
        FontMetrics(
            ascent: ascent * factor, descent: descent * factor, leading: leading * factor,
            capHeight: capHeight * factor, xHeight: xHeight * factor)
    }
}
