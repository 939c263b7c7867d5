import FoundationEssentials

/// Sends one request to a running host over its control socket and reads the reply.
///
/// ```swift
/// let reply = try ControlClient.send(.status, to: ControlSocketPath.clientDefault())
/// if case .status(let status) = reply { print(status.table()) }
/// ```
public enum ControlClient {
    /// How long to wait for the reply, in seconds.
    public static let timeout: TimeInterval = 5

    /// Connects to `path`, sends `request`, and returns the host's reply.
    ///
    /// Throws ``ControlSocketError/notRunning(path:)`` when no instance listens there,
    /// ``ControlSocketError/permissionDenied(path:)`` for another user's socket, and
    /// ``ControlSocketError/badReply(path:reason:)`` when the instance does not answer in time.
    public static func send(
        _ request: ControlRequest, to path: String
    ) throws(ControlSocketError) -> ControlReply {
        let socket = try UnixSocket.connect(to: path)
        UnixSocket.setTimeout(socket, seconds: timeout)
        guard UnixSocket.write(request.line, to: socket) else {
            throw .badReply(path: path, reason: "the instance closed the connection")
        }
        let line: Data
        do throws(UnixSocket.LineError) {
            // A status of many widgets is long; a reply has no bound of its own.
            line = try UnixSocket.readLine(socket, limit: .max) ?? Data()
        } catch .failed(let code) {
            throw .system(path: path, step: "reading the reply", errno: code)
        } catch {
            throw .badReply(path: path, reason: "no reply within \(Int(timeout)) s")
        }
        guard let reply = ControlReply(line: line) else {
            let text = String(decoding: line.prefix(80), as: UTF8.self)
            throw .badReply(
                path: path,
                reason: "expected a JSON reply line, found " + (text.isEmpty ? "nothing" : text))
        }
        return reply
    }
}
