import FoundationEssentials
import Network
import Raster
import Standby

/// The host as the network side sees it: verbs posted to the loop's mailbox, the state and
/// status read from what the loop published, the frame copied on the loop when asked.
///
/// Every call returns at once from any thread but ``frame()``, which waits up to 2 s for the
/// loop to copy the frame (the HTTP server's thread asks, never the loop).
struct DisplayHost: NetworkHost {
    let events: Mailbox<HostEvent>
    let status: HostStatusBoard
    let frames: FrameFeed

    var modes: [String] { ModeOverride.allCases.map(\.rawValue) }

    func setMode(_ mode: String) {
        guard let mode = ModeOverride(rawValue: mode) else { return }
        events.post(.mode(mode))
    }

    func reload() {
        events.post(.reloadTimelines(ofKind: nil))
    }

    /// The host has no views yet: ``state()`` offers none, so the network side never asks for
    /// one (the MQTT view select and `POST /api/view` say so instead).
    func showView(_ name: String) {}

    func state() -> DisplayState {
        let current = status.current
        return DisplayState(mode: current.mode, appearance: current.appearance, lux: current.lux)
    }

    func statusJSON() -> [UInt8] { status.current.json }

    func frame() -> Bitmap? { frames.capture(timeout: 2) }
}
