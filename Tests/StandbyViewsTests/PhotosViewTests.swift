import Dispatch
import Foundation
import NightstandTesting
import PhotoFixtures
import Raster
import StandbyViews
import Testing

/// The photos view end to end on real files: the first photo at once, the next fading in at
/// its turn, files that cannot be shown skipped with a line naming them, the time and date
/// over the photo, night's red, and only the time's band drawn again each minute.
@Suite struct PhotosViewTests {
    /// 2026-11-21 21:41:00 UTC, a Saturday.
    private let t0 = Date(timeIntervalSince1970: 1_795_297_260)
    private let screen = PixelSize(width: 400, height: 240)
    private static let red = ColorTransform.monochrome(tint: RGBA(red: 1, green: 0, blue: 0))

    /// Counts the view's notifications, so a test can wait for its thread's work.
    private final class Notifications: Sendable {
        let semaphore = DispatchSemaphore(value: 0)
        func signal() { semaphore.signal() }
    }

    private func makeView(
        folder: String?, _ configure: (inout PhotosConfiguration) -> Void = { _ in },
        log: LogRecorder = LogRecorder()
    ) throws -> (PhotosView, Notifications) {
        var settings = PhotosConfiguration()
        settings.folder = folder
        settings.order = .name
        configure(&settings)
        let notifications = Notifications()
        let view = PhotosView(
            configuration: settings, screen: screen, fonts: try FontDatabase(),
            log: log.logger(label: "nightstand.photos"),
            timeZone: TimeZone(identifier: "UTC") ?? .current, seed: 1,
            notify: { notifications.signal() })
        return (view, notifications)
    }

    /// Takes the view's work at `now` until `done` holds (the view's thread has 20 s).
    private func wait(
        _ view: PhotosView, _ notifications: Notifications, at now: Date,
        until done: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let limit = Date().addingTimeInterval(20)
        view.update(at: now)
        while !done() {
            guard Date() < limit, notifications.semaphore.wait(timeout: .now() + 20) == .success
            else {
                Issue.record(
                    "the photos view's thread did not finish", sourceLocation: sourceLocation)
                return
            }
            view.update(at: now)
        }
    }

    private func frame(_ view: PhotosView, at now: Date, _ transform: ColorTransform = .identity)
        -> Canvas
    {
        let canvas = Canvas(size: screen)
        canvas.clear(.black)
        view.invalidate()
        view.draw(on: canvas, at: now, colorTransform: transform)
        return canvas
    }

    @Test("the first photo shows at once with the time and date; at night it is red only")
    func dayAndNight() throws {
        let folder = try TemporaryFolder()
        ExamplePhotos.write(to: folder.path(""))
        let (view, notifications) = try makeView(folder: folder.path(""))
        view.start()
        wait(view, notifications, at: t0) { view.photo != nil }
        // By name: dunes, lake, tower.
        #expect(view.photo == "dunes.jpg")
        assertGolden(frame(view, at: t0), named: "photos-day")
        let night = frame(view, at: t0, Self.red)
        assertGolden(night, named: "photos-night")
        var greenOrBlue = 0
        for y in 0..<night.height {
            for x in 0..<night.width where night[x, y].value & 0xFFFF != 0 { greenOrBlue += 1 }
        }
        #expect(greenOrBlue == 0)
    }

    @Test("the next photo is decoded ahead and cross-fades in at its turn")
    func crossFade() throws {
        let folder = try TemporaryFolder()
        ExamplePhotos.write(to: folder.path(""))
        let (view, notifications) = try makeView(folder: folder.path("")) { $0.interval = 30 }
        view.start()
        wait(view, notifications, at: t0) { view.photo != nil }
        // The lake is decoded 5 s before its turn (not at once), and waits for it.
        #expect(view.nextChange(after: t0.addingTimeInterval(1)) == t0.addingTimeInterval(25))
        wait(view, notifications, at: t0.addingTimeInterval(25)) {
            view.nextChange(after: t0.addingTimeInterval(25)) == t0.addingTimeInterval(30)
        }
        #expect(view.photo == "dunes.jpg")
        #expect(!view.isMoving(at: t0.addingTimeInterval(25)))
        let turn = t0.addingTimeInterval(30)
        view.update(at: turn)
        #expect(view.photo == "lake.jpg")
        #expect(view.isMoving(at: turn.addingTimeInterval(0.5)))
        #expect(view.nextChange(after: turn.addingTimeInterval(0.5)) == turn.addingTimeInterval(1))
        assertGolden(frame(view, at: turn.addingTimeInterval(0.5)), named: "photos-cross-fade")
        view.update(at: turn.addingTimeInterval(1))
        #expect(!view.isMoving(at: turn.addingTimeInterval(1)))
        // Hidden behind another view past its turn, the lake gets its interval again when the
        // view comes back, rather than giving way at once.
        let back = turn.addingTimeInterval(100)
        view.resume(at: back)
        view.update(at: back)
        #expect(view.photo == "lake.jpg")
        #expect(!view.isMoving(at: back))
    }

