import Ambient
import Widgets

extension AmbientReading {
    /// What the host shows widgets: `appearance`, chosen by `source`, with the light level of
    /// a sensor decision, and the bands of `configuration`.
    init(
        _ appearance: Ambient.Appearance, source: AmbientSource, sensorName: String?,
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
        var thresholds = [
            Threshold(
                appearance: .dim, below: configuration.dimBelow, above: configuration.dayAbove),
            Threshold(
                appearance: .night, below: configuration.nightBelow,
                above: configuration.dimAbove),
        ]
        if let below = configuration.offBelow, let above = configuration.nightAbove {
            thresholds.append(Threshold(appearance: .off, below: below, above: above))
        }
        self.init(
            lux: lux, sensorName: sensorName,
            appearance: Appearance(rawValue: appearance.rawValue) ?? .day, source: origin,
            thresholds: thresholds)
    }
}
