import Dispatch
import Foundation
import NightstandTesting
import PhotoFixtures
import Raster
import Testing

@testable import StandbyViews

/// The photos view over hours of a simulated clock, driven as the host drives it: pass after
/// pass, a folder that is missing or empty at first and changes during the run, files that
/// change kind or vanish between the scan and the decode, names that are not UTF-8; and the
/// wake-ups all this costs.
@Suite struct PhotosOverTimeTests {
    private static let t0 = PhotosSimulatedHost.t0

    @Test("pass after pass the photos show again, the folder read at most once a minute")
    func passes() throws {
        let folder = try TemporaryFolder()
        ExamplePhotos.write(to: folder.path(""))
        let host = try PhotosSimulatedHost(folder: folder.path(""), log: LogRecorder()) {
            $0.interval = 5
        }
        host.run(until: Self.t0 + 3600)
        #expect(!host.spinning)
        let pass = ["dunes.jpg", "lake.jpg", "tower.jpg"]
        #expect(Array(host.shown.prefix(9)) == pass + pass + pass)
        // A photo every 5 s for an hour.
        #expect(host.shown.count >= 715, "\(host.shown.count) photos")
        // Every notification beyond one decode per photo shown is a scan: one a minute at most.
        let scans = host.notified - host.shown.count
        #expect(scans <= 62, "\(scans) scans")
        // Per photo: its turn, the end of its fade and its decode; and the time's minute.
        #expect(host.wakeups <= 3 * host.shown.count + 62 + scans, "\(host.wakeups) wake-ups")
    }

    @Test("a folder missing, then empty, then filled, then gone and back: photos show again")
    func folderComesAndGoes() throws {
        let parent = try TemporaryFolder()
        let folder = parent.path("photos")
        let log = LogRecorder()
        let host = try PhotosSimulatedHost(folder: folder, log: log) { $0.interval = 30 }
        let minute: TimeInterval = 60
        host.run(until: Self.t0 + 10 * minute)
        #expect(host.view.photo == nil)
        #expect(
            log.messages == ["warning: photos: cannot read the folder: \(folder): no such file"])
        // At rest without photos: the minute's wake-up and the scan's notification.
        #expect(host.wakeups <= 2 * 10 + 2, "\(host.wakeups) wake-ups in 10 minutes")
        #expect(!host.spinning)

        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        host.run(until: Self.t0 + 15 * minute)
        #expect(host.view.photo == nil)
        #expect(host.view.problem == "No photos in \(folder)")

        ExamplePhotos.write(to: folder)
        host.run(until: Self.t0 + 17 * minute)
        #expect(host.view.photo != nil)

