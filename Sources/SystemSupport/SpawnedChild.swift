import CSystemSupport
import Glibc

/// A started child process and the read ends of its standard output and error.
struct SpawnedChild {
    let pid: pid_t
    let output: Int32
    let errors: Int32

    /// Starts `path` with `arguments` (the first is the name it sees) and pipes for its output.
    static func spawn(path: String, arguments: [String]) -> Result<SpawnedChild, ProgramFailure> {
        var output: [Int32] = [-1, -1]
        var errors: [Int32] = [-1, -1]
        guard nightstand_pipe2(&output, O_CLOEXEC) == 0, nightstand_pipe2(&errors, O_CLOEXEC) == 0
        else {
            let reason = systemError(errno)
            for fd in output + errors where fd >= 0 { close(fd) }
            return .failure(.launchFailed(reason: reason))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        // Nothing else: a descriptor a library opened without close-on-exec (libmosquitto's
        // socket to the broker) would otherwise live on in a command's children, keeping the
        // connection open after the display is gone.
        nightstand_spawn_close_from(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        // A process group of its own (its id is the child's pid): stopping the child stops
        // whatever it started too, so no grandchild outlives a run that timed out.
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes,
            Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let status = posix_spawn(
            &pid, path, &actions, &attributes, argv, UnsafePointer(nightstand_environment()))
        close(output[1])
        close(errors[1])
        guard status == 0 else {
            close(output[0])
            close(errors[0])
            return .failure(.launchFailed(reason: systemError(status)))
        }
        return .success(SpawnedChild(pid: pid, output: output[0], errors: errors[0]))
    }

    /// Reads both pipes to their ends, and closes them.
    ///
    /// Fails at the deadline, on cancellation, or when standard output passes `outputLimit`
    /// bytes.
    func collect(
        until deadline: ContinuousClock.Instant, timeout: Double, outputLimit: Int,
        cancellation: ProgramCancellation?
    ) -> Result<(output: [UInt8], errors: [UInt8]), ProgramFailure> {
        var fds = [output, errors, cancellation?.readEnd ?? -1].map {
            pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
        }
        defer { for fd in fds.prefix(2) where fd.fd >= 0 { close(fd.fd) } }
        var streams: [[UInt8]] = [[], []]
        let limits = [outputLimit, Program.errorLimit]
        var chunk = [UInt8](repeating: 0, count: 4096)
        while fds[0].fd >= 0 || fds[1].fd >= 0 {
            let wait = deadline.millisecondsFromNow
            guard wait > 0 else { return .failure(.timedOut(seconds: timeout)) }
            let ready = poll(&fds, nfds_t(fds.count), Int32(clamping: wait))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return .failure(.timedOut(seconds: timeout)) }
            if fds[2].revents != 0 { return .failure(.cancelled) }
            for i in 0..<2 where fds[i].fd >= 0 && fds[i].revents != 0 {
                let count = chunk.withUnsafeMutableBytes {
                    read(fds[i].fd, $0.baseAddress, $0.count)
                }
                if count > 0 {
                    if i == 0 && streams[0].count + count > outputLimit {
                        return .failure(.outputTooLong(limit: outputLimit))
                    }
                    streams[i] += chunk[0..<min(count, max(0, limits[i] - streams[i].count))]
                } else if count == 0 || errno != EINTR {
                    close(fds[i].fd)
                    fds[i].fd = -1  // end of file: poll(2) skips negative descriptors
                }
            }
        }
        return .success((streams[0], streams[1]))
    }

    /// Waits for the exit until the deadline or cancellation; nil if neither came first.
    ///
    /// Polls with `WNOHANG` in steps of at most 10 ms: the pipes have closed, so a program
    /// that is still running is about to exit (or detached itself, and the deadline decides).
    func waitForExit(until deadline: ContinuousClock.Instant, cancellation: ProgramCancellation?)
        -> ProgramEnding?
    {
        var cancel = pollfd(fd: cancellation?.readEnd ?? -1, events: Int16(POLLIN), revents: 0)
        while true {
            if let ending = Self.reap(pid, blocking: false) { return ending }
            let wait = min(deadline.millisecondsFromNow, 10)
            guard wait > 0, poll(&cancel, 1, Int32(wait)) <= 0 else { return nil }
        }
    }

    /// Ends the program and everything it started (its process group): SIGTERM now, SIGKILL a
    /// second later to whatever is still there (it may ignore SIGTERM), then reaps it, on a
    /// thread of its own so the caller need not wait.
    ///
    /// The group's id stays reserved while any member lives, even after the program itself is
    /// reaped, so the second signal cannot reach an unrelated process.
    func stop() {
        let pid = pid
        kill(-pid, SIGTERM)
        let reaper: @Sendable () -> Void = {
            for _ in 0..<100 {
                if Self.reap(pid, blocking: false) != nil { break }
                usleep(10_000)
            }
            kill(-pid, SIGKILL)
            _ = Self.reap(pid, blocking: true)
        }
        if !DetachedThread.start(name: "reaper", reaper) {
            kill(-pid, SIGKILL)
            _ = Self.reap(pid, blocking: true)
        }
    }

    /// The child's ending if it has ended (always, when `blocking`).
    private static func reap(_ pid: pid_t, blocking: Bool) -> ProgramEnding? {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, blocking ? 0 : WNOHANG)
            if result < 0 && errno == EINTR { continue }
            // ECHILD: already reaped; nothing more to learn.
            guard result == pid else { return result < 0 ? .exited(-1) : nil }
            // <sys/wait.h>'s WIFEXITED, WEXITSTATUS and WTERMSIG, which are macros.
            let signal = status & 0x7f
            return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
        }
    }
}
