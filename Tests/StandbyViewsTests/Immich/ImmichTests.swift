import Dispatch
import Foundation
import NightstandTesting
import PhotoFixtures
import Raster
import Testing

@testable import StandbyViews
@testable import SystemSupport

/// An Immich album in the photos view, against a stand-in server on loopback that answers as
/// Immich's OpenAPI description says (``ImmichStandIn``): the album's photos downloaded into
/// the cache and shown, pass after pass; the server going away and coming back; a wrong key,
/// then the right one; an API version Nightstand does not know; the cache's limit.
@Suite("Immich", .serialized)
struct ImmichTests {
    /// 2026-11-21 21:41:00 UTC.
    private static let t0 = Date(timeIntervalSince1970: 1_795_297_260)

    /// A JPEG, as Immich's preview of a photo: the example lake.
    private static let preview: Data = {
        guard let folder = try? TemporaryFolder() else { return Data() }
        ExamplePhotos.write(to: folder.path(""))
        return (try? Data(contentsOf: URL(fileURLWithPath: folder.path("lake.jpg")))) ?? Data()
    }()

    private struct Setup {
        let server: ImmichStandIn
        let cache: TemporaryFolder
        let keyFile: String
        let log = LogRecorder()

        init(photos: [Int], others: [Int: String] = [:], trashed: Set<Int> = []) throws {
            server = try ImmichStandIn()
            cache = try TemporaryFolder()
            keyFile = cache.path("key")
            try key("right-key")
            let preview = ImmichTests.preview
            for n in photos { try server.preview(n, preview) }
            try server.state(photos: photos, others: others, trashed: trashed, key: "right-key")
        }

        func key(_ text: String) throws {
            try (text + "\n").write(toFile: keyFile, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: keyFile)
        }

        func settings(album: String = "Bedside") -> ImmichSettings {
            ImmichSettings(
                url: server.url, album: album, apiKeyFile: keyFile, cache: cache.path("photos"))
        }

        func album(_ settings: ImmichSettings? = nil) -> ImmichAlbum {
            ImmichAlbum(
                settings: settings ?? self.settings(), log: log.logger(label: "nightstand.photos"))
        }

        /// The asset ids in the cache.
        var cached: Set<String> { Set(ImmichAlbum.files(in: cache.path("photos")).keys) }
    }

