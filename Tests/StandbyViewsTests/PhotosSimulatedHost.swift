import Dispatch
import Foundation
import NightstandTesting
import Raster
import Testing

@testable import StandbyViews

/// The host's loop around a photos view: it wakes at the view's next change and at each
/// notification from the view's thread, and takes the view's work each time.
final class PhotosSimulatedHost {
    /// 2026-11-21 21:41:00 UTC.
    static let t0 = Date(timeIntervalSince1970: 1_795_297_260)

    let view: PhotosView
    let notifications = DispatchSemaphore(value: 0)
    var now = PhotosSimulatedHost.t0
    /// Every time the loop woke: at a deadline or for a notification.
    var wakeups = 0
    /// Notifications: one per scan and one per decode.
    var notified = 0
    /// The photos as they came on screen.
    var shown: [String] = []
    /// Whether the view's work never settled (a scan or decode asked for again and again).
    var spinning = false
    /// Whether another view is on screen: the host asks the photos view only to take its
    /// work, and tells it when it shows again.
    var hidden = false {
        didSet {
            guard oldValue != hidden else { return }
            if !hidden { view.resume(at: now) }
            wake()
        }
    }
    /// The screen the view is drawn on at each wake while it shows, as the host draws it.
    let canvas = Canvas(size: PixelSize(width: 160, height: 120))
    /// The screen-sized pictures the view held after each wake, and when.
    var held: [(at: Date, pictures: Int)] = []

    init(folder: String, log: LogRecorder, _ configure: (inout PhotosConfiguration) -> Void)
        throws
    {
        var settings = PhotosConfiguration()
        settings.folder = folder
        settings.order = .name
        configure(&settings)
        let semaphore = notifications
        view = PhotosView(
            configuration: settings, screen: canvas.size, fonts: nil,
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
        view.update(at: now, advancing: !hidden)
        if let photo = view.photo, shown.last != photo { shown.append(photo) }
        if !hidden, view.needsDrawing(at: now, colorTransform: .identity) {
            view.draw(on: canvas, at: now, colorTransform: .identity)
        }
        held.append((now, view.heldPictures))
    }
}
