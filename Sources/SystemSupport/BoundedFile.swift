import Glibc

/// Reads a file that comes from outside the program (a sensor file, a data file, a cache, an
/// image) without blocking and within a size: the one way Nightstand reads such files.
///
/// - The file is opened `O_NONBLOCK`, so a FIFO (or a device) at the path never blocks
///   `open(2)`, and then refused unless it is a regular file: `/dev/zero` is not read until
///   memory runs out, and a FIFO nobody writes does not hold the run loop.
/// - In a directory that others may write (`/tmp`, `/var/tmp`, a shared drop folder) the last
///   component is not followed if it is a symbolic link (`O_NOFOLLOW`): another user's link
///   cannot point the read at a file of theirs choosing.
/// - At most `limit` bytes are read; a longer file is refused, not cut.
///
/// ```swift
/// switch BoundedFile.read("/run/lux", limit: 4096) {
/// case .success(let bytes): print(String(decoding: bytes, as: UTF8.self))
/// case .failure(let error): print(error)  // "/run/lux: a FIFO, not a regular file"
/// }
/// ```
package enum BoundedFile {
    /// The contents of the regular file at `path`, at most `limit` bytes.
    package static func read(_ path: String, limit: Int) -> Result<[UInt8], BoundedFileError> {
        var flags = O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC
        if isShared(Paths.directory(of: path)) { flags |= O_NOFOLLOW }
        let fd = retryingEINTR { open(path, flags) }
        guard fd >= 0 else {
            let code = errno
            // O_NOFOLLOW meeting a link fails with ELOOP: say what it was.
            if code == ELOOP && flags & O_NOFOLLOW != 0 {
                return .failure(BoundedFileError(path: path, problem: .sharedLink))
            }
            return .failure(BoundedFileError(path: path, problem: .system(code)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            return .failure(BoundedFileError(path: path, problem: .system(errno)))
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            return .failure(BoundedFileError(path: path, problem: .notRegular(kind(info.st_mode))))
        }
        guard Int(info.st_size) <= limit else {
            return .failure(BoundedFileError(path: path, problem: .tooLarge(limit: limit)))
        }
        // sysfs and procfs files report a size of 0 or a page: read to the end, up to the
        // limit and one byte more, which tells a file that grew past it.
        var bytes = [UInt8](repeating: 0, count: min(limit, max(Int(info.st_size), 4096)) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard count <= limit else {
                    return .failure(BoundedFileError(path: path, problem: .tooLarge(limit: limit)))
                }
                bytes += [UInt8](repeating: 0, count: min(limit + 1, 2 * count) - count)
            }
            let n = bytes.withUnsafeMutableBytes { buffer in
                retryingEINTR {
                    Glibc.read(fd, buffer.baseAddress?.advanced(by: count), buffer.count - count)
                }
            }
            guard n >= 0 else {
                return .failure(BoundedFileError(path: path, problem: .system(errno)))
            }
            if n == 0 { break }
            count += n
        }
        bytes.removeSubrange(count...)
        return .success(bytes)
    }

    /// Whether others than the owner may create files in `directory` (mode `o+w` or `g+w`):
    /// there, a path's last component may be someone else's link.
    static func isShared(_ directory: String) -> Bool {
        var info = stat()
        guard stat(directory.isEmpty ? "." : directory, &info) == 0 else { return false }
        return info.st_mode & (S_IWOTH | S_IWGRP) != 0
    }

    /// A file type in words: "a FIFO", "a directory".
    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFDIR: "a directory"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }
}

/// Why ``BoundedFile`` read nothing: the path and the problem.
package struct BoundedFileError: Error, Equatable, CustomStringConvertible {
    /// What kept the file from being read.
    package enum Problem: Equatable, Sendable {
        /// A system call failed with this errno (`ENOENT`, `EACCES`, …).
        case system(Int32)
        /// Something other than a regular file is there ("a FIFO").
        case notRegular(String)
        /// The file holds more than this many bytes.
        case tooLarge(limit: Int)
        /// A symbolic link in a directory others may write.
        case sharedLink
    }

    /// The file.
    package let path: String
    /// What went wrong.
    package let problem: Problem

    /// An error for `path`.
    package init(path: String, problem: Problem) {
        self.path = path
        self.problem = problem
    }

    /// Whether nothing is at the path (`ENOENT`, `ENOTDIR`).
    package var isMissing: Bool { problem == .system(ENOENT) || problem == .system(ENOTDIR) }

    /// Whether this user may not read it (`EACCES`, `EPERM`).
    package var isPermission: Bool { problem == .system(EACCES) || problem == .system(EPERM) }

    /// The problem in words: "No such file or directory (errno 2)", "a FIFO, not a regular
    /// file", "larger than 4 KiB".
    package var reason: String {
        switch problem {
        case .system(let code): "\(systemError(code)) (errno \(code))"
        case .notRegular(let kind): "\(kind), not a regular file"
        case .tooLarge(let limit): "larger than \(Self.size(limit))"
        case .sharedLink:
            "a symbolic link in a directory others can write; expected a regular file"
        }
    }

    /// "`path`: `reason`".
    package var description: String { "\(path): \(reason)" }

    /// A size in the largest whole binary unit: "4 KiB", "8 MiB", "100 bytes".
    static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}

/// Runs a system call again while it fails with `EINTR`.
func retryingEINTR<T: SignedInteger>(_ call: () -> T) -> T {
    while true {
        let result = call()
        if result >= 0 || errno != EINTR { return result }
    }
}
