import Settings

/// The `[audio]` table: which ALSA PCM device sounds play on.
///
/// ```toml
/// [audio]
/// device = "plughw:CARD=Headphones,DEV=0"
/// ```
///
/// | key | default | meaning |
/// | --- | --- | --- |
/// | `device` | `"default"` | an ALSA PCM name, as `nightstand sounds` (or `aplay -L`) lists them |
///
/// The name is checked for form only (no libasound is loaded to read the file); whether the
/// device exists is found when a sound plays, and `nightstand sounds` says so beforehand.
public struct AudioSettings: ConfigurationSection, Equatable {
    /// `[audio]`.
    public static let sectionName = "audio"
    /// The keys of `[audio]`.
    public static let keys = ["device"]
    /// The longest device name accepted.
    public static let nameLimit = 200

    /// The PCM device.
    public var device = "default"

    /// The defaults.
    public init() {}

    /// Reads `[audio]`; a device that is empty, too long or holds a control character or a
    /// space is refused at its line.
    public init(section: SettingsTable) throws(ConfigurationError) {
        try section.rejectUnknown(Self.keys)
        if let device = try section.string("device") {
            let printable = device.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value != 0x7F }
            guard !device.isEmpty, device.utf8.count <= Self.nameLimit, printable else {
                throw section.error(
                    "device",
                    expected: "an ALSA PCM name such as \"default\" or \"hw:1,0\" "
                        + "(`nightstand sounds` lists them)",
                    found: .string(device))
            }
            self.device = device
        }
    }
}
