import FoundationEssentials
import Settings

/// The host's own keys of the `[ambient]` table: how appearance changes look.
///
/// ```toml
/// [ambient]
/// fade = "2s"       # appearance changes take two seconds (0: at once)
/// night_red = 40    # night's brightest red at 40 %
/// ```
public struct AppearanceSettings: Sendable, Equatable {
    /// Seconds an appearance change fades over; 0 switches at once.
    ///
    /// Key `fade`. Default: 1.
    public var fade: TimeInterval = 1
    /// Night mode's brightest red, 0…1.
    ///
    /// Key `night_red` (a percentage). Default: 1.
    public var nightRed: Float = 1

    /// The defaults.
    public init() {}
}

extension AppearanceSettings: ConfigurationSection {
    /// `[ambient]`, which it shares with the sensor's settings (`Ambient.AmbientConfiguration`).
    public static let sectionName = "ambient"

    /// `fade` and `night_red`.
    public static let keys = ["fade", "night_red"]

    /// Reads `fade` (from 0 to a minute) and `night_red` (a percentage from 1 to 100).
    public init(section: SettingsTable) throws(ConfigurationError) {
        fade = try section.duration("fade", in: .duration(0...60)) ?? fade
        let red = try section.number("night_red", in: NumberRange(1...100, "a percentage"))
        nightRed = red.map { Float($0 / 100) } ?? nightRed
    }
}
