/// What went wrong with a sound, in words for the log and `status`.
public enum SoundError: Error, Equatable, Sendable, CustomStringConvertible {
    /// libasound or libsndfile could not be loaded (the package is not installed).
    case library(String)
    /// The PCM device does not exist (no such card, an unknown name).
    case deviceMissing(device: String, reason: String)
    /// The PCM device is open in another program.
    case deviceBusy(device: String)
    /// The device refused the format, or failed while playing.
    case device(device: String, reason: String)
    /// The file could not be played: missing, not a regular file, not a format libsndfile
    /// reads, out of range, or empty.
    case badFile(path: String, reason: String)

    /// One line: what failed and why.
    public var description: String {
        switch self {
        case .library(let reason): "sound: \(reason)"
        case .deviceMissing(let device, let reason):
            "sound: no audio device \"\(device)\" (\(reason)); `nightstand sounds` lists them"
        case .deviceBusy(let device):
            "sound: audio device \"\(device)\" is busy (another program has it open)"
        case .device(let device, let reason): "sound: audio device \"\(device)\": \(reason)"
        case .badFile(let path, let reason): "sound: \(path): \(reason)"
        }
    }
}

/// What a ``SoundPlayer`` reports, on its own thread: the host posts it to its loop.
public enum SoundEvent: Equatable, Sendable {
    /// Sound is going out: the device and what plays (a file's path or `tone`).
    case playing(device: String, source: String)
    /// The file could not be played; the built-in tone plays instead.
    case fellBack(SoundError)
    /// Nothing plays: the device or the library failed.
    case failed(SoundError)
    /// Playing ended after ``SoundPlayer/stop()``.
    case stopped
}

/// What to play: a file or a built-in tone, how loud, and how long it takes to rise.
public struct SoundRequest: Equatable, Sendable {
    /// A WAV, FLAC, Ogg/Vorbis or MP3 file; nil plays ``tone``.
    public var file: String?
    /// The built-in tone: played without a file, and when the file cannot be.
    public var tone: BuiltinTone
    /// The gain at the end of the fade.
    public var fade: FadeIn

    /// `file` (nil: `tone`) rising from silent to `volume` (0…1) over `fadeIn` seconds.
    public init(file: String?, tone: BuiltinTone = .chime, volume: Double, fadeIn: Double) {
        self.file = file
        self.tone = tone
        self.fade = FadeIn(volume: volume, seconds: fadeIn)
    }
}
