import CAudio
import Glibc
import Testing

@testable import Audio

/// Files written by libsndfile itself (so no fixture is kept), read back through FileSource.
@Suite struct SoundFileTests {
    static let formats: [(name: String, format: Int)] = [
        ("wav", NIGHTSTAND_SF_FORMAT_WAV | NIGHTSTAND_SF_FORMAT_PCM_16),
        ("flac", NIGHTSTAND_SF_FORMAT_FLAC | NIGHTSTAND_SF_FORMAT_PCM_16),
        ("ogg", NIGHTSTAND_SF_FORMAT_OGG | NIGHTSTAND_SF_FORMAT_VORBIS),
        ("mp3", NIGHTSTAND_SF_FORMAT_MPEG | NIGHTSTAND_SF_FORMAT_MPEG_LAYER_III),
    ]

    @Test(arguments: formats.map(\.name))
    func eachFormatDecodesAndLoops(_ name: String) throws {
        let format = Self.formats.first { $0.name == name }!.format
        let path = temporaryPath("tone.\(name)")
        defer { unlink(path) }
        // Half a second of a 440 Hz sine at 0.5, stereo, 44.1 kHz.
        let frames = 22_050
        var samples = [Float](repeating: 0, count: frames * 2)
        for frame in 0..<frames {
            let value = Float(0.5 * sin(2 * Double.pi * 440 * Double(frame) / 44_100))
            samples[frame * 2] = value
            samples[frame * 2 + 1] = value
        }
        try write(path, samples: samples, channels: 2, rate: 44_100, format: format)

        let source = try FileSource(path: path)
        #expect(source.rate == 44_100)
        #expect(source.channels == 2)
        var buffer = [Float](repeating: 0, count: 4096 * 2)
        var decoded: [Float] = []
        // Three passes' worth: the loop comes back to the start.
        while decoded.count < frames * 2 * 3 {
            let count = try buffer.withUnsafeMutableBufferPointer { pointer in
                try source.read(into: pointer.baseAddress!, frames: 4096)
            }
            #expect(count > 0)
            decoded += buffer[0..<(count * 2)]
        }
        // Lossy coders add a little silence and change samples: compare the level, not bits.
        let level = rms(decoded[4_000..<40_000])
        #expect(abs(level - 0.354) < 0.05, "rms \(level)")
    }

    @Test func aTextFileIsABadFileNamingIt() {
        let path = temporaryPath("notes.wav")
        defer { unlink(path) }
        let text = "this is not a sound\n"
        #expect(
            text.withCString {
                Glibc.write(open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600), $0, strlen($0))
            } > 0)
        #expect {
            try FileSource(path: path)
        } throws: { error in
            guard case .badFile(let file, let reason) = error as? SoundError else { return false }
            return file == path && reason.contains("not a sound libsndfile reads")
        }
    }

    @Test func aMissingFileAndAFIFOAreRefusedWithoutBlocking() {
        let missing = temporaryPath("missing.ogg")
        #expect(throws: SoundError.self) { try FileSource(path: missing) }
        let fifo = temporaryPath("fifo.wav")
        mkfifo(fifo, 0o600)
        defer { unlink(fifo) }
        #expect {
            try FileSource(path: fifo)
        } throws: { error in
            guard case .badFile(_, let reason) = error as? SoundError else { return false }
            return reason.contains("FIFO")
        }
    }

    @Test func aTruncatedOrEmptyWAVIsAnErrorNotAHang() throws {
        let path = temporaryPath("cut.wav")
        defer { unlink(path) }
        try write(
            path, samples: [Float](repeating: 0.25, count: 8_000), channels: 1, rate: 8_000,
            format: NIGHTSTAND_SF_FORMAT_WAV | NIGHTSTAND_SF_FORMAT_PCM_16)
        // The header and no sample data: it claims 8000 frames and holds none.
        #expect(truncate(path, 44) == 0)
        let outcome = Result { () throws -> Int in
            let source = try FileSource(path: path)
            var buffer = [Float](repeating: 0, count: 1024)
            var total = 0
            for _ in 0..<100 {
                total += try buffer.withUnsafeMutableBufferPointer { pointer in
                    try source.read(into: pointer.baseAddress!, frames: 1024)
                }
            }
            return total
        }
        guard case .failure(let error) = outcome,
            case .badFile(_, let reason) = error as? SoundError
        else {
            Issue.record("expected a bad file, got \(outcome)")
            return
        }
        #expect(reason.contains("no sound") || reason.contains("libsndfile"))
    }

    @Test func aHeaderClaimingAHugeRateIsRefused() throws {
        // A canonical 44-byte WAV header with a 4 GHz rate and a claimed 4 GiB data chunk.
        var header: [UInt8] = Array("RIFF".utf8) + le32(0xFFFF_FFF0) + Array("WAVEfmt ".utf8)
        header += le32(16) + [1, 0, 1, 0] + le32(4_000_000_000) + le32(8_000_000_000 & 0xFFFF_FFFF)
        header += [2, 0, 16, 0] + Array("data".utf8) + le32(0xFFFF_FFF0) + [0, 0, 0, 0]
        let path = temporaryPath("huge.wav")
        defer { unlink(path) }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        #expect(Glibc.write(fd, header, header.count) == header.count)
        close(fd)
        #expect(throws: SoundError.self) { try FileSource(path: path) }
    }
}

func le32(_ value: UInt64) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }

func temporaryPath(_ name: String) -> String {
    "/tmp/nightstand-audio-\(getpid())-\(name)"
}

struct WriteFailed: Error { let reason: String }

/// Writes interleaved floats with libsndfile in `format`.
func write(_ path: String, samples: [Float], channels: Int, rate: Int, format: Int) throws {
    var problem = [CChar](repeating: 0, count: 256)
    guard nightstand_sndfile_load(&problem, problem.count) == 0 else {
        throw WriteFailed(reason: text(problem))
    }
    var info = nightstand_sf_info()
    info.samplerate = Int32(rate)
    info.channels = Int32(channels)
    info.format = Int32(format)
    guard let file = nightstand_sf_open(path, Int32(NIGHTSTAND_SFM_WRITE), &info) else {
        throw WriteFailed(reason: String(cString: nightstand_sf_strerror(nil)))
    }
    let frames = Int64(samples.count / channels)
    let written = samples.withUnsafeBufferPointer {
        nightstand_sf_writef_float(file, $0.baseAddress, frames)
    }
    nightstand_sf_close(file)
    guard written == frames else { throw WriteFailed(reason: "wrote \(written) of \(frames)") }
}
