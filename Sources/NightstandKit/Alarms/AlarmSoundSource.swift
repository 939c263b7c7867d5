import Alarms
import Audio
import Standby
import SystemSupport

/// The alarms' sound: an ALSA player on `[audio] device`, given to the host's alarms while
/// the configuration has any (`[[alarm]]`).
///
/// libasound and libsndfile are loaded on a thread of their own when alarms are configured,
/// so a display without alarms loads neither and the first ring does not wait for them.
/// What the player does shows on `nightstand status` as `sound:`: playing, the file that fell
/// back to the tone, the device that failed.
final class AlarmSoundSource: EventSource {
    private var context: SourceContext?
    /// The device, the tones and whether files play, as last prepared.
    private var plan: String?

    func start(_ context: SourceContext) throws {
        self.context = context
        configurationChanged(context.configuration)
    }

    func configurationChanged(_ configuration: Configuration) {
        guard let context else { return }
        let alarms = configuration.section(AlarmSettings.self)?.alarms ?? []
        let device = configuration.section(AudioSettings.self)?.device ?? AudioSettings().device
        guard !alarms.isEmpty else {
            context.alarmSound = nil
            plan = nil
            return
        }
        // The tones the alarms play (a file's alarm falls back to its tone) and whether a file
        // will play: made and loaded ahead of the first ring.
        let tones = Set(alarms.compactMap { BuiltinTone(rawValue: $0.tone) })
        let files = alarms.contains { $0.sound != nil }
        let plan = "\(device) \(tones.map(\.rawValue).sorted()) \(files)"
        guard plan != self.plan || context.alarmSound == nil else { return }
        self.plan = plan
        let services = context.services
        services.set("sound", "loading libasound" + (files ? " and libsndfile" : ""))
        DetachedThread.start(name: "sound prepare") {
            do throws(SoundError) {
                try SoundPlayer.prepare(tones: tones, files: files)
                services.set("sound", "ready on \"\(device)\"")
            } catch {
                services.set("sound", "\(error); alarms ring on the screen only")
            }
        }
        context.alarmSound = PlayerSound(
            SoundPlayer(device: device) { event in
                switch event {
                case .playing(let device, let source):
                    services.set("sound", "playing \(source) on \"\(device)\"")
                case .fellBack(let error):
                    services.set("sound", "\(error); playing the tone instead")
                case .failed(let error):
                    services.set("sound", "\(error); the alarm rings on the screen only")
                case .stopped:
                    services.set("sound", "ready on \"\(device)\"")
                }
            })
    }

    func stop() {
        context?.alarmSound?.stop()
        context?.alarmSound = nil
        context = nil
        plan = nil
    }
}

/// A ``Audio/SoundPlayer`` as what the alarms play through.
final class PlayerSound: AlarmSound {
    let player: SoundPlayer

    init(_ player: SoundPlayer) {
        self.player = player
    }

    func start(_ request: AlarmSoundRequest) {
        player.start(
            SoundRequest(
                file: request.file, tone: BuiltinTone(rawValue: request.tone) ?? .chime,
                volume: request.volume, fadeIn: request.fadeIn))
    }

    /// Returns once the device is let go: a chunk of about 20 ms, at most
    /// ``Audio/SoundPlayer/stopBound``.
    func stop() {
        player.stop()
    }
}
