import EventCore
import FoundationEssentials
import Raster
import Synchronization
import SystemSupport

/// The frames the host presents, for observers on other threads: a notification per frame
/// presented, and the frame on the panel now, copied only when someone asks.
///
/// ```swift
/// let watching = host.frames.observe { frame in sse.send("frame \(frame.number)") }
/// host.frames.capture { bitmap in respond(try PNGEncoder.encode(bitmap)) }   // GET /screen.png
/// ```
///
/// A capture is taken on the loop's thread at its next wake-up (a capture request wakes it):
/// a copy of the canvas, exactly the pixels the panel shows before the display's own pixel
/// format and rotation; nothing is copied while no one asks.
public final class FrameFeed: Sendable {
    /// A frame handed to the display.
    public struct Presented: Sendable, Equatable {
        /// Its number since the host started (``StandbyHost/Statistics/frames``).
        public let number: Int
        /// The host clock's time it shows.
        public let time: Date
        /// The rectangles that changed, in canvas pixels.
        public let damage: [IntRect]
        /// The canvas size.
        public let size: PixelSize
    }

    private let observers = Observers<Presented>()
    private let captures = Mutex<[@Sendable (Bitmap) -> Void]>([])
    private let events: Mailbox<HostEvent>

    init(events: Mailbox<HostEvent>) {
        self.events = events
    }

    /// Calls `handler` on the loop's thread after each frame presented.
    ///
    /// Until the observation is cancelled or released. The handler must return at once.
    public func observe(_ handler: @escaping @Sendable (Presented) -> Void) -> Observation {
        observers.add(handler)
    }

    /// Hands `completion` a copy of the frame on the panel.
    ///
    /// From any thread; `completion` runs on the loop's thread at its next wake-up, which the
    /// request causes. Without `waking`, it waits for the next frame presented instead; asked
    /// from an observer of ``observe(_:)``, that is the frame just presented, copied before
    /// the loop sleeps again (no wake-up of its own).
    public func capture(waking: Bool = true, _ completion: @escaping @Sendable (Bitmap) -> Void) {
        let first = captures.withLock { pending in
            pending.append(completion)
            return pending.count == 1
        }
        if first && waking {
            events.post(HostEvent(internal: "capture the frame") { $0.frames.deliverCaptures($0) })
        }
    }

    /// The frame on the panel; nil when the loop did not answer within `timeout` seconds.
    ///
    /// Never on the loop's own thread (it would wait for itself).
    public func capture(timeout: TimeInterval) -> Bitmap? {
        let result = Mutex<Bitmap?>(nil)
        let done = Condition()
        capture { bitmap in
            done.lock()
            result.withLock { $0 = bitmap }
            done.signal()
            done.unlock()
        }
        let giveUp = Date().addingTimeInterval(timeout)
        done.lock()
        defer { done.unlock() }
        while result.withLock({ $0 == nil }) {
            if !done.wait(until: giveUp) { break }
        }
        return result.withLock { $0 }
    }

    /// Tells the observers about a frame presented (on the loop's thread).
    func presented(_ frame: Presented) {
        observers.notify(frame)
    }

    /// Copies the host's screen for every capture waiting (on the loop's thread).
    func deliverCaptures(_ host: StandbyHost) {
        let waiting = captures.withLock { pending in
            defer { pending = [] }
            return pending
        }
        guard !waiting.isEmpty else { return }
        let bitmap = Bitmap(copying: host.screen)
        for completion in waiting { completion(bitmap) }
    }
}
