import FoundationEssentials
import Glibc
import SystemSupport

/// Reads and writes small sysfs attribute files (`in_illuminance_raw`, `brightness`) with
/// `open(2)`/`read(2)`/`write(2)`, so a failure keeps its errno: "permission denied" must read
/// differently from "no such file".
enum SysfsFile {
    /// The largest attribute we read: sysfs hands out at most a page per attribute.
    private static let pageSize = 4096

    /// The whole contents of `path`.
    static func read(_ path: String) -> Result<String, SysfsFailure> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(SysfsFailure(path: path, errno: errno)) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: pageSize)
        while true {
            let count = chunk.withUnsafeMutableBytes {
                Glibc.read(fd, $0.baseAddress, pageSize)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(SysfsFailure(path: path, errno: errno))
            }
            if count == 0 { break }
            bytes += chunk[0..<count]
        }
        return .success(String(decoding: bytes, as: UTF8.self))
    }

    /// Writes `text` to `path` in one `write(2)`, as sysfs attributes expect (truncating, as a
    /// shell's `>` does, so a regular file in a test tree holds exactly `text`).
    static func write(_ text: String, to path: String) -> Result<Void, SysfsFailure> {
        let fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
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
        let fd = open(path, O_WRONLY | O_CLOEXEC)
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

/// Why a sysfs read or write failed: the path and the errno.
struct SysfsFailure: Error, Equatable {
    /// The attribute file.
    let path: String
    /// The errno of the failed call.
    let errno: Int32

    /// Whether the failure is about permissions (EACCES, EPERM).
    var isPermission: Bool { errno == EACCES || errno == EPERM }

    /// The system's message for the errno: "No such file or directory (errno 2)".
    var reason: String { "\(systemError(errno)) (errno \(errno))" }
}
