import FoundationEssentials

/// Answers control requests for a host: commands go to its event queue, `status` reads its
/// published status.
///
/// It never touches the host itself, so any thread may use it (the control server does, from
/// its own thread).
///
/// ```swift
/// let server = try ControlServer(path: path, handler: host.controlHandler)
/// ```
public struct ControlHandler: Sendable {
    private let events: EventQueue
    private let status: HostStatusBoard

    /// A handler that posts to `events` and reads `status`.
    public init(events: EventQueue, status: HostStatusBoard) {
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
            events.post(.control(.reload(kind: kind)))
            return .done("reloading \(kind)")
        case .command(.reload(nil)):
            events.post(.control(.reload(kind: nil)))
            return .done("reloading every widget")
        case .command(.mode(let mode)):
            events.post(.control(.mode(mode)))
            return .done(
                mode == .auto
                    ? "mode auto: the host chooses the appearance" : "mode \(mode.rawValue)")
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
