import DisplayCommands
import EventCore
import FoundationEssentials
import Synchronization
import SystemSupport

/// Answers control requests for a host: commands become events on its mailbox, `status`
/// reads its published status.
///
/// It never touches the host itself, so any thread may use it (the control server does, from
/// its own thread). A configuration reload and the alarms' commands wait for the loop's
/// answer, at most ``replyTimeout``.
///
/// ```swift
/// let server = try ControlServer(path: path, handler: host.controlHandler)
/// ```
public struct ControlHandler: Sendable {
    private let events: Mailbox<HostEvent>
    private let status: HostStatusBoard

    /// How long a request that needs the loop's answer waits for it, in seconds (the client
    /// waits 5).
    static let replyTimeout: TimeInterval = 4

    /// A handler that posts to `events` and reads `status`.
    public init(events: Mailbox<HostEvent>, status: HostStatusBoard) {
        self.events = events
        self.status = status
    }

    /// The reply to `request`: the status, or what the display makes of a command (checked
    /// against its published status, then posted); a configuration reload once the loop has
    /// tried it.
    public func reply(to request: ControlRequest) -> ControlReply {
        switch request {
        case .status:
            return .status(status.current)
        case .command(let command) where Self.waitsForAnswer(command):
            // The loop checks it against what it shows now, not the status last published.
            return answer(to: command)
        case .command(let command):
            switch status.current.outcome(of: command) {
            case .done(let text):
                events.post(.command(command))
                return .done(text)
            case .refused(let text):
                return .failed(text)
            }
        }
    }

    /// Whether the sender waits for the loop's own answer to `command`: a configuration
    /// reload (what changed, or why the file was refused) and the alarms' commands (when a
    /// snooze ends, which ring a skip skips).
    static func waitsForAnswer(_ command: DisplayCommand) -> Bool {
        switch command {
        case .reloadConfiguration, .alarm: true
        default: false
        }
    }

    /// Posts `command` and waits for the loop's answer, at most ``replyTimeout``.
    private func answer(to command: DisplayCommand) -> ControlReply {
        let answer = Mutex<CommandResult?>(nil)
        let done = Condition()
        events.post(
            .command(command) { result in
                done.lock()
                answer.withLock { $0 = result }
                done.signal()
                done.unlock()
            })
        let giveUp = Date().addingTimeInterval(Self.replyTimeout)
        done.lock()
        while answer.withLock({ $0 == nil }), done.wait(until: giveUp) {}
        done.unlock()
        switch answer.withLock({ $0 }) {
        case .done(let text)?: return .done(text)
        case .refused(let text)?: return .failed(text)
        case nil:
            return .failed(
                "the display did not answer within \(Int(Self.replyTimeout)) s; \"\(command)\" "
                    + "is still queued and takes effect when it does")
        }
    }

    /// Answers one request line; a line that is not a request gets a reply saying what was
    /// expected.
    func reply(toLine line: Data) -> ControlReply {
        do {
            return reply(to: try ControlRequest(line: line))
        } catch {
            return .failed(error.description)
        }
    }
}

extension StandbyHost {
    /// A handler for this host's control requests (``ControlServer``).
    public var controlHandler: ControlHandler {
        ControlHandler(events: events, status: status)
    }
}
