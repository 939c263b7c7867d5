import DisplayCommands
import FoundationEssentials
import Network
import Raster
import Standby
import WidgetUI

/// The host as the network side sees it: commands posted to the loop's mailbox, the state and
/// status read from what the loop published, the frame copied on the loop when asked.
///
/// Every call returns at once from any thread but ``frame()``, which waits up to 2 s for the
/// loop to copy the frame (the HTTP server's thread asks, never the loop).
///
/// Commands come from the network as fast as a sender likes: each is posted with its verb as
/// key (``Mailbox/post(_:coalescing:)``), so at most one of each verb waits for the loop, and a
/// flood of commands costs no memory (the loop applies the latest).
struct DisplayHost: NetworkHost {
    let events: Mailbox<HostEvent>
    let status: HostStatusBoard
    let frames: FrameFeed

    /// A command without a reply waits for the loop in one place per verb: a newer `mode`,
    /// `view`, `wake` … replaces the one still waiting.
    func send(_ command: DisplayCommand, reply: (@Sendable (CommandResult) -> Void)?) {
        if let reply {
            events.post(.command(command, reply: reply))
        } else {
            events.post(.command(command), coalescing: "network \(command.verb)")
        }
    }

    func state() -> DisplayState { status.current.displayState }

    var locale: String { EnvironmentValues.displayLocale.identifier }

    func statusJSON() -> [UInt8] { status.current.json }

    func frame() -> Bitmap? { frames.capture(timeout: 2) }

    func lendFrame(waking: Bool, _ reader: @escaping @Sendable (CanvasLoan) -> Void) {
        frames.lend(waking: waking, reader)
    }
}
