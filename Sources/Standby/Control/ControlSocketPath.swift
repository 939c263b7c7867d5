import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Where the control socket lives when `--socket` does not say.
///
/// - `$RUNTIME_DIRECTORY/control.sock` in a system service (`RuntimeDirectory=nightstand`
///   makes that `/run/nightstand/control.sock`), whatever `XDG_RUNTIME_DIR` says (the unit
///   in `systemd/` sets it to the same directory for other uses);
/// - `$XDG_RUNTIME_DIR/nightstand/control.sock` in a login session;
/// - `/tmp/nightstand-UID/control.sock` otherwise.
public enum ControlSocketPath {
    /// Where a system service's socket is, for clients outside the service.
    public static let systemService = "/run/nightstand/control.sock"

    /// Where `nightstand run` listens.
    public static func serverDefault(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        userID: uid_t = getuid()
    ) -> String {
        // systemd lists one directory per RuntimeDirectory= name, separated by colons.
        if let service = environment["RUNTIME_DIRECTORY"]?.split(separator: ":").first {
            return service + "/control.sock"
        }
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            return runtime + "/nightstand/control.sock"
        }
        return "/tmp/nightstand-\(userID)/control.sock"
    }

    /// Where a client connects: the server's default for this user when a socket is there,
    /// else the system service's when one is there, else the server's default (which then
    /// reports that nothing runs).
    public static func clientDefault(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        userID: uid_t = getuid()
    ) -> String {
        let own = serverDefault(environment: environment, userID: userID)
        return [own, systemService].first(where: isSocket) ?? own
    }

    /// Whether a socket (live or stale) sits at `path`.
    static func isSocket(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFSOCK
    }
}
