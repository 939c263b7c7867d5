import Dispatch
import FoundationEssentials
import Synchronization
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The control socket of a running host: `nightstand reload`, `mode` and `status` reach the
/// run loop through it.
///
/// A Unix stream socket, owner-only (the socket 0600, in a directory of this user's with mode
/// 0700, never through a link), served on a thread of its own: each connection sends one
/// request line and gets one reply line (``ControlRequest``, ``ControlReply``), then the server
/// closes it. A socket left by an instance that died is replaced; a live instance on the same
/// path is refused.
///
/// Connections are served side by side without blocking (up to ``connectionLimit`` at once),
/// each within ``connectionTimeout`` for the whole exchange: a client that trickles its
/// request, or never reads its reply, holds only its own connection, and only for that long.
/// A request whose client hung up before it was read (it gave up waiting) is not applied.
///
/// ```swift
/// let server = try ControlServer(path: ControlSocketPath.serverDefault(), handler: host.controlHandler)
/// defer { server.stop() }
/// await host.run()
/// ```
public final class ControlServer: Sendable {
    /// The socket's path.
    public let path: String
    private let wake: Descriptor
    private let finished = DispatchSemaphore(value: 0)
    private let stopping = Mutex(false)

    /// The longest request line, in bytes.
    static let requestLimit = 65536
    /// How long a connection may take, from its acceptance to its reply's last byte.
    static let connectionTimeout: TimeInterval = 2
    /// The most connections served at once; more wait in the listen queue until one ends
    /// (within ``connectionTimeout``, well inside a client's own timeout).
    static let connectionLimit = 16

