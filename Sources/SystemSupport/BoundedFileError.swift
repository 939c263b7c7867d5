import Glibc

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
        /// A symbolic link where none is followed (``BoundedFile/Links/never``).
        case link
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
        case .link: "a symbolic link, not a regular file"
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
