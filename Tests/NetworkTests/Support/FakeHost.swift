import DisplayCommands
import Foundation
import Network
import Raster
import Synchronization

/// A host for the network side to drive: it records the commands it is sent and answers with
/// the state and frame a test sets, as the real host would through its event queue.
final class FakeHost: NetworkHost {
    private let lock = Mutex(Recorded())

    struct Recorded {
        var state = DisplayState(mode: .auto, appearance: "day", lux: 120)
        var frame: Bitmap?
        var frames = 0
        /// The frames lent (``lendFrame(waking:_:)``).
        var loans: [CanvasLoan] = []
        /// Whether a loan ends as soon as it is made, as when the loop turns again at once.
        var endsLoans = false
        var modeRequests: [String] = []
        var reloads = 0
        var viewRequests: [String] = []
        /// Every command sent, in order.
        var commands: [DisplayCommand] = []
        /// How often the state was asked for (each event stream's opening asks once).
        var stateReads = 0
        /// The display's locale.
        var locale = "en_US"
    }

    /// What the host recorded and shows now.
    var recorded: Recorded { lock.withLock { $0 } }

    /// Changes what the host shows.
    func update(_ change: (inout Recorded) -> Void) { lock.withLock { change(&$0) } }

    func send(_ command: DisplayCommand, reply: (@Sendable (CommandResult) -> Void)?) {
        lock.withLock { recorded in
            recorded.commands.append(command)
            switch command {
            case .setMode(let mode):
                recorded.modeRequests.append(mode.rawValue)
                recorded.state.mode = mode
            case .reloadTimelines: recorded.reloads += 1
            case .showView(let name):
                recorded.viewRequests.append(name)
                recorded.state.view = name
            case .stepView(let delta): recorded.viewRequests.append(delta < 0 ? "previous" : "next")
            default: break
            }
        }
        reply?(.done("\(command)"))
    }

    func state() -> DisplayState {
        lock.withLock { recorded in
            recorded.stateReads += 1
            return recorded.state
        }
    }

    var locale: String { lock.withLock { $0.locale } }

    func statusJSON() -> [UInt8] {
        let state = self.state()
        let frames = lock.withLock { $0.frames }
        return Array(
            "{\"appearance\":\"\(state.appearance)\",\"frames\":\(frames),\"mode\":\"\(state.mode.rawValue)\"}"
                .utf8)
    }

    func frame() -> Bitmap? { lock.withLock { $0.frame } }

    /// The frame set, lent at once (a test's frame is always the one just presented), on a
    /// canvas of its own; ended at once with `endsLoans`.
    func lendFrame(waking: Bool, _ reader: @escaping @Sendable (CanvasLoan) -> Void) {
        guard let frame = frame() else { return }
        let canvas = Canvas(width: frame.width, height: frame.height)
        for y in 0..<frame.height {
            let row = canvas.row(y)
            for x in 0..<frame.width { row[x] = frame[x, y].value }
        }
        let loan = CanvasLoan(canvas)
        let ends = lock.withLock { recorded in
            recorded.loans.append(loan)
            return recorded.endsLoans
        }
        if ends { loan.end() }
        reader(loan)
    }
}
