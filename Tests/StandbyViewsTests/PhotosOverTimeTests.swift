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
    /// 2026-11-21 21:41:00 UTC.
    private static let t0 = Date(timeIntervalSince1970: 1_795_297_260)

    /// The host's loop around a photos view: it wakes at the view's next change and at each
    /// notification from the view's thread, and takes the view's work each time.
    private final class SimulatedHost {
        let view: PhotosView
        let notifications = DispatchSemaphore(value: 0)
        var now = PhotosOverTimeTests.t0
        /// Every time the loop woke: at a deadline or for a notification.
        var wakeups = 0
        /// Notifications: one per scan and one per decode.
        var notified = 0
        /// The photos as they came on screen.
        var shown: [String] = []
        /// Whether the view's work never settled (a scan or decode asked for again and again).
        var spinning = false

        init(folder: String, log: LogRecorder, _ configure: (inout PhotosConfiguration) -> Void)
            throws
        {
            var settings = PhotosConfiguration()
            settings.folder = folder
            settings.order = .name
            configure(&settings)
            let semaphore = notifications
            view = PhotosView(
                configuration: settings, screen: PixelSize(width: 160, height: 120), fonts: nil,
                log: log.logger(label: "nightstand.photos"),
                timeZone: TimeZone(identifier: "UTC") ?? .current, seed: 1,
                notify: { semaphore.signal() })
            view.start()
            wake()
        }

        /// Runs the loop until `end`: from deadline to deadline, nothing in between.
        func run(until end: Date) {
            while now < end && !spinning {
                // No deadline: the loop sleeps until an event, and none comes without work.
                now = min(max(view.nextChange(after: now) ?? end, now), end)
                wake()
            }
        }

        /// One wake of the loop at `now`, and the wakes for the notifications the work it
        /// started brings.
        private func wake() {
            wakeups += 1
            take()
            var rounds = 0
            while view.isWorking {
                guard notifications.wait(timeout: .now() + 20) == .success else {
                    Issue.record("the photos view's thread did not finish")
                    spinning = true
                    return
                }
                wakeups += 1
                notified += 1
                rounds += 1
                take()
                if rounds > 20 {
                    spinning = true
                    return
                }
            }
        }

        private func take() {
            view.update(at: now)
            if let photo = view.photo, shown.last != photo { shown.append(photo) }
        }
    }

    @Test("pass after pass the photos show again, the folder read at most once a minute")
    func passes() throws {
        let folder = try TemporaryFolder()
        ExamplePhotos.write(to: folder.path(""))
        let host = try SimulatedHost(folder: folder.path(""), log: LogRecorder()) {
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
        let host = try SimulatedHost(folder: folder, log: log) { $0.interval = 30 }
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
}
