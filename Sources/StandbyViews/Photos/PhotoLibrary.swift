import Glibc
import Raster

/// The photos of a folder: found with bounded work, opened without following links.
///
/// A scan reads the folder and its subfolders (up to ``maxDepth`` below it) and keeps the
/// regular files named `*.jpg`, `*.jpeg` or `*.png` (any case), as paths relative to the
/// folder (``PhotoPath``: the names' bytes, UTF-8 or not), sorted, each with its
/// ``FileVersion``. It never follows a symbolic link (a link in a shared folder could point anywhere:
/// `/dev/zero`, another user's files, a loop), skips names starting with a dot, and reads at
/// most ``maxEntries`` directory entries in all, so a folder of a million files or a deep tree
/// costs a bounded time; a scan cut short says so.
///
/// Opening a photo walks its relative path a component at a time from the folder with
/// `openat(O_NOFOLLOW)`, so a subfolder swapped for a link after the scan is refused too.
///
/// ```swift
/// let library = PhotoLibrary(folder: "/srv/photos")
/// let scan = try library.scan()          // scan.photos: ["2024/beach.jpg", "cat.png"]
/// let fd = try library.open(scan.photos[0])
/// ```
public struct PhotoLibrary: Sendable, Equatable {
    /// What a scan found.
    public struct Scan: Sendable, Equatable {
        /// The photos, relative to the folder, sorted.
        public var photos: [PhotoPath] = []
        /// Each photo's version as the scan found it.
        public var versions: [PhotoPath: FileVersion] = [:]
        /// Symbolic links passed over.
        public var links = 0
        /// Whether the scan stopped at ``PhotoLibrary/maxEntries``.
        public var truncated = false
    }

    /// Which contents a file had: a file written, replaced, renamed over or changed in mode
    /// since has another version (its inode, size or status change time differ).
    public struct FileVersion: Hashable, Sendable {
        /// The inode, the size in bytes, and the status change time (`st_ctim`).
        let inode: UInt64
        let size: Int64
        let changedSeconds: Int
        let changedNanoseconds: Int

        init(_ info: stat) {
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            changedSeconds = info.st_ctim.tv_sec
            changedNanoseconds = info.st_ctim.tv_nsec
        }
    }

    /// The folder.
    public let folder: String
    /// The most directory entries one scan reads.
    ///
    /// Default: 10 000.
    public var maxEntries = 10_000
    /// How many levels of subfolders a scan goes into.
    ///
    /// Default: 3.
    public var maxDepth = 3

    /// The photos of `folder` (a path; the folder itself may be reached through a link).
    public init(folder: String) {
        self.folder = folder
    }

    /// Reads the folder.
    ///
    /// - Throws: ``PhotoError`` naming the folder when it cannot be opened.
    public func scan() throws(PhotoError) -> Scan {
        let root = Glibc.open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard root >= 0 else { throw PhotoError(file: folder, errno: errno) }
        var scan = Scan()
        var budget = maxEntries
        read(root, prefix: PhotoPath([]), depth: 0, budget: &budget, into: &scan)
        scan.photos.sort()
        return scan
    }

    /// Reads the directory open on `fd` (closing it), adding its photos under `prefix`.
    private func read(
        _ fd: Int32, prefix: PhotoPath, depth: Int, budget: inout Int, into scan: inout Scan
    ) {
        guard let directory = fdopendir(fd) else {
            close(fd)
            return
        }
        defer { closedir(directory) }
        var subfolders: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name == [0x2E] || name == [0x2E, 0x2E] { continue }  // "." and ".."
            guard budget > 0 else {
                scan.truncated = true
                return
            }
            budget -= 1
            if name.first == UInt8(ascii: ".") { continue }
            var info = stat()
            guard fstatat(fd, Self.cName(name), &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                scan.links += 1
            case S_IFDIR:
                if depth < maxDepth { subfolders.append(name) }
            case S_IFREG where Self.isPhotoName(name):
                let photo = prefix.appending(name)
                scan.photos.append(photo)
                scan.versions[photo] = FileVersion(info)
            default:
                break
            }
        }
        for name in subfolders.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            guard budget > 0 else { return }
            let sub = openat(fd, Self.cName(name), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard sub >= 0 else { continue }
            read(
                sub, prefix: prefix.appending(name), depth: depth + 1, budget: &budget, into: &scan)
        }
    }

    /// Whether a file name ends in `.jpg`, `.jpeg` or `.png`, in any case.
    static func isPhotoName(_ name: [UInt8]) -> Bool {
        // ASCII letters to lower case, from the end.
        let tail = name.reversed().prefix(5).map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        return [".jpg", ".jpeg", ".png"].contains { tail.starts(with: $0.utf8.reversed()) }
    }

    /// `name` as a C string (a name from the file system holds no NUL).
    private static func cName(_ name: [UInt8]) -> [CChar] {
        name.map { CChar(bitPattern: $0) } + [0]
    }

    /// Opens `photo` (a path from ``scan()``) for reading, following no link on the way and
    /// not blocking; the caller closes the descriptor.
    ///
    /// - Throws: ``PhotoError`` naming the photo's full path.
    public func open(_ photo: PhotoPath) throws(PhotoError) -> Int32 {
        let path = self.path(of: photo)
        var fd = Glibc.open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw PhotoError(file: path, errno: errno) }
        let parts = photo.components
        guard !parts.isEmpty, !parts.contains([0x2E, 0x2E]), !parts.contains([0x2E]) else {
            close(fd)
            throw PhotoError(file: path, reason: .fileNotFound)
        }
        for (index, part) in parts.enumerated() {
            let last = index == parts.count - 1
            let flags =
                O_RDONLY | O_NOFOLLOW | O_CLOEXEC | (last ? O_NONBLOCK | O_NOCTTY : O_DIRECTORY)
            let next = openat(fd, Self.cName(part), flags)
            var code = errno
            if next < 0, code == ENOTDIR || code == ELOOP {
                // A link met with O_DIRECTORY reads as "not a directory": say what it is.
                var info = stat()
                if fstatat(fd, Self.cName(part), &info, AT_SYMLINK_NOFOLLOW) == 0,
                    info.st_mode & S_IFMT == S_IFLNK
                {
                    code = ELOOP
                }
            }
            close(fd)
            guard next >= 0 else { throw PhotoError(file: path, errno: code) }
            fd = next
        }
        return fd
    }

    /// The full path of `photo`, for messages (escaped where it is not plain text).
    public func path(of photo: PhotoPath) -> String {
        folder.hasSuffix("/") ? folder + photo.description : folder + "/" + photo.description
    }
}
