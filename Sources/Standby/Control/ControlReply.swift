import FoundationEssentials

/// A running host's answer to one ``ControlRequest``.
///
/// On the wire a reply is one line of JSON, keys sorted:
///
/// ```
/// {"message":"reloading weather","ok":true}
/// {"ok":true,"status":{"appearance":"night",…}}
/// {"error":"\"mode\": expected auto, day, dim, night or off, found \"red\"","ok":false}
/// ```
public enum ControlReply: Equatable, Sendable {
    /// The command was taken; what it does.
    case done(String)
    /// The host's status.
    case status(HostStatus)
    /// The request was refused; why.
    case failed(String)

    /// The reply as one line of JSON, newline included.
    var line: Data {
        switch self {
        case .done(let message): ControlCoding.line(Wire(ok: true, message: message))
        case .status(let status): ControlCoding.line(Wire(ok: true, status: status))
        case .failed(let error): ControlCoding.line(Wire(ok: false, error: error))
        }
    }

    /// Reads a reply line; `nil` when it is not one.
    init?(line: Data) {
        guard let wire = try? ControlCoding.decoder.decode(Wire.self, from: line) else {
            return nil
        }
        switch (wire.ok, wire.message, wire.status, wire.error) {
        case (true, _, let status?, nil): self = .status(status)
        case (true, let message?, nil, nil): self = .done(message)
        case (false, nil, nil, let error?): self = .failed(error)
        default: return nil
        }
    }

    private struct Wire: Codable {
        var ok: Bool
        var message: String?
        var status: HostStatus?
        var error: String?
    }
}
