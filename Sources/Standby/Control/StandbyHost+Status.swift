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
            mode: mode.rawValue,
            slots: stacks.slots.indices.map { slot in
                HostStatus.Slot(
                    shown: runtimes[shownInstance(ofSlot: slot, at: now)].id,
                    stack: stacks.slots[slot].widgets)
            },
            widgets: runtimes.map { runtime in
                HostStatus.Widget(
                    id: runtime.id, kind: runtime.descriptor.kind, lastUpdate: runtime.lastUpdate,
                    nextReload: runtime.nextReload, nextEntry: runtime.nextEntryDate(after: now),
                    isFetching: runtime.fetch != nil, lastError: runtime.lastError)
            },
            frames: statistics.frames, light: Self.light(ambient.reading),
            view: views.deck.current.rawValue, views: views.deck.views.map(\.rawValue),
            lux: ambient.reading.lux, services: services.current.isEmpty ? nil : services.current)
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
