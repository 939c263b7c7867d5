import Alarms
import Audio
import Standby
import SystemSupport

/// The alarms' sound: an ALSA player on `[audio] device`, given to the host's alarms while
/// the configuration has any (`[[alarm]]`).
///
/// libasound (and libsndfile, when an alarm names a sound file) are loaded, and the tones the
/// alarms use are made, on a thread of their own ``lead`` before the next alarm: a display
/// without alarms loads neither, one whose alarms are hours away keeps neither in memory, and
/// a ring does not wait for them. A ring that comes sooner (`alarm test`, an alarm moved
/// earlier) loads them on the player's thread. What the player does shows on
/// `nightstand status` as `sound:`: playing, the file that fell back to the tone, the device
/// that failed.
final class AlarmSoundSource: EventSource {
    /// How long before the next alarm the libraries are loaded and the tones made.
    static let lead: TimeInterval = 120

    /// What the alarms will play: the device, the tones (a file's alarm falls back to its
    /// tone) and whether a file plays.
    struct Plan: Equatable {
        var device: String
        var tones: Set<BuiltinTone>
        var files: Bool
    }

    private var context: SourceContext?
    private var plan: Plan?
    /// What was loaded and made.
    private var prepared: Plan?
    private var wake: ScheduledWake?

    func start(_ context: SourceContext) throws {
        self.context = context
        configurationChanged(context.configuration)
    }

    func configurationChanged(_ configuration: Configuration) {
        guard let context else { return }
        let alarms = configuration.section(AlarmSettings.self)?.alarms ?? []
        guard !alarms.isEmpty else {
            context.alarmSound = nil
            context.services.set("sound", nil)
            plan = nil
            wake = nil
            return
        }
        let plan = Plan(
            device: configuration.section(AudioSettings.self)?.device ?? AudioSettings().device,
            tones: Set(alarms.compactMap { BuiltinTone(rawValue: $0.tone) }),
            files: alarms.contains { $0.sound != nil })
        if plan != self.plan || context.alarmSound == nil {
            self.plan = plan
            context.alarmSound = PlayerSound(Self.player(on: plan.device, context.services))
            if prepared != plan {
                context.services.set(
                    "sound",
                    "on \"\(plan.device)\"; libasound loads \(Int(Self.lead / 60)) min before the next alarm"
                )
            }
        }
        schedulePrepare()
    }

    /// Prepares now when the next alarm is within ``lead``, else wakes then to look again.
    private func schedulePrepare() {
        guard let context, let plan, prepared != plan else { return }
        let alarms = context.status.current.alarms ?? []
        let next = alarms.nextRing
        let now = context.now
        guard let next, next.timeIntervalSince(now) > Self.lead else {
            if next != nil || alarms.isEmpty { prepare(plan, services: context.services) }
            return
        }
        wake = context.wake(at: next.addingTimeInterval(-Self.lead)) { [weak self] _ in
            self?.schedulePrepare()
        }
    }

    /// Loads the libraries and makes the tones of `plan` on a thread of its own.
    private func prepare(_ plan: Plan, services: ServiceStates) {
        prepared = plan
        wake = nil
        services.set("sound", "loading libasound" + (plan.files ? " and libsndfile" : ""))
        DetachedThread.start(name: "sound prepare") {
            do throws(SoundError) {
                try SoundPlayer.prepare(tones: plan.tones, files: plan.files)
                services.set("sound", "ready on \"\(plan.device)\"")
            } catch {
                services.set("sound", "\(Self.words(error)); alarms ring on the screen only")
            }
        }
    }

    /// A player on `device` saying what it does on `services`.
    private static func player(on device: String, _ services: ServiceStates) -> SoundPlayer {
        SoundPlayer(device: device) { event in
            switch event {
            case .playing(let device, let source):
                services.set("sound", "playing \(source) on \"\(device)\"")
            case .fellBack(let error):
                services.set("sound", "\(words(error)); playing the tone instead")
            case .failed(let error):
                services.set("sound", "\(words(error)); the alarm rings on the screen only")
            case .stopped:
                services.set("sound", "ready on \"\(device)\"")
            }
        }
    }

    /// `error`'s words without their `sound: ` (the status line names the service already).
    static func words(_ error: SoundError) -> String {
        let text = "\(error)"
        return text.hasPrefix("sound: ") ? String(text.dropFirst(7)) : text
    }

    func stop() {
        context?.alarmSound?.stop()
        context?.alarmSound = nil
        context = nil
        plan = nil
        wake = nil
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