        try FileManager.default.removeItem(atPath: folder)
        host.run(until: Self.t0 + 25 * minute)
        #expect(log.messages.filter { $0.contains("cannot read the folder") }.count == 2)

        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        for path in ExamplePhotos.write(to: folder) where !path.hasSuffix("lake.jpg") {
            try FileManager.default.removeItem(atPath: path)
        }
        host.shown = []
        host.run(until: Self.t0 + 30 * minute)
        #expect(host.shown.last == "lake.jpg")
        #expect(host.view.problem == nil)
        #expect(!host.spinning)
    }

    /// Creates a file named by the raw bytes `name` in `folder` holding `contents`.
    private func write(_ contents: Data, named name: [UInt8], in folder: String) throws {
        let path = Array(folder.utf8) + [UInt8(ascii: "/")] + name + [0]
        let fd = open(path.map { CChar(bitPattern: $0) }, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        try #require(fd >= 0)
        defer { close(fd) }
        let written = contents.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        #expect(written == contents.count)
    }

    @Test("a photo whose name is not UTF-8 shows; a bad one is named in the log, escaped")
    func rawNames() throws {
        let folder = try TemporaryFolder()
        let lake = ExamplePhotos.write(to: folder.path("")).first { $0.hasSuffix("lake.jpg") }
        let photo = try Data(contentsOf: URL(fileURLWithPath: try #require(lake)))
        for path in try FileManager.default.contentsOfDirectory(atPath: folder.path("")) {
            try FileManager.default.removeItem(atPath: folder.path(path))
        }
        // "café.jpg" in Latin-1, and a file that is no photo, named with a line break and an
        // escape sequence that would forge a log line.
        try write(
            photo, named: Array("caf".utf8) + [0xE9] + Array(".jpg".utf8), in: folder.path(""))
        try write(
            Data("not a photo".utf8), named: Array("x\nwarning: forged \u{1B}[2J.jpg".utf8),
            in: folder.path(""))
        let log = LogRecorder()
        let host = try PhotosSimulatedHost(folder: folder.path(""), log: log) { $0.interval = 30 }
        host.run(until: Self.t0 + 120)
        #expect(host.shown.first == "caf\\xE9.jpg")
        #expect(host.view.current != nil)
        let skipped = log.messages.filter { $0.contains("skipping") }
        #expect(
            skipped == [
                "warning: photos: skipping \(folder.path(""))/x\\nwarning: forged \\u{1B}[2J.jpg: "
                    + "neither JPEG nor PNG (starts with 6E 6F 74 20 61 20 70 68)"
            ])
        #expect(log.messages.allSatisfy { !$0.contains("\n") && !$0.contains("\u{1B}") })
    }

    @Test("files that turn into a FIFO, a link, nothing, or half a photo are skipped, named")
    func filesChangeUnderfoot() throws {
        let folder = try TemporaryFolder()
        let photo = try Data(
            contentsOf: URL(fileURLWithPath: ExamplePhotos.write(to: folder.path(""))[0]))
        for path in try FileManager.default.contentsOfDirectory(atPath: folder.path("")) {
            try FileManager.default.removeItem(atPath: folder.path(path))
        }
        let names = [
            "1.jpg", "2.jpg", "3-fifo.jpg", "4-link.jpg", "5-gone.jpg", "6-cut.jpg", "7.jpg",
        ]
        for name in names { try photo.write(to: URL(fileURLWithPath: folder.path(name))) }
        let log = LogRecorder()
        let host = try PhotosSimulatedHost(folder: folder.path(""), log: log) { $0.interval = 5 }
        // Scanned; 1.jpg shows and 2.jpg waits its turn. The rest change before their decode.
        #expect(host.shown == ["1.jpg"])
        let manager = FileManager.default
        try manager.removeItem(atPath: folder.path("3-fifo.jpg"))
        #expect(mkfifo(folder.path("3-fifo.jpg"), 0o644) == 0)
        try manager.removeItem(atPath: folder.path("4-link.jpg"))
        try manager.createSymbolicLink(
            atPath: folder.path("4-link.jpg"), withDestinationPath: folder.path("1.jpg"))
        try manager.removeItem(atPath: folder.path("5-gone.jpg"))
        try photo.prefix(photo.count / 2).write(to: URL(fileURLWithPath: folder.path("6-cut.jpg")))
        host.run(until: Self.t0 + 50)
        #expect(!host.spinning)
        #expect(Array(host.shown.prefix(5)) == ["1.jpg", "2.jpg", "7.jpg", "1.jpg", "2.jpg"])
        let skipped = log.messages.filter { $0.contains("skipping") }.map {
            $0.replacingOccurrences(of: folder.path("") + "/", with: "")
        }
        #expect(
            skipped == [
                "warning: photos: skipping 3-fifo.jpg: not a regular file",
                "warning: photos: skipping 4-link.jpg: a symbolic link, not followed",
                "warning: photos: skipping 5-gone.jpg: no such file",
                "warning: photos: skipping 6-cut.jpg: corrupt or unsupported JPEG "
                    + "(Premature end of JPEG file)",
            ])
        // Put back whole, the gone and the cut photo show again (another version of each).
        try photo.write(to: URL(fileURLWithPath: folder.path("5-gone.jpg")))
        try photo.write(to: URL(fileURLWithPath: folder.path("6-cut.jpg")))
        host.shown = []
        host.run(until: Self.t0 + 200)
        #expect(host.shown.contains("5-gone.jpg") && host.shown.contains("6-cut.jpg"))
        #expect(log.messages.filter { $0.contains("skipping") }.count == 4)
    }

    @Test("a folder of 100,000 entries is read 10,000 entries at a time, and says so once")
    func hugeFolder() throws {
        let folder = try TemporaryFolder()
        for i in 0..<100_000 {
            #expect(FileManager.default.createFile(atPath: folder.path("f\(i).txt"), contents: nil))
        }
        ExamplePhotos.write(to: folder.path(""))
        let log = LogRecorder()
        let host = try PhotosSimulatedHost(folder: folder.path(""), log: log) { $0.interval = 20 }
        host.run(until: Self.t0 + 600)
        #expect(!host.spinning)
        #expect(
            log.messages.filter { $0.hasSuffix("only the first 10000 entries were read") }.count
                == 1)
        // A scan a minute at most, whether it found photos or not.
        #expect(host.wakeups <= 4 * 10 + 10 * 3, "\(host.wakeups) wake-ups")
    }
}
