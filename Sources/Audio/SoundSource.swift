import CAudio
import Glibc
import SystemSupport

/// Samples to play, looped: interleaved floats in −1…1 at ``rate`` with ``channels`` (1 or 2).
protocol SoundSource: AnyObject {
    var rate: Int { get }
    var channels: Int { get }
    /// Fills `buffer` with up to `frames` frames from the loop; the count written (> 0).
    func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) throws(SoundError) -> Int
}

/// A ``BuiltinTone`` looped.
final class ToneSource: SoundSource {
    let rate = BuiltinTone.rate
    let channels = 1
    private let samples: [Float]
    private var position = 0

    init(_ tone: BuiltinTone) {
        samples = tone.samples
    }

    func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        let count = min(frames, samples.count - position)
        for index in 0..<count { buffer[index] = samples[position + index] }
        position = (position + count) % samples.count
        return count
    }
}

/// A file decoded by libsndfile, looped; more than two channels are mixed down to two.
final class FileSource: SoundSource {
    /// The rates and channel counts accepted from a file's header.
    static let rates = 8_000...192_000
    static let channelCounts = 1...8
    /// The largest file accepted: an hour of CD-quality WAV.
    static let sizeLimit = 640 * 1024 * 1024

    let path: String
    let rate: Int
    let channels: Int
    private let fileChannels: Int
    private var file: OpaquePointer
    private var scratch: [Float]
    private var framesThisPass = 0

    /// Opens and checks `path`: a regular file (``BoundedFile``: a FIFO would block the open), a format
    /// libsndfile reads, a rate and channel count in range.
    init(path: String) throws(SoundError) {
        self.path = path
        if case .failure(let error) = BoundedFile.check(path, limit: Self.sizeLimit) {
            throw .badFile(path: path, reason: error.reason)
        }
        try Self.loadLibrary()
        var info = nightstand_sf_info()
        guard let file = nightstand_sf_open(path, Int32(NIGHTSTAND_SFM_READ), &info) else {
            throw .badFile(
                path: path,
                reason: "not a sound libsndfile reads (WAV, FLAC, Ogg/Vorbis, MP3): "
                    + String(cString: nightstand_sf_strerror(nil)))
        }
        guard Self.rates.contains(Int(info.samplerate)),
            Self.channelCounts.contains(Int(info.channels))
        else {
            nightstand_sf_close(file)
            throw .badFile(
                path: path,
                reason: "expected 8000…192000 Hz and 1…8 channels, found \(info.samplerate) Hz, "
                    + "\(info.channels) channels")
        }
        self.file = file
        rate = Int(info.samplerate)
        fileChannels = Int(info.channels)
        channels = min(fileChannels, 2)
        scratch = []
    }

    deinit { nightstand_sf_close(file) }

    static func loadLibrary() throws(SoundError) {
        var problem = [CChar](repeating: 0, count: 256)
        guard nightstand_sndfile_load(&problem, problem.count) == 0 else {
            throw .library(text(problem))
        }
    }

    func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) throws(SoundError) -> Int {
        for _ in 0..<2 {
            let count = decode(into: buffer, frames: frames)
            if count > 0 {
                framesThisPass += count
                return count
            }
            // The end: a pass with no frame at all is a file without sound.
            guard framesThisPass > 0 else { break }
            framesThisPass = 0
            try rewind()
        }
        throw .badFile(path: path, reason: "no sound in the file (truncated or empty)")
    }

    private func decode(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        guard fileChannels > 2 else {
            return max(Int(nightstand_sf_readf_float(file, buffer, Int64(frames))), 0)
        }
        if scratch.count < frames * fileChannels {
            scratch = [Float](repeating: 0, count: frames * fileChannels)
        }
        let count = scratch.withUnsafeMutableBufferPointer {
            max(Int(nightstand_sf_readf_float(file, $0.baseAddress, Int64(frames))), 0)
        }
        // Even channels to the left, odd to the right, as 5.1's front pairs are.
        let share = Float(2) / Float(fileChannels)
        for frame in 0..<count {
            var left: Float = 0
            var right: Float = 0
            for channel in 0..<fileChannels {
                let sample = scratch[frame * fileChannels + channel]
                if channel % 2 == 0 { left += sample } else { right += sample }
            }
            buffer[frame * 2] = left * share
            buffer[frame * 2 + 1] = right * share
        }
        return count
    }

    /// Back to the start: a seek, or where the format cannot seek, the file opened again.
    private func rewind() throws(SoundError) {
        if nightstand_sf_seek(file, 0, SEEK_SET) == 0 { return }
        var info = nightstand_sf_info()
        guard let again = nightstand_sf_open(path, Int32(NIGHTSTAND_SFM_READ), &info) else {
            throw .badFile(path: path, reason: "could not be read again from the start")
        }
        guard Int(info.samplerate) == rate, Int(info.channels) == fileChannels else {
            nightstand_sf_close(again)
            throw .badFile(path: path, reason: "changed while playing")
        }
        nightstand_sf_close(file)
        file = again
    }
}
