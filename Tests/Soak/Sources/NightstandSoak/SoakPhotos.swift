import FoundationEssentials
import Glibc
import Raster

@testable import SystemSupport

/// The soak's photo folder, changed as people change a shared one while the slideshow runs:
/// a photo added every hour, the oldest removed every other hour, and the whole folder gone
/// for every fourth hour (hours 3, 7, … 23) and back, with new photos, an hour later.
///
/// Photos are small PNGs of one color each (made here, 640x400), named by the hour that
/// added them, so the slideshow's order by name follows the changes.
///
/// What the display does with the folder is watched from outside, through inotify: each
/// opening of a photo (the slideshow decoding it) and of the folder itself (a scan). A
/// slideshow that stopped opens no photo; one that spins rescanning opens the folder
/// thousands of times an hour.
final class SoakPhotos {
    let folder: String
    private let watcher = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))

    init(folder: String) { self.folder = folder }

    deinit { close(watcher) }

    /// Makes the folder with its first three photos, and watches it.
    func create() {
        guard mkdir(folder, 0o700) == 0 || errno == EEXIST else {
            Soak.fail("cannot make \(folder): \(String(cString: strerror(errno)))")
        }
        guard inotify_add_watch(watcher, folder, UInt32(IN_OPEN)) >= 0 else {
            Soak.fail("cannot watch \(folder): \(String(cString: strerror(errno)))")
        }
        for n in 0..<3 { add(n) }
    }

    /// The photos and the folder opened since the last call.
    func opened() -> (photos: Int, scans: Int) {
        var (photos, scans) = (0, 0)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(watcher, $0.baseAddress, $0.count) }
            guard n > 0 else { return (photos, scans) }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= n {
                let event = buffer.withUnsafeBytes {
                    $0.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                }
                if event.mask & UInt32(IN_OPEN) != 0 {
                    if event.mask & UInt32(IN_ISDIR) != 0 { scans += 1 } else { photos += 1 }
                }
                offset += MemoryLayout<inotify_event>.size + Int(event.len)
            }
        }
    }

    /// What the soak does to the folder at the end of `hour`.
    func change(after hour: Int) {
        switch hour % 4 {
        case 2: remove()
        case 3: create()
        default:
            add(100 + hour)
            if hour % 2 == 1, let oldest = photos().first { unlink(folder + "/" + oldest) }
        }
    }

    /// The photos in the folder now, by name.
    func photos() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    private func add(_ n: Int) {
        let canvas = Canvas(width: 640, height: 400)
        let hue = Float(n % 7) / 7
        canvas.fill(
            Rect(x: 0, y: 0, width: 640, height: 400),
            with: Paint(color: RGBA(red: hue, green: 1 - hue, blue: 0.5)))
        guard let bytes = try? PNGEncoder.encode(canvas) else { Soak.fail("cannot encode a photo") }
        let name = "photo-\(n < 10 ? "00" : n < 100 ? "0" : "")\(n).png"
        do {
            try AtomicFile.replace([bytes], at: folder + "/" + name)
        } catch {
            Soak.fail("cannot write \(name): \(error)")
        }
    }

    private func remove() {
        for name in photos() { unlink(folder + "/" + name) }
        rmdir(folder)
    }
}