    /// Binds the socket (after ``prepare(path:)``) and starts serving `handler`.
    ///
    /// Throws ``ControlSocketError``: another instance is live on the path, the path or its
    /// directory is unusable.
    public init(
        path: String, handler: ControlHandler, log: Logger = Logger(label: "nightstand")
    ) throws(ControlSocketError) {
        self.path = path
        try Self.prepare(path: path)
        let listener = try UnixSocket.listen(at: path)
        let identity = try Self.identity(of: path)
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            let code = errno
            unlink(path)
            throw .system(path: path, step: "pipe", errno: code)
        }
        let woken = UnixSocket.closedOnExec(Descriptor(ends[0]))
        wake = UnixSocket.closedOnExec(Descriptor(ends[1]))
        let finished = finished
        DetachedThread.start(name: "nightstand control") {
            Self.serve(listener, until: woken, handler: handler, log: log)
            // Remove the socket, unless another instance has replaced it since.
            if (try? Self.identity(of: path)) == identity { unlink(path) }
            finished.signal()
        }
        log.info("control socket: \(path)")
    }

    /// Stops serving and removes the socket, returning once both are done (idempotent).
    public func stop() {
        let first = stopping.withLock { stopping in
            defer { stopping = true }
            return !stopping
        }
        guard first else { return }
        var byte: UInt8 = 1
        _ = Glibc.write(wake.raw, &byte, 1)
        finished.wait()
    }

    /// Readies `path` for a new server without binding it: creates its directory (0700) when
    /// missing, checks that an existing one belongs to this user or root, and removes a stale
    /// socket.
    ///
    /// `nightstand run` calls it before opening the display, so a second instance stops with
    /// ``ControlSocketError/alreadyRunning(path:)`` before touching the screen.
    public static func prepare(path: String) throws(ControlSocketError) {
        guard path.utf8.count <= UnixSocket.pathLimit else {
            throw .pathTooLong(path: path, limit: UnixSocket.pathLimit)
        }
        let directory = Paths.directory(of: path)
        try ensureDirectory(directory.isEmpty ? "." : directory)
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard (info.st_mode & S_IFMT) == S_IFSOCK else { throw .notASocket(path: path) }
        do throws(ControlSocketError) {
            _ = try UnixSocket.connect(to: path)
            throw .alreadyRunning(path: path)
        } catch .notRunning {
            // A socket nobody listens on: its instance died.
            guard unlink(path) == 0 || errno == ENOENT else {
                throw .system(path: path, step: "remove the stale socket", errno: errno)
            }
        }
    }

    // MARK: Serving

    /// Serves connections until `wake` becomes readable: one `poll(2)` over the listener and
    /// every open connection, each connection dropped at its deadline.
    private static func serve(
        _ listener: Descriptor, until wake: Descriptor, handler: ControlHandler, log: Logger
    ) {
        UnixSocket.setNonBlocking(listener)
        let tooLong = ControlReply.failed(
            "expected one JSON request line of at most \(requestLimit) bytes"
        ).line
        var connections: [ControlConnection] = []
        while true {
            let now = ContinuousClock.now
            connections.removeAll { connection in
                guard connection.deadline <= now else { return false }
                log.debug("control socket: a client took longer than \(connectionTimeout) s")
                return true
            }
            let accepting = connections.count < connectionLimit
            var fds = [
                pollfd(fd: accepting ? listener.raw : -1, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake.raw, events: Int16(POLLIN), revents: 0),
            ]
            fds += connections.map { pollfd(fd: $0.socket.raw, events: $0.events, revents: 0) }
            let wait =
                connections.map(\.deadline).min().map {
                    Int32(clamping: max(0, $0.millisecondsFromNow))
                } ?? -1
            guard poll(&fds, nfds_t(fds.count), wait) >= 0 else {
                if errno == EINTR { continue }
                log.error("control socket: poll failed: \(systemError(errno))")
                return
            }
            if fds[1].revents != 0 { return }
            for (connection, fd) in zip(connections, fds.dropFirst(2)) where fd.revents != 0 {
                step(connection, revents: fd.revents, handler: handler, tooLong: tooLong, log: log)
            }
            connections.removeAll { $0.state == .finished }
            if fds[0].revents & Int16(POLLIN) != 0, let client = accept(listener, log: log) {
                connections.append(ControlConnection(socket: client, timeout: connectionTimeout))
            }
        }
    }

    /// Moves a connection on after `poll` reported `revents` for it: reads, answers a
    /// complete request, sends the reply.
    static func step(
        _ connection: ControlConnection, revents: Int16, handler: ControlHandler, tooLong: Data,
        log: Logger
    ) {
        if connection.state == .reading {
            connection.receive(revents: revents, limit: requestLimit, tooLong: tooLong)
        }
        if case .request(let line, let peerLeft) = connection.state {
            guard !peerLeft else {
                log.notice("control request not applied: the client left before it was read")
                connection.finish()
                return
            }
            let reply = handler.reply(toLine: line)
            if case .failed(let message) = reply {
                log.notice("control request refused: \(message)")
            }
            connection.respond(reply.line)
        }
        if connection.state == .writing { connection.send() }
    }

    /// The next waiting client, non-blocking and closed on exec; nil when none is left (it
    /// hung up meanwhile) or accepting failed.
    private static func accept(_ listener: Descriptor, log: Logger) -> Descriptor? {
        let client = Glibc.accept(listener.raw, nil, nil)
        guard client >= 0 else {
            // Out of descriptors and the like: don't spin on a listener that stays ready.
            if errno != EINTR && errno != ECONNABORTED && errno != EAGAIN {
                log.warning("control socket: accept failed: \(systemError(errno))")
                usleep(100_000)
            }
            return nil
        }
        let descriptor = UnixSocket.closedOnExec(Descriptor(client))
        UnixSocket.setNonBlocking(descriptor)
        return descriptor
    }

    // MARK: Files

    /// The device and inode of the file at `path`.
    private static func identity(of path: String) throws(ControlSocketError) -> [UInt] {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            throw .system(path: path, step: "stat", errno: errno)
        }
        return [UInt(info.st_dev), UInt(info.st_ino)]
    }

    /// Creates `directory` and its missing parents with mode 0700, or checks an existing one.
    ///
    /// An existing one must be a directory itself (not a link to one), and either this user's
    /// and owner-only (mode 0700) or root's and sticky (`/tmp`, `/dev/shm`: only root and the
    /// socket's owner may remove or rename it there), so that no other user can have put it
    /// there, replace the socket or answer in its place. The default `/tmp/nightstand-UID` is
    /// thus always this user's and owner-only: another user can only make one that is theirs.
    private static func ensureDirectory(_ directory: String) throws(ControlSocketError) {
        var info = stat()
        if lstat(directory, &info) == 0 {
            let me = getuid()
            let advice = "remove it, or choose another --socket"
            switch info.st_mode & S_IFMT {
            case S_IFDIR: break
            case S_IFLNK:
                throw .unsafeDirectory(
                    path: directory,
                    reason: "is a symbolic link, not a directory of your own; \(advice)")
            default:
                throw .unsafeDirectory(path: directory, reason: "exists and is not a directory")
            }
            // Root's sticky directory (/tmp) keeps others from removing or renaming the socket,
            // bind(2) never follows a link someone put at its path, and the socket is 0600: a
            // socket named with --socket may sit there. (A sticky directory of another user's
            // is theirs to empty.)
            if info.st_mode & S_ISVTX != 0 && info.st_uid == 0 { return }
            guard info.st_uid == me else {
                throw .unsafeDirectory(
                    path: directory,
                    reason: "owned by uid \(info.st_uid), not by you (uid \(me)); \(advice)")
            }
            guard info.st_mode & 0o077 == 0 else {
                let mode = String(info.st_mode & 0o777, radix: 8)
                throw .unsafeDirectory(
                    path: directory,
                    reason: "has mode 0\(mode); expected 0700, so that no other user can reach "
                        + "or replace the socket (chmod 700 \(directory)), or choose another "
                        + "--socket")
            }
            return
        }
        guard errno == ENOENT else {
            throw .system(path: directory, step: "stat", errno: errno)
        }
        let parent = Paths.directory(of: directory)
        if !parent.isEmpty && parent != directory { try ensureParent(parent) }
        // mkdir honours the umask; chmod makes it exactly owner-only. One made meanwhile by
        // another instance is checked as any existing one.
        guard mkdir(directory, 0o700) == 0 else {
            guard errno == EEXIST else {
                throw .system(path: directory, step: "mkdir", errno: errno)
            }
            return try ensureDirectory(directory)
        }
        guard chmod(directory, 0o700) == 0 else {
            throw .system(path: directory, step: "chmod", errno: errno)
        }
    }

    /// Creates a missing parent of the socket's directory (mode 0700); an existing one is
    /// left as it is (`/run/user/1000`, `/tmp`).
    private static func ensureParent(_ directory: String) throws(ControlSocketError) {
        var info = stat()
        if stat(directory, &info) == 0 { return }
        guard errno == ENOENT else {
            throw .system(path: directory, step: "stat", errno: errno)
        }
        let parent = Paths.directory(of: directory)
        if !parent.isEmpty && parent != directory { try ensureParent(parent) }
        guard mkdir(directory, 0o700) == 0 || errno == EEXIST, chmod(directory, 0o700) == 0 else {
            throw .system(path: directory, step: "mkdir", errno: errno)
        }
    }
}
