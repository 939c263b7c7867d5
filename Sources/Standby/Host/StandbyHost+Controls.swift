import DisplayCommands
import SystemSupport

extension StandbyHost {
    /// The controls' values commands chose, kept in the state directory (``KeptNumbers``).
    var controlMemory: KeptNumbers {
        KeptNumbers.controls(directory: configuration.stateDirectory, log: log)
    }

    /// Sets `control` to `value`, or back to the configuration's (nil), keeps the choice and
    /// applies it: the idle timer counts on from the last activity with the new time, night's
    /// red changes on the next frame, the photos view starts over with the new interval.
    ///
    /// A photos interval not longer than `[photos] fade` is refused.
    func setControl(_ control: DisplayControl, to value: Double?) -> CommandResult {
        let command = DisplayCommand.setControl(control, value)
        if let value, !configuration.usable(value, for: control) {
            let result = CommandResult.refused(
                "\(command): expected more than [photos] fade "
                    + "(\(DisplayCommand.number(configuration.photos.fade)) s)")
            log.warning("\(result.message)")
            return result
        }
        controlMemory.save(value, for: control.rawValue)
        let old = configuration
        configuration = configuration.controlled(by: controlMemory.load())
        switch control {
        case .nightRed:
            use(levels(configuration.ambient), appearance: configuration.appearance)
        case .photosInterval where configuration.photos != old.photos:
            views = assembly.screen(
                for: configuration, on: sink.size, widgets: widgets, keeping: views)
        case .idleOff, .photosInterval: sources.configurationChanged(configuration)
        }
        let now = configuration.value(of: control).map(DisplayCommand.number) ?? "unknown"
        log.info("\(control.rawValue) \(now) \(control.unit)")
        status.publish(currentStatus(at: clock.now))
        return .done("\(control.rawValue) \(now) \(control.unit)")
    }
}
