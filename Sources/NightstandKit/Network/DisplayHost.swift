import DisplayCommands
import FoundationEssentials
import Network
import Raster
import Standby

/// The host as the network side sees it: commands posted to the loop's mailbox, the state and
/// status read from what the loop published, the frame copied on the loop when asked.
///
/// Every call returns at once from any thread but ``frame()``, which waits up to 2 s for the
/// loop to copy the frame (the HTTP server's thread asks, never the loop).
struct DisplayHost: NetworkHost {
    let events: Mailbox<HostEvent>
    let status: HostStatusBoard
    let frames: FrameFeed

    func send(_ command: DisplayCommand, reply: (@Sendable (CommandResult) -> Void)?) {
        events.post(.command(command, reply: reply))
    }

    func state() -> DisplayState { status.current.displayState }

    func statusJSON() -> [UInt8] { status.current.json }

    func frame() -> Bitmap? { frames.capture(timeout: 2) }
}
