import CAudio
import Glibc
import SystemSupport

/// An ALSA PCM device as libasound's name hints list it (`aplay -L`).
public struct PCMDevice: Equatable, Sendable {
    /// The name to give `[audio] device`.
    public var name: String
    /// What the device is, one line (the hint's description, lines joined).
    public var description: String
}

/// The playback devices of this machine and the sound cards behind them.
public enum PCMDevices {
    /// The PCM names that can play (hints whose direction is not input-only).
    public static func playback() throws(SoundError) -> [PCMDevice] {
        try PCMOutput.loadLibrary()
        var hints: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        guard nightstand_snd_device_name_hint(-1, "pcm", &hints) == 0, let hints else {
            return []
        }
        defer { nightstand_snd_device_name_free_hint(hints) }
        var devices: [PCMDevice] = []
        var index = 0
        while let hint = hints[index], devices.count < 256 {
            index += 1
            guard let name = take(nightstand_snd_device_name_get_hint(hint, "NAME")) else {
                continue
            }
            if take(nightstand_snd_device_name_get_hint(hint, "IOID")) == "Input" { continue }
            let words = take(nightstand_snd_device_name_get_hint(hint, "DESC")) ?? ""
            let line = words.split(whereSeparator: \.isNewline).joined(separator: ", ")
            devices.append(PCMDevice(name: name, description: line))
        }
        return devices
    }

    /// The cards the kernel has (`/proc/asound/cards`, first lines of each entry).
    public static func cards(file: String = "/proc/asound/cards") -> [String] {
        guard case .success(let bytes) = BoundedFile.read(file, limit: 64 * 1024) else {
            return []
        }
        // A card is a line " 0 [Loopback       ]: Loopback - Loopback"; its second line is
        // indented further.
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n")
            .filter { $0.contains("]: ") }
            .map { String($0.drop { $0 == " " }) }
    }

    /// Whether `device` opens for playback now: nil, or what stops it (missing, busy).
    public static func probe(_ device: String) -> SoundError? {
        do {
            _ = try PCMOutput(device: device, rate: BuiltinTone.rate, channels: 1)
            return nil
        } catch {
            return error
        }
    }

    private static func take(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
