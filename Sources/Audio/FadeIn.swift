/// The gain of a sound that rises from silent to its volume: `volume × (t / seconds)²`.
///
/// The square makes the steps sound even: loudness follows amplitude roughly as a power law,
/// so a straight line in amplitude would jump from silent to loud in its first seconds and
/// then barely change. Halfway through the fade the gain is a quarter of the volume (−12 dB).
///
/// ```swift
/// let fade = FadeIn(volume: 0.8, seconds: 60)
/// fade.gain(atFrame: 48_000 * 30, rate: 48_000)  // 0.2
/// ```
public struct FadeIn: Equatable, Sendable {
    /// The gain at the end of the fade, 0…1.
    public let volume: Double
    /// How long the rise takes; 0 starts at `volume`.
    public let seconds: Double

    /// A fade to `volume` (clamped to 0…1) over `seconds` (negative reads as 0).
    public init(volume: Double, seconds: Double) {
        self.volume = volume.isFinite ? min(max(volume, 0), 1) : 0
        self.seconds = seconds.isFinite ? max(seconds, 0) : 0
    }

    /// The gain `frame` frames after the start at `rate` frames a second.
    public func gain(atFrame frame: Int, rate: Int) -> Double {
        guard seconds > 0, rate > 0 else { return volume }
        let progress = Double(frame) / (Double(rate) * seconds)
        guard progress < 1 else { return volume }
        let rising = max(progress, 0)
        return volume * rising * rising
    }
}
