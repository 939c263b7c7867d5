import Ambient
import DisplayCommands
import FoundationEssentials
import Raster

extension StandbyHost: HostControl {
    /// Applies `command`: the one place the host acts on what it is asked, whichever way the
    /// command came (the control socket, a signal, a key or a touch, HTTP, MQTT).
    @discardableResult
    public func apply(_ command: DisplayCommand) -> CommandResult {
        let outcome = currentStatus(at: clock.now).outcome(of: command)
        guard outcome.isDone else {
            log.warning("\(command): \(outcome.message)")
            return outcome
        }
        switch command {
        case .setMode(let mode): setMode(mode)
        case .showView(let name): showView(named: name)
        case .stepView(let delta): stepView(by: delta)
        case .stepStack(let slot, let delta): stepStack(slot: slot, by: delta)
        case .dragViews(let phase): dragViews(phase)
        case .dragStack(let slot, let phase): dragStack(slot: slot, phase)
        case .wake(let seconds): wake(for: seconds)
        case .setIdle(let idle): setIdle(idle)
        case .reloadTimelines(let kind?): center.reloadTimelines(ofKind: kind)
        case .reloadTimelines(nil): center.reloadAllTimelines()
        case .reloadConfiguration:
            switch reloadConfiguration() {
            case .success(let summary): return .done("configuration reloaded: \(summary)")
            case .failure(let error): return .refused("configuration refused: \(error)")
            }
        case .releaseDisplay: releaseDisplay()
        case .acquireDisplay: acquireDisplay()
        case .stop: stopped = true
        }
        return outcome
    }

    /// What the display shows now: mode, appearance on the panel, light, views, slots.
    public var state: DisplayState { currentStatus(at: clock.now).displayState }

    /// The slot and the link at a point of the picture (pixels).
    public func info(atX x: Double, y: Double) -> PointInfo {
        let point = Point(x: x, y: y)
        return PointInfo(slot: slot(at: point), link: link(at: point))
    }

    /// Turns at the display's pace until `date`.
    public func animate(until date: Date) {
        animationEnd = max(animationEnd ?? date, date)
    }

    /// `day`, `dim`, `night` and `off` override the light sensor and the schedule until
    /// `auto`.
    func setMode(_ mode: DisplayMode) {
        self.mode = mode
        log.info("mode \(mode.rawValue)")
        let forced = Appearance(rawValue: mode.rawValue)
        if !ambient.override(forced) {
            ambient.note(
                forced ?? .day, source: forced == nil ? .schedule : .override, sensorName: nil)
            show(forced ?? .day, at: clock.now, fading: true)
        }
    }
}
