import Ambient
import FoundationEssentials

extension StandbyHost {
    /// Asks the ambient controller when due, and moves a fade along.
    func updateAppearance(at now: Date) {
        if let decision = ambient.update(at: now, events: events) {
            // The first appearance shows at once: the display starts as it should look.
            show(decision.appearance, at: now, fading: statistics.frames > 0)
        }
        endWake(at: now)
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

    /// Takes the appearance decided (by the ambient controller or a mode) and shows it, or
    /// what a wake or idleness makes of it (``PanelState``).
    func show(_ decided: Appearance, at now: Date, fading: Bool) {
        panel.decided = decided
        showPanel(at: now, fading: fading)
    }

    /// Changes the appearance on the panel to what ``panel`` shows at `now`: blanks for `off`,
    /// fades between the others; the backlight follows.
    func showPanel(at now: Date, fading: Bool) {
        let new = panel.shown(at: now)
        ambient.showInstead(new == panel.decided ? nil : new)
        let old = director.appearance
        director.backlightDims = ambient.backlightDims
        let change = director.show(new, at: now, fading: fading)
        guard new != old else { return }
        log.info("appearance \(old) → \(new)")
        guard change != .unchanged else { return }
        do {
            try sink.blank(change == .blank)
        } catch {
            log.error("display: \(change == .blank ? "blanking" : "unblanking"): \(error)")
        }
        output.retry = sink.retryInterval.map { now.addingTimeInterval($0) }
    }
}
