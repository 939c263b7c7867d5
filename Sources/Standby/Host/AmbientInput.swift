import Ambient
import FoundationEssentials

/// The ambient side of the host: the controller (sensor, schedule, backlight), when to ask it
/// next, and the reading widgets see.
///
/// Without a controller (`nightstand snapshot`, tests) the host shows day unless told
/// otherwise.
struct AmbientInput {
    /// The sensor, schedule and backlight; nil when the host decides nothing by itself.
    private(set) var controller: AmbientController?
    /// The bands and levels widgets see.
    private(set) var configuration: AmbientConfiguration
    /// What widgets see as `ambientReading`.
    private(set) var reading: AmbientReading
    /// When to ask the controller next; nil: on the next turn.
    private var nextUpdate: Date?

    init(controller: AmbientController?, configuration: AmbientConfiguration) {
        self.controller = controller
        self.configuration = configuration
        reading = AmbientReading(
            .day, source: .schedule, sensorName: nil, configuration: configuration)
    }

    /// Whether a backlight does the dimming (so pixels stay bright).
    var backlightDims: Bool { controller.map { !$0.dimsPixels } ?? false }

    /// When the controller wants to be asked again.
    var nextDue: Date? { controller == nil ? nil : nextUpdate }

    /// Whether the configured sensor is a device that a device event may bring.
    var waitsForDevices: Bool { controller?.sensorIsADevice ?? false }

    /// The controller's decision when one is due at `now` (nil otherwise), noted as the
    /// reading.
    mutating func update(at now: Date) -> AmbientDecision? {
        guard var controller, nextUpdate.map({ now >= $0 }) ?? true else { return nil }
        let decision = controller.update(at: now)
        self.controller = controller
        nextUpdate = decision.nextEvaluation
        note(decision.appearance, source: decision.source, sensorName: controller.sensorName)
        return decision
    }

    /// Keeps what widgets see as `ambientReading`.
    mutating func note(_ appearance: Appearance, source: AmbientSource, sensorName: String?) {
        reading = AmbientReading(
            appearance, source: source, sensorName: sensorName, configuration: configuration)
    }

    /// Holds `forced` (nil: auto); returns whether the controller decides on the next turn.
    ///
    /// False when there is no controller: the host shows it itself.
    mutating func override(_ forced: Appearance?) -> Bool {
        guard var controller else { return false }
        controller.manualOverride = forced
        self.controller = controller
        nextUpdate = nil
        return true
    }

    /// Device events reach the host: an absent IIO sensor is looked for on
    /// ``devicesChanged()``, not every 30 s.
    mutating func watchDevices(_ watching: Bool) {
        controller?.watchesDevices = watching
    }

    /// Devices changed: look for the sensor again on the next turn.
    mutating func devicesChanged() {
        controller?.devicesChanged()
        nextUpdate = nil
    }

    /// Uses new settings (a reloaded `[ambient]`): a new controller, asked on the next turn.
    mutating func reconfigure(_ configuration: AmbientConfiguration, controller: AmbientController?)
    {
        let watching = self.controller?.watchesDevices ?? false
        let forced = self.controller?.manualOverride
        self.configuration = configuration
        self.controller = controller
        self.controller?.watchesDevices = watching
        self.controller?.manualOverride = forced
        nextUpdate = nil
    }
}
