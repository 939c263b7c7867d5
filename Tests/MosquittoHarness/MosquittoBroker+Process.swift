import Glibc

/// Running the broker's programs and reading its files, on Glibc alone (the soak's package
/// shares this file, and sees no package-internal helper of Nightstand's).
extension MosquittoBroker {
    /// Runs `command` (a path and its arguments) to its end, its standard input empty: its
    /// status (128 + the signal when killed), standard output and standard error.
    ///
    /// One still running after `timeout` seconds is killed (SIGKILL).
    ///
    /// A program that leaves a daemon behind (`mosquitto -d`) returns once the program ends
    /// and the daemon has let go of the output (Mosquitto's does, to /dev/null).
    static func run(_ command: [String], timeout: Double = 60) -> (
        status: Int32, output: String, errors: String
    ) {
        var output: [Int32] = [-1, -1]
        var errors: [Int32] = [-1, -1]
        // Socket pairs: made close-on-exec at once, so no other thread's child inherits them.
        let kind = Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue)
        guard socketpair(AF_UNIX, kind, 0, &output) == 0,
            socketpair(AF_UNIX, kind, 0, &errors) == 0
        else {
            return (127, "", "no pipe: \(String(cString: strerror(errno)))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        // Nothing else of this process: a descriptor opened without close-on-exec would live on
        // in a daemon (the broker) long after.
        for fd in inheritable() { posix_spawn_file_actions_addclose(&actions, fd) }
        // Signals as a new process has them: the test's threads block some (SIGTERM).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var arguments = command.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, command[0], &actions, &attributes, &arguments, environ)
        close(output[1])
        close(errors[1])
        defer {
            close(output[0])
            close(errors[0])
        }
        guard spawned == 0 else {
            return (127, "", "\(command[0]): \(String(cString: strerror(spawned)))")
        }
        let (out, err) = drain(output[0], errors[0], pid: pid, timeout: timeout)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return (code, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    /// This process's descriptors from 3 up that a program it starts would inherit (not
    /// close-on-exec).
    private static func inheritable() -> [Int32] {
        guard let folder = opendir("/proc/self/fd") else { return [] }
        defer { closedir(folder) }
        let own = dirfd(folder)
        var found: [Int32] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let fd = Int32(name), fd > 2, fd != own else { continue }
            let flags = fcntl(fd, F_GETFD)
            if flags >= 0 && flags & FD_CLOEXEC == 0 { found.append(fd) }
        }
        return found
    }

    /// Everything written to two sockets until both are closed; `pid` is killed after `timeout`
    /// seconds.
    private static func drain(_ first: Int32, _ second: Int32, pid: pid_t, timeout: Double)
        -> ([UInt8], [UInt8])
    {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        var killed = false
        var fds = [
            pollfd(fd: first, events: Int16(POLLIN), revents: 0),
            pollfd(fd: second, events: Int16(POLLIN), revents: 0),
        ]
        var collected: [[UInt8]] = [[], []]
        var buffer = [UInt8](repeating: 0, count: 65536)
        while fds.contains(where: { $0.fd >= 0 }) {
            let left = ContinuousClock.now.duration(to: deadline).components
            let wait =
                killed
                ? -1 : Int32(max(0, left.seconds * 1000 + left.attoseconds / 1_000_000_000_000_000))
            let ready = poll(&fds, 2, wait)
            guard ready >= 0 || errno == EINTR else { break }
            if ready == 0 {
                kill(pid, SIGKILL)
                killed = true
            }
            for index in 0..<2 where fds[index].fd >= 0 && fds[index].revents != 0 {
                let count = Glibc.read(fds[index].fd, &buffer, buffer.count)
                if count > 0 {
                    collected[index] += buffer[0..<count]
                } else if count == 0 || errno != EINTR {
                    fds[index].fd = -1
                }
            }
        }
        return (collected[0], collected[1])
    }

    /// Writes `text` to a new file at `path` (owner-only), replacing one there.
    static func write(_ text: String, to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw MosquittoError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        guard bytes.withUnsafeBytes({ Glibc.write(fd, $0.baseAddress, $0.count) }) == bytes.count
        else { throw MosquittoError("cannot write \(path): \(String(cString: strerror(errno)))") }
    }

    /// The text of the file at `path` (at most 16 MiB).
    static func read(_ path: String) throws -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw MosquittoError("cannot read \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while bytes.count < 16 << 20 {
            let count = Glibc.read(fd, &buffer, buffer.count)
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
