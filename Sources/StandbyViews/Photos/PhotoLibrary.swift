import Glibc
import Raster

/// The photos of a folder: found with bounded work, opened without following links.
///
/// A scan reads the folder and its subfolders (up to ``maxDepth`` below it) and keeps the
/// files named `*.jpg`, `*.jpeg` or `*.png` (any case), as paths relative to the folder,
/// sorted. It never follows a symbolic link (a link in a shared folder could point anywhere:
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
        public var photos: [String]
        /// Symbolic links passed over.
        public var links: Int
        /// Whether the scan stopped at ``PhotoLibrary/maxEntries``.
        public var truncated: Bool
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
        var scan = Scan(photos: [], links: 0, truncated: false)
        var budget = maxEntries
        read(root, prefix: "", depth: 0, budget: &budget, into: &scan)
        scan.photos.sort()
        return scan
    }

    /// Reads the directory open on `fd` (closing it), adding its photos under `prefix`.
    private func read(
        _ fd: Int32, prefix: String, depth: Int, budget: inout Int, into scan: inout Scan
    ) {
        guard let directory = fdopendir(fd) else {
            close(fd)
            return
        }
        defer { closedir(directory) }
        var subfolders: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            guard budget > 0 else {
                scan.truncated = true
                return
            }
            budget -= 1
            if name.hasPrefix(".") { continue }
            var info = stat()
            guard fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                scan.links += 1
            case S_IFDIR:
                if depth < maxDepth { subfolders.append(name) }
            case S_IFREG where Self.isPhotoName(name):
                scan.photos.append(prefix + name)
            default:
                break
            }
        }
        for name in subfolders.sorted() {
            guard budget > 0 else { return }
            let sub = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard sub >= 0 else { continue }
            read(sub, prefix: prefix + name + "/", depth: depth + 1, budget: &budget, into: &scan)
        }
    }

    /// Whether a file name ends in `.jpg`, `.jpeg` or `.png`, in any case.
    static func isPhotoName(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.hasSuffix(".jpg") || lower.hasSuffix(".jpeg") || lower.hasSuffix(".png")
    }

    /// Opens `photo` (a path from ``scan()``) for reading, following no link on the way and
    /// not blocking; the caller closes the descriptor.
    ///
    /// - Throws: ``PhotoError`` naming the photo's full path.
    public func open(_ photo: String) throws(PhotoError) -> Int32 {
        let path = self.path(of: photo)
        var fd = Glibc.open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw PhotoError(file: path, errno: errno) }
        let parts = photo.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard !parts.isEmpty, !parts.contains(".."), !parts.contains(".") else {
            close(fd)
            throw PhotoError(file: path, reason: .fileNotFound)
        }
        for (index, part) in parts.enumerated() {
            let last = index == parts.count - 1
            let flags =
                O_RDONLY | O_NOFOLLOW | O_CLOEXEC | (last ? O_NONBLOCK : O_DIRECTORY)
            let next = openat(fd, part, flags)
            var code = errno
            if next < 0, code == ENOTDIR || code == ELOOP {
                // A link met with O_DIRECTORY reads as "not a directory": say what it is.
                var info = stat()
                if fstatat(fd, part, &info, AT_SYMLINK_NOFOLLOW) == 0,
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

    /// The full path of `photo`, for messages.
    public func path(of photo: String) -> String {
        folder.hasSuffix("/") ? folder + photo : folder + "/" + photo
    }
}
