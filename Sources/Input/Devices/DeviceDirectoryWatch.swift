import CEvdev
import Glibc

/// Notices input device nodes appearing in and leaving a directory (`/dev/input`), through
/// inotify, without polling.
///
/// A node counts as appeared when it is created (devtmpfs, as the kernel registers a device)
/// and again when its attributes change (udev giving it its group and mode a moment later: a
/// first open may fail with "Permission denied" and the second succeed). A directory that does
/// not exist yet (a board with no input device at boot) is waited for in its parent.
///
/// ```swift
/// let watch = try DeviceDirectoryWatch(directory: "/dev/input")
/// // when watch.fileDescriptor is readable:
/// watch.read { change in print(change) }
/// ```
final class DeviceDirectoryWatch {
    /// What happened to a node.
    enum Change: Equatable {
        /// A node appeared or its permissions changed: worth (re)trying to open.
        case appeared(path: String)
        /// A node was removed.
        case removed(path: String)
        /// The directory itself appeared: every node in it is new.
        case directoryAppeared
    }

    /// The inotify instance, for the loop to watch.
    let fileDescriptor: Int32
    /// The directory watched: `/dev/input`, or a test's.
    let directory: String
    private var directoryWatch: Int32 = -1
    /// One read's worth of events: room for a few dozen with short names; more wait for the
    /// next read.
    private static let capacity = 4096
    /// Aligned for `struct inotify_event`.
    private let buffer: UnsafeMutableRawPointer
    private var parentWatch: Int32 = -1

    /// Starts watching `directory`, or its parent until it exists; throws when inotify is
    /// unavailable (the errno says why).
    init(directory: String) throws(InputDeviceError) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw .open(path: "inotify", errno: errno) }
        fileDescriptor = fd
        buffer = UnsafeMutableRawPointer.allocate(
            byteCount: Self.capacity, alignment: MemoryLayout<inotify_event>.alignment)
        self.directory = directory
        if !watchDirectory() {
            let parent = Self.parent(of: directory)
            parentWatch = inotify_add_watch(fd, parent, UInt32(IN_CREATE | IN_MOVED_TO))
        }
    }

    deinit {
        close(fileDescriptor)
        buffer.deallocate()
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    private func watchDirectory() -> Bool {
        let mask = IN_CREATE | IN_ATTRIB | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM
        directoryWatch = inotify_add_watch(fileDescriptor, directory, UInt32(mask))
        return directoryWatch >= 0
    }

    /// Reads what inotify has queued, at most one buffer, without blocking, and reports the
    /// changes to `eventN` nodes.
    func read(_ body: (Change) -> Void) {
        let capacity = Self.capacity
        var count = Glibc.read(fileDescriptor, buffer, capacity)
        while count < 0 && errno == EINTR { count = Glibc.read(fileDescriptor, buffer, capacity) }
        guard count > 0 else { return }
        let header = MemoryLayout<inotify_event>.size
        var offset = 0
        while offset + header <= count {
            let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
            let nameStart = offset + header
            let nameLength = Int(event.len)
            offset = nameStart + nameLength
            guard offset <= count else { break }
            let nameBytes = UnsafeRawBufferPointer(
                start: buffer + nameStart, count: nameLength
            ).prefix { $0 != 0 }
            let name = String(decoding: nameBytes, as: UTF8.self)
            if event.wd == parentWatch {
                if directory.hasSuffix("/" + name), watchDirectory() {
                    inotify_rm_watch(fileDescriptor, parentWatch)
                    parentWatch = -1
                    body(.directoryAppeared)
                }
                continue
            }
            guard event.wd == directoryWatch, name.hasPrefix("event") else { continue }
            let path = directory + "/" + name
            if event.mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 {
                body(.removed(path: path))
            } else {
                body(.appeared(path: path))
            }
        }
    }
}
