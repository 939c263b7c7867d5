import Foundation
import WidgetUI

extension StandbyHost {
    /// The host's state at `now`, as ``status`` publishes it.
    func currentStatus(at now: Date) -> HostStatus {
        HostStatus(
            time: now,
            appearance: mode == .off ? ModeOverride.off.rawValue : style.appearanceName,
            mode: mode.rawValue,
            slots: stacks.indices.map { slot in
                HostStatus.Slot(
                    shown: runtimes[shownInstance(ofSlot: slot, at: now)].id,
                    stack: stacks[slot].widgets)
            },
            widgets: runtimes.map { runtime in
                HostStatus.Widget(
                    id: runtime.id, kind: runtime.descriptor.kind, lastUpdate: runtime.lastUpdate,
                    nextReload: runtime.nextReload, nextEntry: runtime.nextEntryDate(after: now),
                    isFetching: runtime.fetch != nil, lastError: runtime.lastError)
            },
            frames: statistics.frames)
    }
}

extension FrameStyle {
    /// The appearance this style draws (DESIGN.md, "Appearance"): `day`, `dim` (luminance
    /// reduced in full color), `night` (vibrant), or `accented`.
    var appearanceName: String {
        switch (renderingMode, isLuminanceReduced) {
        case (.fullColor, false): "day"
        case (.fullColor, true): "dim"
        case (.vibrant, _): "night"
        case (.accented, _): "accented"
        }
    }
}
