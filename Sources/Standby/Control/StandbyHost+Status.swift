import DisplayCommands
import FoundationEssentials
import SystemSupport
import WidgetUI
import Widgets

extension StandbyHost {
    /// The host's state at `now`, as ``status`` publishes it.
    func currentStatus(at now: Date) -> HostStatus {
        HostStatus(
            time: now,
            appearance: appearance.rawValue,
            mode: ambient.mode.rawValue,
            slots: widgets.stacks.slots.indices.map { slot in
                HostStatus.Slot(
                    shown: runtimes[widgets.shown(ofSlot: slot, at: now)].id,
                    stack: widgets.stacks.slots[slot].widgets)
            },
            widgets: runtimes.map { runtime in
                HostStatus.Widget(
                    id: runtime.id, kind: runtime.descriptor.kind, lastUpdate: runtime.lastUpdate,
                    nextReload: runtime.nextReload, nextEntry: runtime.nextEntryDate(after: now),
                    isFetching: runtime.fetch != nil, lastError: runtime.lastError)
            },
            frames: statistics.frames, light: Self.light(ambient.reading),
            view: views.deck.current.rawValue, views: views.deck.views.map(\.rawValue),
            lux: ambient.reading.lux, services: services.current.isEmpty ? nil : services.current,
            presence: panel.presence, alarms: alarms.summaries(at: now),
            message: views.message(at: now), brightness: brightness,
            controls: configuration.controlValues)
    }

    /// `250.0 lx from file lux (sensor)`, or `no reading (schedule)`: the light level the
    /// thresholds are compared with, and what chose the appearance.
    static func light(_ reading: AmbientReading) -> String {
        let level =
            reading.lux.map { "\($0.fixed(1)) lx from \(reading.sensorName ?? "the sensor")" }
            ?? "no reading"
        return "\(level) (\(reading.source.rawValue))"
    }
}

extension HostStatus {
    /// The part of the status those who send commands read: the views only when there is a
    /// choice (a display with one view, the default `[layout] views = ["widgets"]`, offers no
    /// view select or buttons).
    public var displayState: DisplayState {
        let views = views ?? []
        return DisplayState(
            mode: DisplayMode(rawValue: mode) ?? .auto, appearance: appearance, lux: lux,
            view: views.count > 1 ? view : nil, views: views.count > 1 ? views : [],
            slots: slots.map(\.shown), presence: presence, alarms: alarms, message: message,
            brightness: brightness, controls: controls)
    }
}

extension HostStatus {
    /// What a display in this state makes of `command`, before applying it.
    ///
    /// Refused when it names a view the display does not show or a kind no widget has, else
    /// done with the line its sender sees. The host's ``StandbyHost/apply(_:)`` and the control socket's
    /// immediate reply both ask here.
    public func outcome(of command: DisplayCommand) -> CommandResult {
        switch command {
        case .showView(let name) where !(views ?? []).contains(name):
            return .refused(
                "no view \"\(name)\"; the views are \((views ?? []).joined(separator: ", ")) "
                    + "([layout] views), or next and previous")
        case .reloadTimelines(let kind?):
            let kinds = Set(widgets.map(\.kind)).sorted()
            guard kinds.contains(kind) else {
                return .refused(
                    "no widget of kind \"\(kind)\"; the kinds in use are "
                        + kinds.joined(separator: ", "))
            }
            return .done("reloading \(kind)")
        case .reloadTimelines(nil): return .done("reloading every widget")
        case .setMode(.auto): return .done("mode auto: the host chooses the appearance")
        case .alarm(let command): return outcome(of: command)
        default: return .done("\(command)")
        }
    }
}

extension HostStatus {
    /// What a display with these alarms makes of `command`: refused without alarms, without
    /// an alarm ringing to snooze or dismiss, or for an id no alarm has.
    func outcome(of command: AlarmCommand) -> CommandResult {
        guard let alarms else { return .refused("no alarm is configured ([[alarm]])") }
        let id: String
        switch command {
        case .snooze:
            return alarms.contains { $0.phase == .ringing }
                ? .done("alarm snooze") : .refused("no alarm is ringing")
        case .dismiss:
            return alarms.contains { $0.phase != .waiting }
                ? .done("alarm dismiss") : .refused("no alarm is ringing or snoozed")
        case .test(let name), .skip(let name), .set(let name, _): id = name
        }
        guard alarms.contains(where: { $0.id == id }) else {
            return .refused(
                "no alarm named \"\(id)\" (alarms: \(alarms.map(\.id).joined(separator: ", ")))")
        }
        return .done("alarm \(id)")
    }
}
