/// How dark the display should be: the night-mode state the ambient input decides.
///
/// The cases are ordered by darkness, so `Appearance.night > .dim` and the darker of two
/// appearances is `max(a, b)`:
///
/// ```swift
/// let shown = max(sensorAppearance, scheduledAppearance)
/// ```
///
/// | appearance | what the host does |
/// | --- | --- |
/// | `day` | full color, full backlight |
/// | `dim` | luminance reduced, backlight lowered (or pixels scaled down without one) |
/// | `night` | red tint, lowest backlight |
/// | `off` | backlight powered down (`bl_power`), or black pixels without one |
public enum Appearance: String, Sendable, CaseIterable, Comparable, CustomStringConvertible {
    /// Daylight: the widgets as drawn.
    case day
    /// A dark room: luminance reduced, backlight lowered.
    case dim
    /// A dark bedroom: the red-tinted night rendering at the lowest backlight.
    case night
    /// The display is off (backlight powered down).
    case off

    /// Its place in the darkness order: 0 for `day` up to 3 for `off`.
    var darkness: Int {
        switch self {
        case .day: 0
        case .dim: 1
        case .night: 2
        case .off: 3
        }
    }

    /// Whether `lhs` is brighter than `rhs`.
    public static func < (lhs: Appearance, rhs: Appearance) -> Bool {
        lhs.darkness < rhs.darkness
    }

    /// The lowercase name (`night`), as written in the configuration.
    public var description: String { rawValue }
}
