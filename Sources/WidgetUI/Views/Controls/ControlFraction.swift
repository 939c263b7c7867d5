import Raster

/// How far a value lies through a range, as gauges and progress views draw it: 0…1.
///
/// Values below or above the range clamp to its ends; a value or range that isn't finite, or
/// an empty range, draws as the minimum (0) rather than failing.
func controlFraction(_ value: Double, lower: Double, upper: Double) -> Double {
    let span = upper - lower
    guard value.isFinite, lower.isFinite, span.isFinite, span > 0 else { return 0 }
    return min(max((value - lower) / span, 0), 1)
}

extension RGBA {
    /// `systemFill`, dark: #787880 at 36 %, the track of progress bars and capacity gauges.
    static let systemFill = RGBA(hex: 0x7878_80, alpha: 0.36)
}
