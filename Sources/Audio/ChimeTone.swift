import Glibc

/// The built-in alarm sound: a soft two-note chime, synthesized (no file ships with it).
///
/// Each strike is a bell-like note: a sine at the pitch with two quieter partials above it
/// (2× and 3×, as a struck bar rings), an attack of 5 ms against clicks and an exponential
/// decay. The notes are E5 then C5, half a second apart, and the pattern repeats every two
/// seconds. ``samples`` is one period, mono, peak 0.9, so a player loops it without a seam.
public enum ChimeTone {
    /// The rate the tone is made at.
    public static let rate = 48_000
    /// The length of one pattern.
    public static let periodSeconds = 2.0
    /// The notes' pitches (Hz) and start times (s) within the period.
    public static let notes: [(pitch: Double, start: Double)] = [(659.26, 0), (523.25, 0.5)]

    /// One period of the chime, `rate × periodSeconds` samples in −0.9…0.9.
    public static let samples: [Float] = synthesize()

    private static func synthesize() -> [Float] {
        let count = Int(Double(rate) * periodSeconds)
        var out = [Double](repeating: 0, count: count)
        let partials: [(ratio: Double, level: Double)] = [(1, 1), (2, 0.3), (3, 0.12)]
        for note in notes {
            let first = Int(note.start * Double(rate))
            for index in first..<count {
                let t = Double(index - first) / Double(rate)
                let attack = min(t / 0.005, 1)
                let decay = exp(-t * 2.5)
                var value = 0.0
                for partial in partials {
                    // Higher partials die away sooner, as a bell's do.
                    let level: Double = partial.level * exp(-t * partial.ratio)
                    let phase: Double = 2 * Double.pi * note.pitch * partial.ratio * t
                    value += level * sin(phase)
                }
                out[index] += value * attack * decay
            }
        }
        let peak = out.reduce(0) { max($0, abs($1)) }
        let scale = peak > 0 ? 0.9 / peak : 0
        return out.map { Float($0 * scale) }
    }
}
