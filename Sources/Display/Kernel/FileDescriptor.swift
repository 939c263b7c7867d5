#if canImport(Glibc)
    import Glibc
#endif

/// An open file descriptor that closes itself: the owner of a device node (`/dev/dri/cardN`,
/// `/dev/fbN`, a tty).
///
/// Opened with `O_CLOEXEC` so a helper the host spawns never inherits the display.
final class FileDescriptor {
    /// The descriptor, or -1 once closed.
    private(set) var raw: Int32
    /// The path it was opened from, for messages.
    let path: String

    /// Opens `path` with `flags` (plus `O_CLOEXEC`); on failure returns the errno.
    static func open(_ path: String, flags: Int32) -> Result<FileDescriptor, OpenFailure> {
        let fd = Glibc.open(path, flags | O_CLOEXEC)
        guard fd >= 0 else { return .failure(OpenFailure(path: path, errno: errno)) }
        return .success(FileDescriptor(raw: fd, path: path))
    }

    /// A close-on-exec duplicate of the open descriptor `fd` (standard input, say), known as
    /// `path`; closing it leaves `fd` open.
    static func duplicate(_ fd: Int32, path: String) -> Result<FileDescriptor, OpenFailure> {
        let copy = fcntl(fd, F_DUPFD_CLOEXEC, 0)
        guard copy >= 0 else { return .failure(OpenFailure(path: path, errno: errno)) }
        return .success(FileDescriptor(raw: copy, path: path))
    }

    private init(raw: Int32, path: String) {
        self.raw = raw
        self.path = path
    }

    /// Closes now (idempotent).
    func close() {
        if raw >= 0 { _ = Glibc.close(raw) }
        raw = -1
    }

    deinit { close() }
}

/// Why `open(2)` failed on a device node.
struct OpenFailure: Error {
    let path: String
    let errno: Int32

    /// Whether the failure is about permissions (EACCES, EPERM).
    var isPermission: Bool { errno == EACCES || errno == EPERM }

    /// The group owning the node (`video` for DRM cards and fb devices on Debian), to name in a
    /// "not allowed" message.
    var owningGroup: String { DeviceNode.group(of: path) ?? "video" }
}

/// A failed system call's errno, as a typed error.
struct SystemError: Error {
    let errno: Int32
}

/// Facts about device nodes.
enum DeviceNode {
    /// The name of the group owning `path`, if it exists and the group has a name.
    static func group(of path: String) -> String? {
        var st = stat()
        guard stat(path, &st) == 0, let group = getgrgid(st.st_gid) else { return nil }
        return String(cString: group.pointee.gr_name)
    }

    /// Whether something exists at `path`.
    static func exists(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0
    }

    /// `prefix0`, `prefix1`, … that exist, in order (`/dev/dri/card`, `/dev/fb`).
    static func numbered(_ prefix: String, upTo count: Int = 16) -> [String] {
        (0..<count).map { "\(prefix)\($0)" }.filter(exists)
    }

    /// A message for errno `code`.
    static func describe(_ code: Int32) -> String {
        "\(String(cString: strerror(code))) (errno \(code))"
    }
}
