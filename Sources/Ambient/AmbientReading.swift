import FoundationEssentials

/// The light level and night-mode state the host shows: the smoothed lux, the sensor, the
/// appearance and what chose it, and the configured thresholds.
///
/// The host makes it from each ``AmbientDecision`` (``init(_:source:sensorName:configuration:)``)
/// and sets it as `EnvironmentValues.ambientReading` (module Widgets) for every widget it
/// draws, and draws a widget that read it again when it changes noticeably
/// (``differsNoticeably(from:)``), at most once per sensor poll. The built-in `light` widget
/// shows it; a widget of your own reads it the same way:
///
/// ```swift
/// struct LuxBadge: View {
///     @Environment(\.ambientReading) private var reading
///
///     var body: some View {
///         Text(reading?.lux.map { "\(Int($0)) lux" } ?? "No light sensor")
///     }
/// }
/// ```
///
/// ## Differences from WidgetKit
///
/// WidgetKit has no such value: StandBy's night mode is the system's business. Nightstand's
/// night mode is configured by the person who sets the display up, so it lets widgets see
/// what decides it.
public struct AmbientReading: Sendable, Equatable {
    /// How dark the display is: the host's appearances, ``Ambient/Appearance`` itself (one
    /// type, named here too so that a widget's code reads `AmbientReading.Appearance`).
    public typealias Appearance = Ambient.Appearance

    /// What chose the appearance.
    public enum Source: String, Sendable, CaseIterable {
        /// The light sensor's smoothed reading crossed a threshold.
        case sensor
        /// The clock schedule (no sensor, a failing one, or the `off` window).
        case schedule
        /// `nightstand mode` forced it (the sensor is not read meanwhile).
        case override
    }

    /// One hysteresis band of the `[ambient]` settings: below ``below`` the display goes to
    /// ``appearance``; above ``above`` it comes back to the next brighter one.
    public struct Threshold: Sendable, Equatable {
        /// The darker appearance of the band: `dim`, `night` or `off`.
        public var appearance: Appearance
        /// Lux below which the display turns ``appearance`` (`dim_below`, `night_below`,
        /// `off_below`).
        public var below: Double
        /// Lux above which it leaves ``appearance`` again (`day_above`, `dim_above`,
        /// `night_above`).
        public var above: Double

        /// A band from its darker appearance and its two levels.
        public init(appearance: Appearance, below: Double, above: Double) {
            self.appearance = appearance
            self.below = below
            self.above = above
        }
    }

    /// The smoothed light level in lux; nil without a working sensor or under an override.
    public var lux: Double?
    /// The sensor the reading comes from (`bh1750`, `file /run/lux`); nil when none is
    /// configured or working.
    public var sensorName: String?
    /// The appearance shown.
    public var appearance: Appearance
    /// What chose ``appearance``.
    public var source: Source
    /// The configured bands, brightest first: dim, night and, when set, off.
    public var thresholds: [Threshold]

    /// A reading.
    ///
    /// Default: no thresholds.
    public init(
        lux: Double?, sensorName: String?, appearance: Appearance, source: Source,
        thresholds: [Threshold] = []
    ) {
        self.lux = lux
        self.sensorName = sensorName
        self.appearance = appearance
        self.source = source
        self.thresholds = thresholds
    }

    /// The smallest change of light, as a ratio, that makes a widget showing the reading
    /// draw again: 10 %.
    public static let noticeableRatio = 1.1

    /// Light levels below this many lux count as this level when comparing readings: a
    /// dark room's 0.02 and 0.05 lux are not worth a new frame.
    public static let noticeableFloor = 0.1

    /// Whether a widget drawn with `other` must draw again to show this reading.
    ///
    /// True when the appearance, its source, the sensor or the thresholds changed, when a
    /// reading appeared or went away, or when the light moved by ``noticeableRatio`` or more
    /// (levels under ``noticeableFloor`` counted as it). Sensor noise around one level never
    /// redraws, and a slow drift redraws once per 10 %.
    ///
    /// ```swift
    /// reading.differsNoticeably(from: drawn)  // 12 → 12.9 lux: false; 12 → 13.3 lux: true
    /// ```
    public func differsNoticeably(from other: AmbientReading) -> Bool {
        guard appearance == other.appearance, source == other.source,
            sensorName == other.sensorName, thresholds == other.thresholds
        else { return true }
        switch (lux, other.lux) {
        case (nil, nil):
            return false
        case (let a?, let b?):
            let ratio = max(a, Self.noticeableFloor) / max(b, Self.noticeableFloor)
            return max(ratio, 1 / ratio) >= Self.noticeableRatio
        default:
            return true
        }
    }
}

extension AmbientReading {
    /// What the host shows widgets: `appearance`, chosen by `source`, with the light level of
    /// a sensor decision, and the bands of `configuration`.
    ///
    /// ```swift
    /// let decision = controller.update(at: now)
    /// let reading = AmbientReading(
    ///     decision.appearance, source: decision.source, sensorName: controller.sensorName,
    ///     configuration: controller.configuration)
    /// ```
    public init(
        _ appearance: Appearance, source: AmbientSource, sensorName: String?,
        configuration: AmbientConfiguration
    ) {
        var lux: Double?
        let origin: Source
        switch source {
        case .sensor(let level):
            lux = level
            origin = .sensor
        case .schedule: origin = .schedule
        case .override: origin = .override
        }
        self.init(
            lux: lux, sensorName: sensorName, appearance: appearance, source: origin,
            thresholds: configuration.bands.map {
                Threshold(appearance: $0.darker, below: $0.enterBelow, above: $0.leaveAbove)
            })
    }
}
