import Ambient
import FoundationEssentials

extension StandbyHost {
    /// Asks the ambient controller when due, and moves a fade along.
    func updateAppearance(at now: Date) {
        if let decision = ambient.update(at: now, events: events) {
            // The first appearance shows at once: the display starts as it should look.
            show(decision.appearance, at: now, fading: statistics.frames > 0)
        }
        director.advance(to: now)
    }

    /// Takes a slow light sensor's reading (numbered `number`), from its thread's event.
    func finishAmbientReading(_ reading: Result<Double, LightSensorError>, number: Int) {
        let now = clock.now
        if let decision = ambient.finishReading(reading, number: number, at: now) {
            show(decision.appearance, at: now, fading: statistics.frames > 0)
        }
    }

    /// Shows an appearance immediately, without a fade: what `nightstand snapshot` draws.
    ///
    /// `source` is what chose it, as widgets see it in `ambientReading` (a sensor decision
    /// carries the light level) and `sensorName` the sensor that measured it. Default: a
    /// manual override, no sensor.
    public func setAppearance(
        _ appearance: Appearance, source: AmbientSource = .override, sensorName: String? = nil
    ) {
        ambient.note(appearance, source: source, sensorName: sensorName)
        show(appearance, at: clock.now, fading: false)
    }

    /// Changes the appearance: blanks for `off`, fades between the others.
    func show(_ new: Appearance, at now: Date, fading: Bool) {
        let old = director.appearance
        director.backlightDims = ambient.backlightDims
        let panel = director.show(new, at: now, fading: fading)
        guard new != old else { return }
        log.info("appearance \(old) → \(new)")
        guard panel != .unchanged else { return }
        do {
            try sink.blank(panel == .blank)
        } catch {
            log.error("display: \(panel == .blank ? "blanking" : "unblanking"): \(error)")
        }
        displayRetry = sink.retryInterval.map { now.addingTimeInterval($0) }
    }
}
