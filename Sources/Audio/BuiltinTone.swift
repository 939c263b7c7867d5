import Glibc

/// The sounds that ship with the program, synthesized (no file ships with them): what an
/// alarm plays without a file (`[[alarm]] tone`), or when its file cannot be played.
///
/// - `chime`: a soft two-note chime, E5 then C5 half a second apart, every two seconds;
/// - `beep`: an alarm clock's four short 1 kHz beeps, every 1.4 seconds;
/// - `bell`: one low struck bell (A3, with a bell's inharmonic partials), every three seconds.
///
/// Each strike has an attack of 5 ms against clicks and an exponential decay; its higher
/// partials die away sooner, as a struck bar's do. ``samples`` is one period, mono, peak 0.9,
/// so a player loops it without a seam.
public enum BuiltinTone: String, CaseIterable, Sendable {
    /// Two bell-like notes.
    case chime
    /// Four short beeps.
    case beep
    /// One low bell.
    case bell

    /// The rate the tones are made at.
    public static let rate = 48_000

    /// A tone's recipe: its period, its strikes (pitch in Hz, start in s), its partials
    /// (ratio to the pitch, level), how fast a strike decays (per second), and how long a
    /// strike sounds (nil: until the period ends).
    struct Recipe {
        let period: Double
        let notes: [(pitch: Double, start: Double)]
        let partials: [(ratio: Double, level: Double)]
        let decay: Double
        let length: Double?
    }

    /// The recipe of this tone.
    var recipe: Recipe {
        switch self {
        case .chime:
            Recipe(
                period: 2, notes: [(659.26, 0), (523.25, 0.5)],
                partials: [(1, 1), (2, 0.3), (3, 0.12)], decay: 2.5, length: nil)
        case .beep:
            Recipe(
                period: 1.4, notes: [(1000, 0), (1000, 0.2), (1000, 0.4), (1000, 0.6)],
                partials: [(1, 1), (3, 0.15)], decay: 0, length: 0.1)
        case .bell:
            Recipe(
                period: 3, notes: [(220, 0)], partials: [(1, 1), (2.76, 0.45), (5.4, 0.2)],
                decay: 1.2, length: nil)
        }
    }

    /// The length of one period, in seconds.
    public var periodSeconds: Double { recipe.period }

    /// The strikes' pitches (Hz) and start times (s) within the period.
    public var notes: [(pitch: Double, start: Double)] { recipe.notes }

    /// One period, `rate × periodSeconds` samples in −0.9…0.9.
    public var samples: [Float] {
        switch self {
        case .chime: Self.chimeSamples
        case .beep: Self.beepSamples
        case .bell: Self.bellSamples
        }
    }

    private static let chimeSamples = synthesize(BuiltinTone.chime.recipe)
    private static let beepSamples = synthesize(BuiltinTone.beep.recipe)
    private static let bellSamples = synthesize(BuiltinTone.bell.recipe)

    private static func synthesize(_ recipe: Recipe) -> [Float] {
        let count = Int(Double(rate) * recipe.period)
        var out = [Double](repeating: 0, count: count)
        for note in recipe.notes {
            let first = Int(note.start * Double(rate))
            let last = recipe.length.map { min(count, first + Int($0 * Double(rate))) } ?? count
            for index in first..<last {
                let t = Double(index - first) / Double(rate)
                var envelope = min(t / 0.005, 1) * exp(-t * recipe.decay)
                if let length = recipe.length {
                    // A beep ends as gently as it starts.
                    envelope *= min((length - t) / 0.005, 1)
                }
                var value = 0.0
                for partial in recipe.partials {
                    let level: Double = partial.level * exp(-t * partial.ratio * recipe.decay / 2.5)
                    let phase: Double = 2 * Double.pi * note.pitch * partial.ratio * t
                    value += level * sin(phase)
                }
                out[index] += value * envelope
            }
        }
        let peak = out.reduce(0) { max($0, abs($1)) }
        let scale = peak > 0 ? 0.9 / peak : 0
        return out.map { Float($0 * scale) }
    }
}
