import FoundationEssentials
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Sends one request to a running host over its control socket and reads the reply.
///
/// Before it sends anything, the client checks who serves the socket (the kernel's
/// `SO_PEERCRED`): this user or root, or a system service's own user (`DynamicUser=`) when
/// the socket's directory is that user's and only root could have made it (its parent is
/// root's and writable by no one else, as `/run` is). Another user's server, put where a
/// socket is looked for (`/tmp`) while no display runs, hears nothing and answers nothing.
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
        try checkServer(of: socket, at: path)
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

    /// Throws ``ControlSocketError/untrustedServer(path:uid:)`` unless the process serving
    /// `socket` runs as a user this client trusts (see ``ControlClient``).
    static func checkServer(of socket: Descriptor, at path: String) throws(ControlSocketError) {
        guard let server = PeerCredentials.userID(of: socket.raw) else {
            throw .system(path: path, step: "SO_PEERCRED", errno: errno)
        }
        if server == getuid() || server == 0 { return }
        // A system service's own user: the owner of the socket's directory, which only root
        // could have made there.
        let directory = Paths.directory(of: path)
        let parent = Paths.directory(of: directory)
        var own = stat()
        var above = stat()
        if !directory.isEmpty, !parent.isEmpty, parent != directory,
            lstat(directory, &own) == 0, own.st_mode & S_IFMT == S_IFDIR, own.st_uid == server,
            stat(parent, &above) == 0, above.st_uid == 0, above.st_mode & 0o022 == 0
        {
            return
        }
        throw .untrustedServer(path: path, uid: UInt32(server))
    }
}
