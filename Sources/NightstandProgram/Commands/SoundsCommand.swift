import ArgumentParser
import Audio
import FoundationEssentials
import SystemSupport

/// `nightstand sounds`: the sound cards and ALSA playback devices, and the one sounds would
/// play on; `--play` plays a file or the built-in chime there.
///
/// ```
/// $ nightstand sounds
/// cards:
///   0 [Loopback       ]: Loopback - Loopback
/// playback devices:
///   default: Default ALSA Output (currently PipeWire Media Server)
///   hw:CARD=Loopback,DEV=0: Loopback, Loopback PCM, Direct hardware device without any conversions
/// sounds play on "default": no [audio] device is set; ALSA's default is card 0 unless
/// /etc/asound.conf or ~/.asoundrc says otherwise. It opens.
/// $ nightstand sounds --play tone --seconds 5 --fade 3
/// ```
struct SoundsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sounds",
        abstract: "List sound cards and ALSA playback devices; say which one sounds play on.",
        discussion:
            "With --play, plays a file (WAV, FLAC, Ogg/Vorbis, MP3) or a built-in tone (chime, beep, bell; `tone` is the chime) there."
    )

    @OptionGroup var configuration: ConfigurationOptions

    @Option(help: ArgumentHelp("Play a file, or `tone` for the built-in chime.", valueName: "file"))
    var play: String?

    @Option(help: "How long to play, in seconds (0.1…3600).")
    var seconds = 5.0

    @Option(help: "The volume at the end of the fade, 0…1.")
    var volume = 1.0

    @Option(help: "The fade-in from silent, in seconds (0…600).")
    var fade = 0.0

    @Option(help: "The device, instead of [audio] device.")
    var device: String?

    func validate() throws {
        guard (0.1...3600).contains(seconds) else {
            throw ValidationError("--seconds: expected 0.1…3600, found \(seconds)")
        }
        guard (0...1).contains(volume) else {
            throw ValidationError("--volume: expected 0…1, found \(volume)")
        }
        guard (0...600).contains(fade) else {
            throw ValidationError("--fade: expected 0…600 seconds, found \(fade)")
        }
    }

    func run() async throws {
        let settings = try await exitingOnConfigurationError {
            try configuration.load().section(AudioSettings.self) ?? AudioSettings()
        }
        let chosen = device ?? settings.device
        let why =
            device != nil
            ? "--device"
            : configuration.file.flatMap {
                settings.device == "default" ? nil : "[audio] device in \($0)"
            }
                ?? "no [audio] device is set (the default)"
        if let play {
            try await playSound(play, on: chosen)
            return
        }
        print("cards:")
        let cards = PCMDevices.cards()
        if cards.isEmpty { print("  none (/proc/asound/cards lists no card)") }
        for card in cards { printForTerminal("  \(card)") }
        print("playback devices:")
        do {
            let devices = try PCMDevices.playback()
            if devices.isEmpty { print("  none") }
            for item in devices { printForTerminal("  \(item.name): \(item.description)") }
        } catch {
            print("  \(error)")
        }
        var verdict = "sounds play on \"\(chosen)\": \(why)"
        if chosen == "default" {
            verdict +=
                "; ALSA's default is card 0 unless /etc/asound.conf or ~/.asoundrc names another"
        }
        printForTerminal(verdict + ".")
        if let problem = PCMDevices.probe(chosen) {
            printForTerminal("  it does not open now: \(problem)")
        } else {
            print("  it opens.")
        }
    }

    private func playSound(_ file: String, on device: String) async throws {
        let failed = Flag()
        let player = SoundPlayer(device: device) { event in
            switch event {
            case .playing(let device, let source): print("playing \(source) on \(device)")
            case .fellBack(let error): writeStandardError("\(error); playing the tone instead")
            case .failed(let error):
                writeStandardError("\(error)")
                failed.set()
            case .stopped: print("stopped")
            }
        }
        // `tone` is the chime; `chime`, `beep` and `bell` name the built-in tones.
        let tone = file == "tone" ? .chime : BuiltinTone(rawValue: file)
        player.start(
            SoundRequest(
                file: tone == nil ? file : nil, tone: tone ?? .chime, volume: volume, fadeIn: fade))
        var remaining = seconds
        while remaining > 0, !failed.isSet {
            try await Task.sleep(for: .seconds(min(remaining, 0.1)))
            remaining -= 0.1
        }
        player.stop()
        if failed.isSet { throw ExitCode(1) }
    }
}

/// A flag one thread sets and another reads.
private final class Flag: @unchecked Sendable {
    private let condition = Condition()
    private var value = false
    var isSet: Bool {
        condition.lock()
        defer { condition.unlock() }
        return value
    }
    func set() {
        condition.lock()
        value = true
        condition.unlock()
    }
}
