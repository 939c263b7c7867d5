import CSystemSupport
import Foundation
import Synchronization

/// A program a test starts and keeps running: a broker, a display, a subscriber, a browser.
///
/// Started with `posix_spawn` as Nightstand starts its own children: no signal blocked, default
/// dispositions, and no descriptor but 0, 1 and 2. Foundation's `Process` is not used: it learns
/// of a child's end from a socket the child inherits, and a long-lived program started by a
/// test running alongside could inherit that socket too, so `waitUntilExit()` waited for the
/// wrong program (a run of the whole suite hung that way).
final class Child: Sendable {
    /// The child's process id.
    let pid: pid_t
    private let ended = Mutex(false)

    /// Starts `arguments` (an absolute path first) with standard output and error appended to
    /// the files `output` and `errors` (`/dev/null` when nil), in a session of its own when
    /// `newSession` (its helpers then share its process group).
    init(
        _ arguments: [String], output: String? = nil, errors: String? = nil,
        newSession: Bool = false
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        for (fd, path) in [(Int32(1), output), (2, errors)] {
            posix_spawn_file_actions_addopen(
                &actions, fd, path ?? "/dev/null", O_WRONLY | O_CREAT | O_APPEND, 0o600)
        }
        nightstand_spawn_close_from(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        // POSIX_SPAWN_SETSID (glibc 2.26) is 0x80.
        let flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | (newSession ? 0x80 : 0)
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let status = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environ)
        guard status == 0 else {
            throw BrokerError("can't start \(arguments[0]): \(String(cString: strerror(status)))")
        }
        self.pid = pid
    }

    deinit {
        if isRunning {
            Glibc.kill(pid, SIGKILL)
            wait()
        }
    }

    /// Whether it has not ended yet (reaping it if it has).
    var isRunning: Bool {
        ended.withLock { ended in
            if !ended {
                var status: Int32 = 0
                ended = waitpid(pid, &status, WNOHANG) == pid
            }
            return !ended
        }
    }

    /// Sends `signal` to the child, or to its process group (the session's helpers too) when
    /// `group`.
    func kill(_ signal: Int32, group: Bool = false) {
        if group {
            Glibc.kill(-pid, signal)
        } else if isRunning {
            Glibc.kill(pid, signal)
        }
    }

    /// Waits for its end.
    func wait() {
        ended.withLock { ended in
            guard !ended else { return }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            ended = true
        }
    }
}
