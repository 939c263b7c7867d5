import Glibc

/// Reads a file that comes from outside the program (a sensor file, a data file, a cache, an
/// image, a secret) without blocking and within a size: the one way Nightstand opens such files.
///
/// - The file is opened `O_NONBLOCK`, so a FIFO (or a device) at the path never blocks
///   `open(2)`, and then refused unless it is a regular file: `/dev/zero` is not read until
///   memory runs out, and a FIFO nobody writes does not hold the run loop.
/// - In a directory that others may write (`/tmp`, `/var/tmp`, a shared drop folder) the last
///   component is not followed if it is a symbolic link (`O_NOFOLLOW`): another user's link
///   cannot point the read at a file of their choosing. ``Links/never`` refuses a link
///   anywhere (a secret).
/// - At most `limit` bytes are read; a longer file is refused, not cut.
///
/// ```swift
/// switch BoundedFile.read("/run/lux", limit: 4096) {
/// case .success(let bytes): print(String(decoding: bytes, as: UTF8.self))
/// case .failure(let error): print(error)  // "/run/lux: a FIFO, not a regular file"
/// }
/// ```
///
/// For a file another library opens by its path (a font FreeType maps, a CA file TLS reads),
/// ``check(_:limit:links:)`` makes the same checks without reading it, so that the library
/// never meets a FIFO.
package enum BoundedFile {
    /// Where a symbolic link at the path is followed.
    package enum Links: Sendable {
        /// Followed, except in a directory others may write (the default).
        case notInSharedDirectories
        /// Never: a link is refused wherever it is (a secret's file).
        case never
    }

    /// The contents of the regular file at `path`, at most `limit` bytes.
    package static func read(
        _ path: String, limit: Int, links: Links = .notInSharedDirectories
    ) -> Result<[UInt8], BoundedFileError> {
        let opened: (fd: Int32, size: Int)
        switch open(path, limit: limit, links: links) {
        case .success(let file): opened = file
        case .failure(let error): return .failure(error)
        }
        defer { close(opened.fd) }
        // sysfs and procfs files report a size of 0 or a page: read to the end, up to the
        // limit and one byte more, which tells a file that grew past it.
        var bytes = [UInt8](repeating: 0, count: min(limit, max(opened.size, 4096)) + 1)
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
                    Glibc.read(
                        opened.fd, buffer.baseAddress?.advanced(by: count), buffer.count - count)
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

    /// The size of the regular file at `path` if ``read(_:limit:links:)`` would read it:
    /// opened the same way and closed again, nothing read.
    package static func check(
        _ path: String, limit: Int, links: Links = .notInSharedDirectories
    ) -> Result<Int, BoundedFileError> {
        open(path, limit: limit, links: links).map { file in
            close(file.fd)
            return file.size
        }
    }

    /// Opens `path` without blocking and checks it: a regular file of at most `limit` bytes.
    ///
    /// The caller closes the descriptor.
    private static func open(
        _ path: String, limit: Int, links: Links
    ) -> Result<(fd: Int32, size: Int), BoundedFileError> {
        var flags = O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC
        let shared = links == .notInSharedDirectories && isShared(Paths.directory(of: path))
        if links == .never || shared { flags |= O_NOFOLLOW }
        let fd = retryingEINTR { Glibc.open(path, flags) }
        guard fd >= 0 else {
            let code = errno
            // O_NOFOLLOW meeting a link fails with ELOOP: say what it was.
            if code == ELOOP && flags & O_NOFOLLOW != 0 {
                return .failure(BoundedFileError(path: path, problem: shared ? .sharedLink : .link))
            }
            return .failure(BoundedFileError(path: path, problem: .system(code)))
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            return .failure(BoundedFileError(path: path, problem: .system(code)))
        }
        let problem: BoundedFileError.Problem? =
            info.st_mode & S_IFMT != S_IFREG
            ? .notRegular(kind(info.st_mode))
            : Int(info.st_size) > limit ? .tooLarge(limit: limit) : nil
        if let problem {
            close(fd)
            return .failure(BoundedFileError(path: path, problem: problem))
        }
        return .success((fd, Int(info.st_size)))
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

/// Runs a system call again while it fails with `EINTR`.
func retryingEINTR<T: SignedInteger>(_ call: () -> T) -> T {
    while true {
        let result = call()
        if result >= 0 || errno != EINTR { return result }
    }
}
