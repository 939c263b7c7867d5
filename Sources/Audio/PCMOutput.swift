import CAudio
import Glibc

/// An ALSA playback device opened for 16-bit interleaved samples, written without blocking so
/// that a stop is never stuck behind a full buffer.
final class PCMOutput {
    /// The device's buffer: short, so that a stop is heard within this time.
    static let latencyMicroseconds: UInt32 = 100_000
    let device: String
    private let pcm: OpaquePointer

    /// Opens `device` (`default`, `hw:1,0`, `plughw:Loopback,0`) for `channels` at `rate`,
    /// letting ALSA resample where the device needs it.
    init(device: String, rate: Int, channels: Int) throws(SoundError) {
        self.device = device
        try Self.loadLibrary()
        var handle: OpaquePointer?
        let opened = nightstand_snd_pcm_open(
            &handle, device, Int32(NIGHTSTAND_PCM_STREAM_PLAYBACK), Int32(NIGHTSTAND_PCM_NONBLOCK))
        guard opened == 0, let handle else { throw Self.openError(device: device, code: opened) }
        let set = nightstand_snd_pcm_set_params(
            handle, Int32(NIGHTSTAND_PCM_FORMAT_S16_LE),
            Int32(NIGHTSTAND_PCM_ACCESS_RW_INTERLEAVED), UInt32(channels), UInt32(rate), 1,
            Self.latencyMicroseconds)
        guard set == 0 else {
            nightstand_snd_pcm_close(handle)
            throw .device(
                device: device,
                reason: "refused \(rate) Hz, \(channels) channel(s), 16 bit: \(Self.words(set))")
        }
        pcm = handle
    }

    deinit {
        nightstand_snd_pcm_drop(pcm)
        nightstand_snd_pcm_close(pcm)
    }

    /// Writes `frames` frames, waiting at most `timeout` milliseconds at a time for room; stops
    /// early (returning false) when `cancelled` turns true.
    func write(
        _ samples: UnsafePointer<Int16>, frames: Int, channels: Int, cancelled: () -> Bool
    ) throws(SoundError) -> Bool {
        var done = 0
        while done < frames {
            if cancelled() { return false }
            let written = nightstand_snd_pcm_writei(
                pcm, samples + done * channels, UInt(frames - done))
            if written >= 0 {
                done += written
            } else if written == -Int(EAGAIN) {
                _ = nightstand_snd_pcm_wait(pcm, 50)
            } else {
                // An underrun (-EPIPE) or a suspend (-ESTRPIPE) recovers; anything else ends.
                let recovered = nightstand_snd_pcm_recover(pcm, Int32(written), 1)
                guard recovered == 0 else {
                    throw .device(device: device, reason: Self.words(Int32(written)))
                }
            }
        }
        return true
    }

    static func loadLibrary() throws(SoundError) {
        var problem = [CChar](repeating: 0, count: 256)
        guard nightstand_alsa_load(&problem, problem.count) == 0 else {
            throw .library(text(problem))
        }
    }

    static func words(_ code: Int32) -> String { String(cString: nightstand_snd_strerror(code)) }

    static func openError(device: String, code: Int32) -> SoundError {
        switch -code {
        case EBUSY, EAGAIN: .deviceBusy(device: device)
        case ENOENT, ENODEV, ENXIO: .deviceMissing(device: device, reason: words(code))
        default: .device(device: device, reason: words(code))
        }
    }
}

/// The text of a NUL-terminated buffer a C function filled.
func text(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
