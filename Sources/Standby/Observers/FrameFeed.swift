import EventCore
import FoundationEssentials
import Raster
import Synchronization
import SystemSupport

/// The frames the host presents, for observers on other threads: a notification per frame
/// presented, and the frame on the panel now, copied or lent (``CanvasLoan``) only when
/// someone asks.
///
/// ```swift
/// let watching = host.frames.observe { frame in sse.send("frame \(frame.number)") }
/// host.frames.capture { bitmap in respond(try PNGEncoder.encode(bitmap)) }   // GET /screen.png
/// ```
///
/// A capture is taken on the loop's thread at its next wake-up (a capture request wakes it):
/// a copy of the canvas, exactly the pixels the panel shows before the display's own pixel
/// format and rotation; nothing is copied while no one asks. A loan (``lend(waking:_:)``) is
/// the canvas itself, readable from another thread until the loop's next turn (which may draw):
/// no copy (7.9 MiB at 1920x1080), for a reader done before then (a PNG at rest, where the
/// loop turns once a minute).
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
    /// A reader waiting for a loan.
    private struct Borrower {
        /// Its number, for the wake-up it posted.
        let id: Int
        /// Whether the loop is to lend at the end of a turn: the wake-up the reader posted has
        /// arrived (a turn before it would be followed by the wake-up's own, ending the loan).
        /// (Never for a reader that waits for the next frame presented.)
        var due: Bool
        let reader: @Sendable (CanvasLoan) -> Void
    }

    /// Readers waiting for a loan, and the number of the last.
    private let borrowers = Mutex<(waiting: [Borrower], count: Int)>(([], 0))
    /// The loan of the frame on the panel, while it lasts.
    private let loan = Mutex<CanvasLoan?>(nil)
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

    /// Lends `reader` the frame on the panel (``CanvasLoan``): its rows, read without a copy,
    /// until the loop's next turn (before it draws anything).
    ///
    /// From any thread; `reader` runs on the loop's thread and must return at once (start the
    /// work on a thread of its own). With `waking`, the loop wakes for it and lends the frame
    /// shown at the end of that turn; without, the next frame presented is lent as it is
    /// presented (asked from an observer of ``observe(_:)``: the frame just presented, no
    /// wake-up of its own). A reader that finds the loan ended has to give up or copy.
    public func lend(waking: Bool = true, _ reader: @escaping @Sendable (CanvasLoan) -> Void) {
        let id = borrowers.withLock { borrowers in
            borrowers.count += 1
            borrowers.waiting.append(
                Borrower(id: borrowers.count, due: false, reader: reader))
            return borrowers.count
        }
        if waking {
            events.post(
                HostEvent(internal: "lend the frame") { host in
                    host.frames.borrowers.withLock { borrowers in
                        for i in borrowers.waiting.indices where borrowers.waiting[i].id == id {
                            borrowers.waiting[i].due = true
                        }
                    }
                })
        }
    }

    /// Ends the loan of the frame on the panel: the loop's turn is about to draw what changed
    /// (on its thread).
    func willDraw() {
        loan.withLock { loan in
            loan?.end()
            loan = nil
        }
    }

    /// Lends the frame on the panel to the readers waiting: all of them after a frame was
    /// presented; at the end of any turn, those whose wake-up has arrived (on the loop's
    /// thread).
    func deliverLoans(_ host: StandbyHost, presented: Bool) {
        let waiting = borrowers.withLock { borrowers in
            let served = borrowers.waiting.filter { presented || $0.due }
            borrowers.waiting.removeAll { presented || $0.due }
            return served
        }
        guard !waiting.isEmpty else { return }
        let lent = loan.withLock { loan in
            if let loan, loan.isLent { return loan }
            let made = CanvasLoan(host.screen)
            loan = made
            return made
        }
        for borrower in waiting { borrower.reader(lent) }
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
