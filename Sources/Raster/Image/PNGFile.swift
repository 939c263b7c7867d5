#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Whole-file reads and atomic writes for PNG files, with POSIX calls so that every failure
/// keeps its `errno` for ``PNGError``.
///
/// Writes go to a temporary file in the target's directory, are flushed (`fsync`), then
/// `rename(2)`d over the target: a reader (a web server, the headless sink's consumer) sees the
/// old file or the new one, never half of one, and a crash leaves at most a stray
/// `.<name>.<pid>.<n>.tmp` behind.
enum PNGFile {
    /// The bytes of the file at `path`.
    static func contents(of path: String) throws -> [UInt8] {
        let fd = retryingEINTR { open(path, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw readError(path, errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw readError(path, errno) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(max(Int(info.st_size), 0))
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { buf in
                retryingEINTR { read(fd, buf.baseAddress, buf.count) }
            }
            guard n >= 0 else { throw readError(path, errno) }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return bytes
    }

    /// Replaces the file at `path` with `bytes`, atomically (see the type's discussion).
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        // pid + a random number: concurrent writers (two processes, two threads) never share
        // a temporary file; O_EXCL makes a collision an error rather than a shared file.
        let temp = "\(directory).\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = retryingEINTR { open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
        guard fd >= 0 else { throw writeError(path, "create temporary file", errno) }
        var closed = false
        var renamed = false
        defer {
            if !closed { close(fd) }
            if !renamed { unlink(temp) }
        }
        try bytes.withUnsafeBytes { buf in
            guard let base = buf.baseAddress else { return }
            var offset = 0
            while offset < buf.count {
                let n = retryingEINTR { write(fd, base + offset, buf.count - offset) }
                guard n > 0 else { throw writeError(path, "write", errno) }
                offset += n
            }
        }
        guard fsync(fd) == 0 else { throw writeError(path, "fsync", errno) }
        closed = true
        guard close(fd) == 0 else { throw writeError(path, "close", errno) }
        guard rename(temp, path) == 0 else { throw writeError(path, "rename", errno) }
        renamed = true
    }

    private static func readError(_ path: String, _ code: Int32) -> PNGError {
        switch code {
        case ENOENT, ENOTDIR: PNGError(file: path, reason: .fileNotFound)
        case EACCES, EPERM: PNGError(file: path, reason: .permissionDenied)
        default: PNGError(file: path, reason: .unreadable(errno: code))
        }
    }

    private static func writeError(_ path: String, _ step: String, _ code: Int32) -> PNGError {
        PNGError(file: path, reason: .unwritable(step: step, errno: code))
    }

    /// Runs a system call again while it fails with `EINTR`.
    private static func retryingEINTR<T: SignedInteger>(_ call: () -> T) -> T {
        while true {
            let result = call()
            if result >= 0 || errno != EINTR { return result }
        }
    }
}
