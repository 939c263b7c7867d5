import Foundation
import NightstandTesting
import Raster
import Testing

@testable import StandbyViews

/// Reading a photo folder with bounded work and no links followed; the slideshow's order.
@Suite struct PhotoLibraryTests {
    private func touch(_ path: String) {
        _ = FileManager.default.createFile(atPath: path, contents: Data([0xFF, 0xD8, 0xFF]))
    }

    private func mkdir(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    @Test("photos are found in subfolders, sorted; links, hidden files and other files are not")
    func scan() throws {
        let folder = try TemporaryFolder()
        let elsewhere = try TemporaryFolder()
        touch(elsewhere.path("secret.jpg"))
        try mkdir(folder.path("2024/summer"))
        for name in [
            "b.JPG", "a.jpeg", "2024/c.png", "2024/summer/d.jpg", ".hidden.jpg", "notes.txt",
        ] {
            touch(folder.path(name))
        }
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("link.jpg"), withDestinationPath: elsewhere.path("secret.jpg"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("linked-folder"), withDestinationPath: elsewhere.path(""))
        let scan = try PhotoLibrary(folder: folder.path("")).scan()
        #expect(scan.photos == ["2024/c.png", "2024/summer/d.jpg", "a.jpeg", "b.JPG"])
        #expect(Set(scan.versions.keys) == Set(scan.photos))
        #expect(scan.links == 2)
        #expect(!scan.truncated)
    }

    @Test("a scan reads a bounded number of entries and folders a bounded depth down")
    func bounds() throws {
        let folder = try TemporaryFolder()
        for i in 0..<50 { touch(folder.path("p\(i).jpg")) }
        try mkdir(folder.path("1/2/3/4"))
        touch(folder.path("1/2/3/deep.jpg"))
        touch(folder.path("1/2/3/4/deeper.jpg"))
        var library = PhotoLibrary(folder: folder.path(""))
        let all = try library.scan()
        #expect(all.photos.contains("1/2/3/deep.jpg"))
        #expect(!all.photos.contains("1/2/3/4/deeper.jpg"))
        library.maxEntries = 20
        let cut = try library.scan()
        #expect(cut.truncated)
        #expect(cut.photos.count <= 20)
    }

    @Test("opening walks the path without following a link, even one put there after the scan")
    func openRefusesLinks() throws {
        let folder = try TemporaryFolder()
        let elsewhere = try TemporaryFolder()
        touch(elsewhere.path("x.jpg"))
        try mkdir(folder.path("album"))
        touch(folder.path("album/x.jpg"))
        let library = PhotoLibrary(folder: folder.path(""))
        let scanned = try library.scan()
        #expect(scanned.photos == ["album/x.jpg"])
        let fd = try library.open("album/x.jpg")
        #expect(fd >= 0)
        close(fd)
        // The album is swapped for a link to another folder after the scan.
        try FileManager.default.removeItem(atPath: folder.path("album"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("album"), withDestinationPath: elsewhere.path(""))
        #expect(throws: PhotoError(file: folder.path("album/x.jpg"), reason: .symbolicLink)) {
            try library.open("album/x.jpg")
        }
        #expect(throws: PhotoError(file: folder.path("../x.jpg"), reason: .fileNotFound)) {
            try library.open("../x.jpg")
        }
    }

    @Test("a missing folder is an error naming it")
    func missingFolder() throws {
        let folder = try TemporaryFolder()
        #expect(throws: PhotoError(file: folder.path("gone"), reason: .fileNotFound)) {
            try PhotoLibrary(folder: folder.path("gone")).scan()
        }
    }

    /// A scan that found `photos`, each at the version `version` gives it.
    private func scan(
        _ photos: [PhotoPath], version: (PhotoPath) -> Int = { _ in 1 }
    ) -> PhotoLibrary.Scan {
        var scan = PhotoLibrary.Scan()
        scan.photos = photos
        for photo in photos {
            var info = stat()
            info.st_ino = UInt(version(photo))
            scan.versions[photo] = PhotoLibrary.FileVersion(info)
        }
        return scan
    }

    @Test("by name the photos come in order, pass after pass; shuffled, each pass is new")
    func slideshow() {
        var byName = Slideshow(order: .name, seed: 1)
        byName.replace(with: scan(["a", "b", "c"]))
        #expect((0..<6).compactMap { _ in byName.next() } == ["a", "b", "c", "a", "b", "c"])

        var shuffled = Slideshow(order: .shuffle, seed: 7)
        let photos = (0..<10).map { PhotoPath(stringLiteral: "p\($0)") }
        shuffled.replace(with: scan(photos))
        var passes: [[PhotoPath]] = []
        for _ in 0..<20 {
            let pass = (0..<10).compactMap { _ in shuffled.next() }
            #expect(pass.sorted() == photos.sorted())
            if let last = passes.last?.last { #expect(pass.first != last) }
            passes.append(pass)
        }
        #expect(Set(passes).count > 1)
        // The same seed gives the same order.
        var again = Slideshow(order: .shuffle, seed: 7)
        again.replace(with: scan(photos))
        #expect((0..<10).compactMap { _ in again.next() } == passes[0])
    }

    @Test("a photo that failed is not tried again until its file changes; one gone leaves")
    func failuresAndRemovals() {
        var show = Slideshow(order: .name, seed: 1)
        show.replace(with: scan(["a", "b", "c"]))
        #expect(show.next() == "a")
        show.fail("b")
        show.replace(with: scan(["a", "b", "c", "d"]))
        #expect(show.next() == "c")
        show.replace(with: scan(["a", "b"]))
        #expect(show.next() == "a")
        #expect(show.next() == "a")
        #expect(show.photos == ["a"])
        // b copied again (another version): tried again.
        show.replace(with: scan(["a", "b"]) { $0 == "b" ? 2 : 1 })
        #expect(show.photos == ["a", "b"])
    }

    @Test("a pass over asks for a scan once; after it, or without one, the next pass begins")
    func passesAndScans() {
        var show = Slideshow(order: .name, seed: 1)
        #expect(show.wantsScan)
        show.replace(with: scan(["a", "b"]))
        #expect(!show.wantsScan)
        #expect(show.next() == "a")
        #expect(show.next() == "b")
        #expect(show.wantsScan)
        show.replace(with: scan(["a", "b", "c"]))
        #expect(!show.wantsScan, "the scan came: the next pass begins from it")
        #expect([show.next(), show.next(), show.next()] == ["a", "b", "c"])
        #expect(show.wantsScan)
        // No scan due yet: the next pass from the same photos.
        #expect(show.next() == "a")
        #expect(!show.wantsScan)
    }
}