    @Test("a portrait photo stored sideways is turned upright and fitted on black")
    func portraitFit() throws {
        let folder = try TemporaryFolder()
        let paths = ExamplePhotos.write(to: folder.path(""))
        for path in paths where !path.hasSuffix("tower.jpg") {
            try FileManager.default.removeItem(atPath: path)
        }
        let (view, notifications) = try makeView(folder: folder.path("")) {
            $0.scale = .fit
            $0.overlay = .bottomRight
            $0.hour24 = false
        }
        view.start()
        wait(view, notifications, at: t0) { view.photo != nil }
        assertGolden(frame(view, at: t0), named: "photos-fit-portrait")
    }

    @Test("hidden from the start, the view reads its folder and decodes nothing until shown")
    func hiddenHoldsNothing() throws {
        let folder = try TemporaryFolder()
        ExamplePhotos.write(to: folder.path(""))
        let (view, notifications) = try makeView(folder: folder.path("")) { $0.interval = 5 }
        view.start()
        let limit = Date().addingTimeInterval(20)
        while view.isLoading && Date() < limit {
            _ = notifications.semaphore.wait(timeout: .now() + 20)
            view.update(at: t0, advancing: false)
        }
        #expect(!view.isLoading)
        #expect(view.photo == nil)
        // Long past a turn, hidden, it holds nothing and wakes only for the time's minute.
        view.update(at: t0.addingTimeInterval(600), advancing: false)
        #expect(view.photo == nil)
        #expect(view.nextChange(after: t0) == t0.addingTimeInterval(60))
        // Shown, the first photo comes at once.
        view.resume(at: t0.addingTimeInterval(600))
        wait(view, notifications, at: t0.addingTimeInterval(600)) { view.photo != nil }
        #expect(view.photo == "dunes.jpg")
    }

    @Test("a file that cannot be shown is skipped with a line naming it")
    func corruptSkipped() throws {
        let folder = try TemporaryFolder()
        let paths = ExamplePhotos.write(to: folder.path(""))
        let bad = folder.path("aaa-cut.jpg")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: paths[0]))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: bad))
        let log = LogRecorder()
        let (view, notifications) = try makeView(folder: folder.path(""), log: log)
        view.start()
        wait(view, notifications, at: t0) { view.photo != nil }
        #expect(view.photo == "dunes.jpg")
        #expect(
            log.messages.contains {
                $0.hasPrefix("warning: photos: skipping \(bad): corrupt or unsupported JPEG")
            })
    }

    @Test("without a folder, or with a missing one, the view says so over black")
    func noPhotos() throws {
        let (unset, _) = try makeView(folder: nil)
        unset.start()
        assertGolden(frame(unset, at: t0), named: "photos-no-folder")
        let folder = try TemporaryFolder()
        let missing = folder.path("nowhere")
        let log = LogRecorder()
        let (view, notifications) = try makeView(folder: missing, log: log)
        view.start()
        wait(view, notifications, at: t0) { !log.messages.isEmpty }
        #expect(
            log.messages == ["warning: photos: cannot read the folder: \(missing): no such file"])
        #expect(view.photo == nil)
    }

    @Test("each minute only the time's band is drawn again")
    func minuteDamage() throws {
        let folder = try TemporaryFolder()
        ExamplePhotos.write(to: folder.path(""))
        let (view, notifications) = try makeView(folder: folder.path(""))
        view.start()
        wait(view, notifications, at: t0) { view.photo != nil }
        let canvas = Canvas(size: screen)
        #expect(view.draw(on: canvas, at: t0, colorTransform: .identity) == [canvas.bounds])
        let later = t0.addingTimeInterval(60)
        #expect(!view.needsDrawing(at: t0.addingTimeInterval(30), colorTransform: .identity))
        #expect(view.needsDrawing(at: later, colorTransform: .identity))
        let damage = view.draw(on: canvas, at: later, colorTransform: .identity)
        #expect(damage == [IntRect(x: 0, y: 0, width: 400, height: 101)])
        // The band drawn alone matches the whole frame drawn anew.
        let whole = frame(view, at: later)
        #expect(Bitmap(copying: canvas).size == whole.size)
        var differing = 0
        for y in 0..<240 {
            for x in 0..<400 where canvas[x, y] != whole[x, y] { differing += 1 }
        }
        #expect(differing == 0)
    }
}
