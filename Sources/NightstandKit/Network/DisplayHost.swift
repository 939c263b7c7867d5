import FoundationEssentials
import Network
import Raster
import Standby

/// The host as the network side sees it: verbs posted to the loop's mailbox, the state and
/// status read from what the loop published, the frame copied on the loop when asked.
///
/// Every call returns at once from any thread but ``frame()``, which waits up to 2 s for the
/// loop to copy the frame (the HTTP server's thread asks, never the loop).
///
/// The verbs come from the network, as fast as a sender likes: each is posted with a key of
/// its own (``Mailbox/post(_:coalescing:)``), so at most one mode, one view and one reload
/// wait for the loop, and a flood of commands costs no memory (the loop applies the latest).
struct DisplayHost: NetworkHost {
    let events: Mailbox<HostEvent>
    let status: HostStatusBoard
    let frames: FrameFeed

    var modes: [String] { ModeOverride.allCases.map(\.rawValue) }

    func setMode(_ mode: String) {
        guard let mode = ModeOverride(rawValue: mode) else { return }
        events.post(.mode(mode), coalescing: "network mode")
    }

    func reload() {
        events.post(.reloadTimelines(ofKind: nil), coalescing: "network reload")
    }

    func showView(_ name: String) {
        events.post(.view(name), coalescing: "network view")
    }

    /// The views are offered only when there is a choice: a display with one view (the
    /// default `[layout] views = ["widgets"]`) has no view select and no view buttons.
    func state() -> DisplayState {
        let current = status.current
        let views = current.views ?? []
        return DisplayState(
            mode: current.mode, appearance: current.appearance, lux: current.lux,
            view: views.count > 1 ? current.view : nil, views: views.count > 1 ? views : [])
    }

    func statusJSON() -> [UInt8] { status.current.json }

    func frame() -> Bitmap? { frames.capture(timeout: 2) }
}
