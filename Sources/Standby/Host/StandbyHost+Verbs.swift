import Ambient
import FoundationEssentials

extension StandbyHost: HostControl {
    /// Applies `nightstand mode`: `day`, `dim`, `night` and `off` override the light sensor and
    /// the schedule until `auto`.
    public func setMode(_ mode: ModeOverride) {
        self.mode = mode
        log.info("mode \(mode.rawValue)")
        let forced = Appearance(rawValue: mode.rawValue)
        if !ambient.override(forced) {
            ambient.note(
                forced ?? .day, source: forced == nil ? .schedule : .override, sensorName: nil)
            show(forced ?? .day, at: clock.now, fading: true)
        }
    }

    /// Asks `WidgetCenter` for new timelines of `kind` (nil: every widget); they are fetched on
    /// this turn.
    public func reloadTimelines(ofKind kind: String?) {
        if let kind {
            center.reloadTimelines(ofKind: kind)
        } else {
            center.reloadAllTimelines()
        }
    }

    /// Turns at the display's pace until `date`.
    public func animate(until date: Date) {
        animationEnd = max(animationEnd ?? date, date)
    }

    /// Ends the run loop after this turn.
    public func stop() {
        stopped = true
    }
}
