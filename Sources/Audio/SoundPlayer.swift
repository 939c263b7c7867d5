import FoundationEssentials
import Glibc
import SystemSupport

/// Plays a file or the built-in chime through ALSA on a thread of its own, looping until
/// stopped, rising from silent to its volume over the fade.
///
/// Nothing here runs on the caller's thread but the hand-over: ``start(_:)`` returns at once
/// and ``stop()`` within ``stopBound``. What happens is reported through `onEvent`, from the
/// player's thread: sound going out, the fallback to the tone when the file is the problem,
/// a device or library failure, the stop. libasound and libsndfile are loaded by the first
/// ``start(_:)``.
///
/// ```swift
/// let player = SoundPlayer(device: "default") { event in mailbox.post(.sound(event)) }
/// player.start(SoundRequest(file: "/srv/sounds/birds.ogg", volume: 0.8, fadeIn: 60))
/// player.stop()
/// ```
public final class SoundPlayer: @unchecked Sendable {
    /// The longest ``stop()`` waits for the thread to let go of the device.
    public static let stopBound = 0.5
    /// Frames written at a time: about 20 ms at 48 kHz, so a stop is seen that often.
    static let chunkFrames = 1024
    /// The most sound written ahead of the clock: the device's buffer and a little more.
    static let aheadBound = 0.2

    /// The ALSA PCM device played to.
    public let device: String
    private let onEvent: @Sendable (SoundEvent) -> Void
    private let condition = Condition()
    // Guarded by `condition`.
    private var current: Session?

    /// A player for `device` (`default`, `hw:1,0`, …) reporting to `onEvent`.
    public init(device: String, onEvent: @escaping @Sendable (SoundEvent) -> Void) {
        self.device = device
        self.onEvent = onEvent
    }

    deinit { stop() }

    /// Makes `tones` and loads libasound, and libsndfile when `files` will play, ahead of the
    /// first sound.
    ///
    /// A host calls it once an alarm is configured, off its loop, so that ringing waits for
    /// neither the synthesis nor the loading; what no alarm plays is left out (each tone is
    /// 0.3–0.6 MB of samples, libsndfile maps its codecs' libraries). Throws when a library
    /// is missing.
    public static func prepare(tones: Set<BuiltinTone>, files: Bool) throws(SoundError) {
        for tone in tones { _ = tone.samples }
        try PCMOutput.loadLibrary()
        if files { try FileSource.loadLibrary() }
    }

    /// Stops what plays and starts `request` on a new thread.
    public func start(_ request: SoundRequest) {
        stop()
        let session = Session()
        condition.lock()
        current = session
        condition.unlock()
        let device = device
        let onEvent = onEvent
        let started = DetachedThread.start(name: "sound") {
            Self.play(request, device: device, session: session, onEvent: onEvent)
            session.finish()
        }
        if !started {
            onEvent(.failed(.device(device: device, reason: "no thread left to play on")))
        }
    }

    /// Stops playing: returns once the device is let go, or after ``stopBound`` at most.
    public func stop() {
        condition.lock()
        let session = current
        current = nil
        condition.unlock()
        session?.cancelAndWait(seconds: Self.stopBound)
    }

    /// The player thread's work: the source (the tone when the file fails), the device, the
    /// loop of faded chunks.
    private static func play(
        _ request: SoundRequest, device: String, session: Session,
        onEvent: @Sendable (SoundEvent) -> Void
    ) {
        var source: any SoundSource = ToneSource(request.tone)
        var name = request.tone.rawValue
        if let file = request.file {
            do {
                source = try FileSource(path: file)
                name = file
            } catch {
                onEvent(.fellBack(error))
            }
        }
        do {
            let output = try PCMOutput(device: device, rate: source.rate, channels: source.channels)
            onEvent(.playing(device: device, source: name))
            try loop(
                source: &source, name: &name, output: output, fade: request.fade, session: session)
            onEvent(.stopped)
        } catch {
            onEvent(.failed(error))
        }
    }

    private static func loop(
        source: inout any SoundSource, name: inout String, output: PCMOutput, fade: FadeIn,
        session: Session
    ) throws(SoundError) {
        let channels = source.channels
        var floats = [Float](repeating: 0, count: chunkFrames * channels)
        var shorts = [Int16](repeating: 0, count: chunkFrames * channels)
        var frame = 0
        let start = ContinuousClock.now
        while !session.isCancelled {
            // Results rather than typed throws through the closures: Swift 6.0 does not carry a
            // typed error through `withUnsafe…BufferPointer`.
            let count = try floats.withUnsafeMutableBufferPointer { buffer in
                guard let base = buffer.baseAddress else {
                    return Result<Int, SoundError>.success(0)
                }
                return Result { () throws(SoundError) in
                    try source.read(into: base, frames: chunkFrames)
                }
            }.get()
            FadeIn.apply(
                fade, from: floats, to: &shorts, frames: count, channels: channels,
                startFrame: frame, rate: source.rate)
            frame += count
            let finished = try shorts.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else {
                    return Result<Bool, SoundError>.success(false)
                }
                return Result { () throws(SoundError) in
                    try output.write(
                        base, frames: count, channels: channels, cancelled: { session.isCancelled })
                }
            }.get()
            if !finished { break }
            pace(frame: frame, rate: source.rate, since: start)
        }
    }
}

/// Sleeps while more than ``SoundPlayer/aheadBound`` of sound has been written beyond the time
/// passed: a device takes samples at its pace, but one that takes them at once (ALSA's `null`,
/// a broken driver) would have the thread decode as fast as the CPU goes.
private func pace(frame: Int, rate: Int, since start: ContinuousClock.Instant) {
    let written = Double(frame) / Double(rate)
    let passed = start.duration(to: .now)
    let elapsed = Double(passed.components.seconds) + Double(passed.components.attoseconds) * 1e-18
    let ahead = written - elapsed - SoundPlayer.aheadBound
    if ahead > 0 { usleep(UInt32(min(ahead, 0.05) * 1_000_000)) }
}

extension FadeIn {
    /// Scales `frames` interleaved samples by the fade's gain, frame by frame, into 16 bits.
    static func apply(
        _ fade: FadeIn, from input: [Float], to output: inout [Int16], frames: Int, channels: Int,
        startFrame: Int, rate: Int
    ) {
        for frame in 0..<frames {
            let gain = Float(fade.gain(atFrame: startFrame + frame, rate: rate))
            for channel in 0..<channels {
                let index = frame * channels + channel
                // A float file may hold NaN or values past full scale: silent and clipped.
                let scaled = input[index] * gain
                let value = scaled.isNaN ? 0 : min(max(scaled, -1), 1)
                output[index] = Int16(value * 32_767)
            }
        }
    }
}

/// One playback: the stop flag the player thread reads between chunks, and the end it reports.
final class Session: @unchecked Sendable {
    private let condition = Condition()
    private var cancelled = false
    private var finished = false

    var isCancelled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled
    }

    func finish() {
        condition.lock()
        finished = true
        condition.signal()
        condition.unlock()
    }

    func cancelAndWait(seconds: Double) {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        cancelled = true
        while !finished, condition.wait(until: deadline) || Date() < deadline {}
        condition.unlock()
    }
}