    @Test("an album by name: its photos downloaded at preview size with the key, nothing else")
    func downloads() throws {
        let setup = try Setup(photos: [1, 2, 3], others: [4: "VIDEO"], trashed: [3])
        defer { setup.server.stop() }
        let album = setup.album()
        #expect(album.visit() == nil)
        #expect(setup.cached == [ImmichStandIn.asset(1), ImmichStandIn.asset(2)])
        let id = ImmichStandIn.albumID
        #expect(
            setup.server.requests == [
                "GET /api/server/version key=None", "GET /api/albums key=right-key",
                "GET /api/albums/\(id) key=right-key",
                "GET /api/assets/\(ImmichStandIn.asset(1))/thumbnail?size=preview key=right-key",
                "GET /api/assets/\(ImmichStandIn.asset(2))/thumbnail?size=preview key=right-key",
            ])
        // A second visit downloads nothing again; the album by its id skips the list.
        let byID = setup.album(setup.settings(album: id.uppercased()))
        #expect(byID.visit() == nil)
        #expect(
            setup.server.requests.suffix(2) == [
                "GET /api/server/version key=None", "GET /api/albums/\(id) key=right-key",
            ])
        #expect(setup.log.messages.isEmpty)
    }

    @Test("Immich 2.x: the album's photos come as from 1.x, the assets with 2.x's fields")
    func version2() throws {
        let setup = try Setup(photos: [1, 2, 3], others: [4: "VIDEO"], trashed: [3])
        defer { setup.server.stop() }
        try setup.server.state(
            photos: [1, 2, 3], others: [4: "VIDEO"], trashed: [3], key: "right-key",
            version: [2, 4, 1])
        let album = setup.album()
        #expect(album.visit() == nil)
        #expect(setup.cached == [ImmichStandIn.asset(1), ImmichStandIn.asset(2)])
        #expect(setup.server.requests.count == 5)
        #expect(setup.server.requests.last?.hasSuffix("?size=preview key=right-key") == true)
        // The album changes on the 2.x server: the photo removed leaves the cache.
        try setup.server.state(photos: [2], key: "right-key", version: [2, 4, 1])
        #expect(album.visit() == nil)
        #expect(setup.cached == [ImmichStandIn.asset(2)])
        #expect(setup.log.messages.isEmpty)
    }

    @Test("no album of that name: the message lists the albums there are")
    func noSuchAlbum() throws {
        let setup = try Setup(photos: [1])
        defer { setup.server.stop() }
        let problem = setup.album(setup.settings(album: "Holidays")).visit()
        #expect(
            problem == "has no album named \"Holidays\" that this key may read; its albums: "
                + "\"Bedside\"")
        #expect(setup.log.messages.count == 1)
        // An id the server does not know (Immich answers 400).
        let unknown = "ffffffff-0000-4000-8000-000000000000"
        #expect(
            setup.album(setup.settings(album: unknown)).visit()
                == "has no album with the id \(unknown) (HTTP 400)")
    }

    @Test("a wrong key is named with its file; the file changed, the next visit works")
    func wrongKey() throws {
        let setup = try Setup(photos: [1, 2])
        defer { setup.server.stop() }
        try setup.key("old-key")
        let album = setup.album()
        let refused =
            "refused the API key in \(setup.keyFile) (HTTP 401): make a new key in Immich "
            + "(Account Settings → API Keys) and write it to that file"
        #expect(album.visit() == refused)
        #expect(album.visit() == refused)
        #expect(setup.cached.isEmpty)
        try setup.key("right-key")
        #expect(album.visit() == nil)
        #expect(setup.cached.count == 2)
        // One line when it failed, one when it worked again.
        #expect(setup.log.messages.count == 2)
        #expect(setup.log.messages.first?.contains(refused) == true)
        #expect(setup.log.messages.last?.contains("answers again (2 photos downloaded)") == true)
        // A key file others may read is refused before the server is asked.
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o644], ofItemAtPath: setup.keyFile)
        #expect(album.visit()?.contains("its group or others may read it (mode 644)") == true)
    }

    @Test("an API version Nightstand does not know is refused by name; a change is logged")
    func versions() throws {
        let setup = try Setup(photos: [1])
        defer { setup.server.stop() }
        let album = setup.album()
        #expect(album.visit() == nil)
        try setup.server.state(photos: [1], key: "right-key", version: [1, 113, 0])
        #expect(album.visit() == nil)
        #expect(setup.log.messages.last?.contains("changed from 1.112.1 to 1.113.0") == true)
        // 2.x is known (its description gives the four calls as 1.x's); 3.0 is not.
        try setup.server.state(photos: [1], key: "right-key", version: [2, 4, 1])
        #expect(album.visit() == nil)
        #expect(setup.log.messages.last?.contains("changed from 1.113.0 to 2.4.1") == true)
        try setup.server.state(photos: [1], key: "right-key", version: [3, 0, 0])
        #expect(
            album.visit()?.hasPrefix("runs Immich 3.0.0, whose API Nightstand does not know")
                == true)
        try setup.server.state(photos: [1], key: "right-key", version: [1, 90, 0])
        #expect(album.visit()?.hasPrefix("runs Immich 1.90.0") == true)
        // The photo kept still shows.
        #expect(setup.cached == [ImmichStandIn.asset(1)])
    }

    @Test("a preview sent as WebP is skipped with one line; the other photos come")
    func webp() throws {
        let setup = try Setup(photos: [1, 2])
        defer { setup.server.stop() }
        try setup.server.state(photos: [1, 2], key: "right-key", previewType: "image/webp")
        #expect(setup.album().visit() == nil)
        #expect(setup.cached.isEmpty)
        #expect(setup.log.messages.count == 2)
        #expect(setup.log.messages.first?.contains("as image/webp") == true)
    }

    @Test("the cache: at most 25 downloads a visit, under its limit, the oldest out")
    func bounded() throws {
        let photos = Array(1...30)
        let setup = try Setup(photos: photos)
        defer { setup.server.stop() }
        let album = setup.album()
        #expect(album.visit() == nil)
        #expect(setup.cached.count == ImmichAlbum.downloadsPerVisit)
        #expect(album.visit() == nil)
        #expect(setup.cached.count == 30)
        // Room for 10: the oldest leave, then 10 new ones come in place of the rest.
        let size = ImmichTests.preview.count
        var small = setup.settings()
        small.cacheLimit = size * 10
        let limited = setup.album(small)
        #expect(limited.visit() == nil)
        let files = ImmichAlbum.files(in: setup.cache.path("photos"))
        #expect(files.count == 10)
        #expect(files.values.reduce(0) { $0 + $1.size } <= small.cacheLimit)
        // A photo removed from the album leaves the cache.
        try setup.server.state(photos: Array(photos.dropLast(29)), key: "right-key")
        #expect(album.visit() == nil)
        #expect(setup.cached == [ImmichStandIn.asset(1)])
    }

    @Test(
        "in the view: shown from the cache while the server is away, one line each way, and the album's change in the next pass"
    )
    func awayAndBack() throws {
        let setup = try Setup(photos: [1, 2])
        defer { setup.server.stop() }
        var settings = PhotosConfiguration()
        settings.immich = setup.settings()
        settings.order = .name
        settings.interval = 60
        let notifications = DispatchSemaphore(value: 0)
        let view = PhotosView(
            configuration: settings, screen: PixelSize(width: 160, height: 120), fonts: nil,
            log: setup.log.logger(label: "nightstand.photos"),
            timeZone: TimeZone(identifier: "UTC") ?? .current, seed: 1,
            notify: { notifications.signal() })
        view.start()
        var now = Self.t0
        var shown: [String] = []
        func step(_ seconds: TimeInterval) {
            now = now.addingTimeInterval(seconds)
            view.update(at: now)
            var rounds = 0
            while view.isWorking, rounds < 20,
                notifications.wait(timeout: .now() + 30) == .success
            {
                view.update(at: now)
                rounds += 1
            }
            if let photo = view.photo, shown.last != photo { shown.append(photo) }
        }
        for _ in 0..<4 { step(60) }
        let one = ImmichStandIn.asset(1) + ".jpg"
        let two = ImmichStandIn.asset(2) + ".jpg"
        #expect(shown.prefix(2) == [one, two])
        // The server goes away: three more passes from the cache, one log line.
        setup.server.stop()
        for _ in 0..<6 { step(60) }
        #expect(Set(shown.suffix(4)) == [one, two])
        // One line, whatever curl's words for the server's absence (refused; under load, a
        // connection reset or a time-out in a later pass).
        let away = setup.log.messages.filter { $0.contains("photos kept in") }
        #expect(away.count == 1)
        #expect(away.first?.contains("showing the 2 photos kept in") == true)
        // It comes back with photo 3 instead of photo 1.
        try setup.server.state(photos: [2, 3], key: "right-key")
        try setup.server.preview(3, ImmichTests.preview)
        try setup.server.start()
        shown = []
        for _ in 0..<6 { step(60) }
        let three = ImmichStandIn.asset(3) + ".jpg"
        #expect(shown.contains(three))
        #expect(Set(shown.suffix(2)) == [two, three])
        #expect(setup.log.messages.filter { $0.contains("answers again") }.count == 1)
        #expect(!setup.cached.contains(ImmichStandIn.asset(1)))
    }

    @Test("no photos and the server refusing: the screen says why")
    func nothingToShow() throws {
        let setup = try Setup(photos: [1])
        defer { setup.server.stop() }
        try setup.key("wrong")
        var settings = PhotosConfiguration()
        settings.immich = setup.settings()
        let done = DispatchSemaphore(value: 0)
        let view = PhotosView(
            configuration: settings, screen: PixelSize(width: 160, height: 120), fonts: nil,
            log: setup.log.logger(label: "nightstand.photos"), notify: { done.signal() })
        view.start()
        #expect(done.wait(timeout: .now() + 30) == .success)
        view.update(at: Self.t0)
        #expect(
            view.problem?.hasPrefix("No photos from Immich \"Bedside\": Immich refused the API key")
                == true)
    }
}
