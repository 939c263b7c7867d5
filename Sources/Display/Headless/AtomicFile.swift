#if canImport(Glibc)
    import Glibc
#endif

/// Writes whole files so readers never see half a frame: write a temporary file beside the
/// target, then `rename(2)` it over the target (atomic within one filesystem).
enum AtomicFile {
    /// Replaces the file at `path` with `parts`, written in order.
    static func replace(_ parts: [[UInt8]], to path: String) throws(HeadlessError) {
        let temporary = "\(path).tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .writeFailed(path: temporary, step: "open", errno: errno) }
        for part in parts {
            var done = 0
            while done < part.count {
                let n = part.withUnsafeBytes {
                    Glibc.write(fd, $0.baseAddress.map { $0 + done }, part.count - done)
                }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else {
                    let e = errno
                    Glibc.close(fd)
                    unlink(temporary)
                    throw .writeFailed(path: temporary, step: "write", errno: e)
                }
                done += n
            }
        }
        Glibc.close(fd)
        guard rename(temporary, path) == 0 else {
            let e = errno
            unlink(temporary)
            throw .writeFailed(path: path, step: "rename", errno: e)
        }
    }
}
