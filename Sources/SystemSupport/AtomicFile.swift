import Glibc

/// Replaces whole files so that readers never see half of one: the one way Nightstand writes
/// its output files (snapshots, the headless screen image, PNGs).
///
/// The bytes go to a new temporary file beside the target, `.<name>.<pid>.<random>.tmp`, which
/// is then `rename(2)`d over the target (atomic within one filesystem): a viewer polling the
/// file sees the old one or the new one. The temporary file is created `O_EXCL | O_NOFOLLOW`
/// under a name nobody can guess, so in a shared directory another user's link or file at that
/// name makes the write fail instead of redirecting it. A character device at the target
/// (`/dev/null`, `/dev/full`) is written in place: there is nothing to replace.
///
/// Every failure carries the step and the errno; a failed write leaves no temporary file.
///
/// ```swift
/// try AtomicFile.replace([header, pixels], at: "/run/nightstand/screen.ppm")
/// ```
package enum AtomicFile {
    /// Replaces the file at `path` with `parts`, written in order; with `durable`, the data is
    /// on the disk (`fsync(2)`) before the rename.
    package static func replace(_ parts: [[UInt8]], at path: String, durable: Bool = false)
        throws(AtomicFileError)
    {
        var info = stat()
        if lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR {
            try writeInPlace(parts, at: path)
            return
        }
        let directory = Paths.directory(of: path)
        let name = Paths.name(of: path)
        let temporary = Paths.join(
            directory, ".\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        let fd = retryingEINTR {
            open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        }
        guard fd >= 0 else { throw AtomicFileError(path: path, step: "create", errno: errno) }
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        do throws(AtomicFileError) {
            try write(parts, to: fd, path: path)
            if durable && fsync(fd) != 0 {
                throw AtomicFileError(path: path, step: "fsync", errno: errno)
            }
        } catch {
            close(fd)
            throw error
        }
        guard close(fd) == 0 else { throw AtomicFileError(path: path, step: "close", errno: errno) }
        guard rename(temporary, path) == 0 else {
            throw AtomicFileError(path: path, step: "rename", errno: errno)
        }
        renamed = true
    }

    /// Writes a character device where it is.
    private static func writeInPlace(_ parts: [[UInt8]], at path: String) throws(AtomicFileError) {
        let fd = retryingEINTR { open(path, O_WRONLY | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC) }
        guard fd >= 0 else { throw AtomicFileError(path: path, step: "open", errno: errno) }
        defer { close(fd) }
        try write(parts, to: fd, path: path)
    }

    /// Writes every byte of `parts` to `fd`.
    private static func write(_ parts: [[UInt8]], to fd: Int32, path: String)
        throws(AtomicFileError)
    {
        for part in parts {
            var done = 0
            while done < part.count {
                let n = part.withUnsafeBytes { buffer in
                    retryingEINTR {
                        Glibc.write(fd, buffer.baseAddress?.advanced(by: done), buffer.count - done)
                    }
                }
                // A write of 0 bytes on a non-empty buffer is the disk refusing more.
                guard n > 0 else {
                    throw AtomicFileError(path: path, step: "write", errno: n < 0 ? errno : ENOSPC)
                }
                done += n
            }
        }
    }
}

/// Why ``AtomicFile`` could not replace a file: the target, the step and the errno.
package struct AtomicFileError: Error, Equatable, CustomStringConvertible {
    /// The file being replaced.
    package let path: String
    /// The step that failed: "create" (the temporary file), "write", "fsync", "close",
    /// "rename", or "open" (a device).
    package let step: String
    /// The errno of the failed call.
    package let errno: Int32

    /// An error at `step` of writing `path`.
    package init(path: String, step: String, errno: Int32) {
        self.path = path
        self.step = step
        self.errno = errno
    }

    /// "cannot write /out/screen.png: No space left on device (errno 28, at write)".
    package var description: String {
        "cannot write \(path): \(systemError(errno)) (errno \(errno), at \(step))"
    }
}
