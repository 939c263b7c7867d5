import FoundationEssentials
import Glibc
import SystemSupport

/// Reads and writes small sysfs attribute files (`in_illuminance_raw`, `brightness`) and the
/// files sensors are read from, with `open(2)`/`read(2)`/`write(2)`, so a failure keeps its
/// errno: "permission denied" must read differently from "no such file".
enum SysfsFile {
    /// The largest file read: sysfs hands out at most a page per attribute, and a reading
    /// file holds one number.
    static let sizeLimit = 4096

    /// The whole contents of `path`, read as ``SystemSupport/BoundedFile`` reads: without
    /// blocking (a FIFO or `/dev/zero` at the path fails at once), a regular file of at most
    /// ``sizeLimit`` bytes.
    static func read(_ path: String) -> Result<String, SysfsFailure> {
        BoundedFile.read(path, limit: sizeLimit)
            .map { String(decoding: $0, as: UTF8.self) }
            .mapError(SysfsFailure.init)
    }

    /// Writes `text` to `path` in one `write(2)`, as sysfs attributes expect (truncating, as a
    /// shell's `>` does, so a regular file in a test tree holds exactly `text`).
    ///
    /// Opened `O_NONBLOCK` (which sysfs ignores), as every read is: a FIFO at the path fails at
    /// once (`ENXIO` with no reader) instead of holding the run loop in `open(2)`.
    static func write(_ text: String, to path: String) -> Result<Void, SysfsFailure> {
        let fd = open(path, O_WRONLY | O_TRUNC | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .failure(SysfsFailure(path: path, errno: errno)) }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        while true {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written == bytes.count { return .success(()) }
            if written < 0 && errno == EINTR { continue }
            return .failure(SysfsFailure(path: path, errno: written < 0 ? errno : EIO))
        }
    }

    /// Whether this process may open `path` for writing (opened and closed, nothing written).
    static func isWritable(_ path: String) -> Bool {
        let fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return false }
        close(fd)
        return true
    }

    /// Whether something exists at `path`.
    static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }

    /// The names in directory `path`, sorted; empty when it is missing or unreadable.
    static func entries(of path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }
}

/// Why a sysfs read or write failed: the path and the reason.
struct SysfsFailure: Error, Equatable {
    /// The attribute file.
    let path: String
    /// The system's message for the errno, "No such file or directory (errno 2)", or what else
    /// kept the file from being read ("a FIFO, not a regular file").
    let reason: String
    /// Whether the failure is about permissions (EACCES, EPERM).
    let isPermission: Bool

    /// The failure of a call that set `errno`.
    init(path: String, errno: Int32) {
        self.path = path
        reason = "\(systemError(errno)) (errno \(errno))"
        isPermission = errno == EACCES || errno == EPERM
    }

    /// The failure of a bounded read.
    init(_ error: BoundedFileError) {
        path = error.path
        reason = error.reason
        isPermission = error.isPermission
    }
}
