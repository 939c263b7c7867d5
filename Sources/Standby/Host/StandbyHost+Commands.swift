import Ambient
import DisplayCommands
import FoundationEssentials
import Raster
import StandbyViews
import SystemSupport

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
        let now = clock.now
        switch command {
        case .setMode(let mode): setMode(mode)
        case .showView(let name): if showView(named: name) { views.memory.save(views.deck.current) }
        case .stepView(let delta):
            views.deck.step(delta, at: now)
            log.info("view \(views.deck.current)")
            views.memory.save(views.deck.current)
        case .stepStack(let slot, let delta):
            views.stepStack(slot: slot, by: delta, viewContent, at: now)
        case .dragViews(let phase): views.deck.drag(phase, at: now)
        case .dragStack(let slot, let phase):
            views.dragStack(slot: slot, phase, viewContent, at: now)
        case .wake(let seconds): wake(for: seconds)
        case .setIdle(let idle): setIdle(idle)
        case .setPresence(let there): panel.presence = there
        case .reloadTimelines(let kind?): widgets.center.reloadTimelines(ofKind: kind)
        case .reloadTimelines(nil): widgets.center.reloadAllTimelines()
        case .reloadConfiguration:
            switch reloadConfiguration() {
            case .success(let summary): return .done("configuration reloaded: \(summary)")
            case .failure(let error): return .refused("configuration refused: \(error)")
            }
        case .alarm(let command):
            let result = alarms.apply(command, at: now)
            advanceAlarms(at: now)
            if !result.isDone { log.warning("\(command): \(result.message)") }
            return result
        case .showMessage(let message):
            views.show(message, at: now)
            let line =
                "message \"\(escaping: message.text)\" for \(DurationWords.seconds(message.seconds))"
            log.info("\(line)")
            if message.wakes { wake(for: message.seconds) }
        case .dismissMessage: if views.dismissBanner() { log.info("message dismissed") }
        case .setBrightness(let name, let percent): setBrightness(name, percent: percent)
        case .setControl(let control, let value): return setControl(control, to: value)
        case .releaseDisplay: releaseDisplay()
        case .acquireDisplay: acquireDisplay()
        case .stop: stopped = true
        case .restart:
            systemd.restartRequested = true
            stopped = true
        }
        return outcome
    }

    /// Whether the loop ended for a `restart`: the program then exits with
    /// ``DisplayCommands/DisplayCommand/restartStatus`` for systemd to start it again.
    public var restartRequested: Bool { systemd.restartRequested }

    /// What the display shows now: mode, appearance on the panel, light, views, slots.
    public var state: DisplayState { currentStatus(at: clock.now).displayState }

    /// The slot and the link at a point of the picture (pixels).
    public func info(atX x: Double, y: Double) -> PointInfo {
        let (point, now) = (Point(x: x, y: y), clock.now)
        return PointInfo(
            slot: views.slot(at: point, viewContent, at: now), link: views.link(at: point, at: now))
    }

    /// Turns at the display's pace until `date`.
    public func animate(until date: Date) {
        views.animationEnd = max(views.animationEnd ?? date, date)
    }

    /// `day`, `dim`, `night` and `off` override the light sensor and the schedule until
    /// `auto`.
    func setMode(_ mode: DisplayMode) {
        ambient.mode = mode
        log.info("mode \(mode.rawValue)")
        let forced = Appearance(rawValue: mode.rawValue)
        if !ambient.override(forced) {
            ambient.note(
                forced ?? .day, source: forced == nil ? .schedule : .override, sensorName: nil)
            show(forced ?? .day, at: clock.now, fading: true)
        }
    }

    /// Shows the view named `name`, sliding it in; false (and a log line) when it is not one
    /// of `[layout] views`.
    @discardableResult
    func showView(named name: String) -> Bool {
        guard let view = ViewName(rawValue: name), views.deck.show(view, at: clock.now) else {
            let listed = views.deck.views.map(\.rawValue).joined(separator: ", ")
            log.warning("view \(name): not one of the views (\(listed))")
            return false
        }
        log.info("view \(view)")
        return true
    }
}
