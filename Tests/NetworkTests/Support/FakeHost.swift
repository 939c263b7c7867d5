import Foundation
import Network
import Raster
import Synchronization

/// A host for the network side to drive: it records the verbs it is given and answers with
/// the state and frame a test sets, as the real host would through its event queue.
final class FakeHost: NetworkHost {
    let modes = ["auto", "day", "dim", "night", "off"]
    private let lock = Mutex(Recorded())

    struct Recorded {
        var state = DisplayState(mode: "auto", appearance: "day", lux: 120)
        var frame: Bitmap?
        var frames = 0
        var modeRequests: [String] = []
        var reloads = 0
        var viewRequests: [String] = []
        /// How often the state was asked for (each event stream's opening asks once).
        var stateReads = 0
    }

    /// What the host recorded and shows now.
    var recorded: Recorded { lock.withLock { $0 } }

    /// Changes what the host shows.
    func update(_ change: (inout Recorded) -> Void) { lock.withLock { change(&$0) } }

    func setMode(_ mode: String) {
        lock.withLock { recorded in
            recorded.modeRequests.append(mode)
            recorded.state.mode = mode
        }
    }

    func reload() { lock.withLock { $0.reloads += 1 } }

    func showView(_ name: String) {
        lock.withLock { recorded in
            recorded.viewRequests.append(name)
            recorded.state.view = name
        }
    }

    func state() -> DisplayState {
        lock.withLock { recorded in
            recorded.stateReads += 1
            return recorded.state
        }
    }

    func statusJSON() -> [UInt8] {
        let state = self.state()
        let frames = lock.withLock { $0.frames }
        return Array(
            "{\"appearance\":\"\(state.appearance)\",\"frames\":\(frames),\"mode\":\"\(state.mode)\"}"
                .utf8)
    }

    func frame() -> Bitmap? { lock.withLock { $0.frame } }
}
