import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Why the control socket could not be served or reached.
public enum ControlSocketError: Error, Equatable, CustomStringConvertible {
    /// Another instance answers on the socket (`nightstand run` refuses to start).
    case alreadyRunning(path: String)
    /// Nothing answers on the socket (the client's "is it running?").
    case notRunning(path: String)
    /// The socket belongs to another user: it is owner-only.
    case permissionDenied(path: String)
    /// The process serving the socket runs as a user the client does not trust (see
    /// ``ControlClient``): another user may have put the socket there.
    case untrustedServer(path: String, uid: UInt32)
    /// Something other than a socket sits at the path.
    case notASocket(path: String)
    /// The directory that would hold the socket is unsafe or unusable.
    case unsafeDirectory(path: String, reason: String)
    /// The path does not fit a Unix socket address.
    case pathTooLong(path: String, limit: Int)
    /// A system call failed.
    case system(path: String, step: String, errno: Int32)
    /// The instance sent no reply in time, or one that is not a reply.
    case badReply(path: String, reason: String)

    /// The exit status a command gives for this error (sysexits.h): 69 (EX_UNAVAILABLE) when
    /// no instance runs, 77 (EX_NOPERM) for another user's socket (or server), 73 (EX_CANTCREAT) when the
    /// socket can't be made, 76 (EX_PROTOCOL) for a bad reply, 71 (EX_OSERR) otherwise.
    public var exitCode: Int32 {
        switch self {
        case .notRunning: 69
        case .permissionDenied, .untrustedServer: 77
        case .alreadyRunning, .notASocket, .unsafeDirectory, .pathTooLong: 73
        case .badReply: 76
        case .system: 71
        }
    }

    /// The message, naming the path and what to do.
    public var description: String {
        switch self {
        case .alreadyRunning(let path):
            "another nightstand is running on \(path); stop it first, or give this one another "
                + "--socket"
        case .notRunning(let path):
            "no running nightstand at \(path) (is `nightstand run` running as this user?)"
        case .permissionDenied(let path):
            "\(path): permission denied; the control socket is owner-only, so run this as the "
                + "user that runs nightstand"
        case .untrustedServer(let path, let uid):
            "\(path) is served by uid \(uid), neither you (uid \(getuid())) nor root; another "
                + "user may have put it there, so nothing was sent (choose another --socket)"
        case .notASocket(let path):
            "\(path) exists and is not a socket; remove it or choose another --socket"
        case .unsafeDirectory(let path, let reason):
            "\(path): \(reason)"
        case .pathTooLong(let path, let limit):
            "\(path): a Unix socket path has at most \(limit) bytes; choose a shorter --socket"
        case .system(let path, let step, let errno):
            "\(path): \(step) failed: \(systemError(errno)) (errno \(errno))"
        case .badReply(let path, let reason):
            "\(path): \(reason)"
        }
    }
}
