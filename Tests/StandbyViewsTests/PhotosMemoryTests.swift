import Foundation
import NightstandTesting
import PhotoFixtures
import Raster
import Testing

@testable import StandbyViews

/// What the photos view holds, and when, over a simulated clock: one screen-sized photo
/// between fades, the next one only for the last seconds before its turn, the two photos of a
/// fade only while it runs, nothing while another view shows; and the slideshow going on
/// right after (the next photo, a second pass, a folder that changed meanwhile).
@Suite struct PhotosMemoryTests {
    private static let t0 = PhotosSimulatedHost.t0

    @Test("one photo between fades; the next decoded only just before its turn")
    func heldWhileShowing() throws {
        let folder = try TemporaryFolder()
        ExamplePhotos.write(to: folder.path(""))
        let host = try PhotosSimulatedHost(folder: folder.path(""), log: LogRecorder()) {
            $0.interval = 30
            $0.fade = 1
        }
        host.run(until: Self.t0 + 600)
        #expect(!host.spinning)
        // 20 photos in 10 minutes, pass after pass, by name.
        let pass = ["dunes.jpg", "lake.jpg", "tower.jpg"]
        #expect(Array(host.shown.prefix(7)) == pass + pass + ["dunes.jpg"])
        #expect(host.shown.count >= 20, "\(host.shown.count) photos")
        var twos = 0
        var fades = 0
        for (at, pictures) in host.held where at > Self.t0 {
            // Which photo is due, and when: a turn every 30 s from t0.
            let intoTurn = at.timeIntervalSince(Self.t0).truncatingRemainder(dividingBy: 30)
            if intoTurn == 0 {
                // A turn: the photo leaving, the one coming, and the two as the fade shows them.
                #expect(pictures == 4, "\(pictures) pictures at the turn \(at)")
                fades += 1
            } else if intoTurn < 30 - PhotosView.decodeLead {
                #expect(pictures == 1, "\(pictures) pictures at \(at)")
            } else {
                #expect(pictures <= 2, "\(pictures) pictures at \(at)")
                if pictures == 2 { twos += 1 }
            }
        }
        // Each next photo was held beside the one showing only in the last 5 s of its turn.
        #expect(twos >= 19, "\(twos) times two pictures")
        #expect(fades >= 19, "\(fades) fades")
    }

    @Test("hidden, nothing held or decoded; shown again, the next photo at once, new ones too")
    func nothingWhileHidden() throws {
        let folder = try TemporaryFolder()
        ExamplePhotos.write(to: folder.path(""))
        let host = try PhotosSimulatedHost(folder: folder.path(""), log: LogRecorder()) {
            $0.interval = 30
        }
        host.run(until: Self.t0 + 40)
        #expect(host.shown == ["dunes.jpg", "lake.jpg"])
        #expect(host.view.heldPictures >= 1)

        // Another view shows for ten minutes, in the middle of the lake's turn: the photos go
        // at once, nothing is decoded, and the view wakes the loop for nothing of its own.
        host.hidden = true
        let hiddenAt = host.held.count
        let notified = host.notified
        #expect(host.view.heldPictures == 0)
        // A photo joins the folder meanwhile.
        try FileManager.default.copyItem(
            atPath: folder.path("dunes.jpg"), toPath: folder.path("zebra.jpg"))
        host.run(until: Self.t0 + 640)
        #expect(host.held[hiddenAt...].allSatisfy { $0.pictures == 0 })
        #expect(host.notified == notified, "the hidden view's thread worked")
        #expect(host.view.photo == nil)

        // Shown again: the next photo of the pass comes at once (no fade), then the pass goes
        // on, the folder is read again after it, and the new photo shows in the next pass.
        host.hidden = false
        #expect(host.view.photo == "tower.jpg")
        #expect(host.view.heldPictures == 1)
        #expect(!host.view.isMoving(at: host.now))
        host.run(until: Self.t0 + 640 + 4 * 30 + 10)
        let after = ["tower.jpg", "dunes.jpg", "lake.jpg", "tower.jpg", "zebra.jpg"]
        #expect(Array(host.shown.suffix(5)) == after)
        #expect(!host.spinning)

        // Hidden in the last seconds of a turn, the next photo decoded: both go.
        let lead = host.view.due.map { $0.addingTimeInterval(-PhotosView.decodeLead) }
        host.run(until: try #require(lead))
        #expect(host.view.heldPictures == 2)
        host.hidden = true
        #expect(host.view.heldPictures == 0)
        let minute = host.view.overlay.nextChange(after: host.now)
        #expect(host.view.nextChange(after: host.now) == minute)
    }
}
