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
/// A Unix stream socket, owner-only (the socket 0600, a directory it creates 0700), served on
/// a thread of its own: each connection sends one request line and gets one reply line
/// (``ControlRequest``, ``ControlReply``), then the server closes it. A socket left by an
/// instance that died is replaced; a live instance on the same path is refused.
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
    /// How long a connection may take to send its request, and to take its reply.
    static let connectionTimeout: TimeInterval = 2

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

    /// Accepts connections until `wake` becomes readable, answering each in turn.
    private static func serve(
        _ listener: Descriptor, until wake: Descriptor, handler: ControlHandler, log: Logger
    ) {
        while true {
            var fds = [
                pollfd(fd: listener.raw, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake.raw, events: Int16(POLLIN), revents: 0),
            ]
            guard poll(&fds, nfds_t(fds.count), -1) >= 0 else {
                if errno == EINTR { continue }
                log.error("control socket: poll failed: \(systemError(errno))")
                return
            }
            if fds[1].revents != 0 { return }
            guard fds[0].revents & Int16(POLLIN) != 0 else { continue }
            let client = accept(listener.raw, nil, nil)
            guard client >= 0 else {
                // Out of descriptors and the like: don't spin on a listener that stays ready.
                if errno != EINTR && errno != ECONNABORTED { usleep(100_000) }
                continue
            }
            answer(UnixSocket.closedOnExec(Descriptor(client)), handler: handler, log: log)
        }
    }

    /// Reads one request line from a connection and writes the reply.
    private static func answer(_ client: Descriptor, handler: ControlHandler, log: Logger) {
        UnixSocket.setTimeout(client, seconds: connectionTimeout)
        let reply: ControlReply
        do throws(UnixSocket.LineError) {
            guard let line = try UnixSocket.readLine(client, limit: requestLimit) else {
                return  // a probe: `prepare(path:)` of another instance checking we live
            }
            reply = handler.reply(toLine: line)
        } catch .tooLong {
            reply = .failed("expected one JSON request line of at most \(requestLimit) bytes")
        } catch {
            log.debug("control socket: a client sent no request line: \(error)")
            return
        }
        if case .failed(let message) = reply { log.notice("control request refused: \(message)") }
        UnixSocket.write(reply.line, to: client)
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

    /// Creates `directory` and its missing parents with mode 0700, or checks an existing one:
    /// a directory owned by this user or root.
    private static func ensureDirectory(_ directory: String) throws(ControlSocketError) {
        var info = stat()
        if stat(directory, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw .unsafeDirectory(path: directory, reason: "exists and is not a directory")
            }
            let me = getuid()
            guard info.st_uid == me || info.st_uid == 0 else {
                throw .unsafeDirectory(
                    path: directory,
                    reason: "owned by uid \(info.st_uid), not by you (uid \(me)) or root; "
                        + "remove it or choose another --socket")
            }
            return
        }
        guard errno == ENOENT else {
            throw .system(path: directory, step: "stat", errno: errno)
        }
        let parent = Paths.directory(of: directory)
        if !parent.isEmpty && parent != directory { try ensureDirectory(parent) }
        // mkdir honours the umask; chmod makes it exactly owner-only.
        guard mkdir(directory, 0o700) == 0 || errno == EEXIST, chmod(directory, 0o700) == 0 else {
            throw .system(path: directory, step: "mkdir", errno: errno)
        }
    }
}
