import EventCore
import FoundationEssentials
import Synchronization
import SystemSupport

/// Answers control requests for a host: commands become events on its mailbox, `status`
/// reads its published status.
///
/// It never touches the host itself, so any thread may use it (the control server does, from
/// its own thread). A configuration reload waits for the loop's answer, at most
/// ``replyTimeout``.
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

    /// Posts a command (refusing a `reload` of a kind no widget has) or reads the status.
    public func reply(to request: ControlRequest) -> ControlReply {
        switch request {
        case .status:
            return .status(status.current)
        case .command(.reload(let kind?)):
            let kinds = Set(status.current.widgets.map(\.kind)).sorted()
            guard kinds.contains(kind) else {
                return .failed(
                    "no widget of kind \"\(kind)\"; the kinds in use are "
                        + kinds.joined(separator: ", "))
            }
            events.post(.reloadTimelines(ofKind: kind))
            return .done("reloading \(kind)")
        case .command(.reload(nil)):
            events.post(.reloadTimelines(ofKind: nil))
            return .done("reloading every widget")
        case .command(.mode(let mode)):
            events.post(.mode(mode))
            return .done(
                mode == .auto
                    ? "mode auto: the host chooses the appearance" : "mode \(mode.rawValue)")
        case .command(.reloadConfiguration):
            return reloadConfiguration()
        case .command(.view(let name)):
            let views = status.current.views ?? []
            guard ["next", "previous"].contains(name) || views.contains(name) else {
                return .failed(
                    "no view \"\(name)\"; the views are \(views.joined(separator: ", ")) "
                        + "([layout] views), or next and previous")
            }
            events.post(.view(name))
            return .done("view \(name)")
        }
    }

    /// Asks the loop to reload its configuration and waits for what came of it.
    private func reloadConfiguration() -> ControlReply {
        let answer = Mutex<Result<String, ConfigurationError>?>(nil)
        let done = Condition()
        events.post(
            .reloadConfiguration { result in
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
        case .success(let summary)?: return .done("configuration reloaded: \(summary)")
        case .failure(let error)?: return .failed("configuration refused: \(error)")
        case nil:
            return .failed(
                "the display did not answer within \(Int(Self.replyTimeout)) s; the reload "
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
