import Synchronization

/// A canvas lent to other threads for reading, without a copy, until the thread that draws on
/// it draws again.
///
/// The drawing thread makes the loan between frames (``init(_:)`` writes the pixels a clear
/// still owes, so reading changes nothing), hands it to a reader on another thread, and ends
/// it (``end()``) before it next draws on the canvas. A reader copies rows out one at a time
/// (``copyRow(_:into:)``); once the loan has ended it gets `false` and must give up. Ending
/// waits at most for the row being copied, so the drawing thread never waits for the reader's
/// work (a PNG's compression), only for a `memcpy` of one row.
///
/// ```swift
/// let loan = CanvasLoan(screen)                 // on the drawing thread, after a frame
/// startThread { let png = try? PNGEncoder.encode(loan) }
/// loan.end()                                    // before the next frame is drawn
/// ```
///
/// A frame of 1920x1080 is 7.9 MiB; a loan costs nothing but the canvas it keeps alive (a
/// canvas replaced meanwhile stays in memory until its readers are done).
public final class CanvasLoan: @unchecked Sendable {
    // Sendable: the canvas's pixels are only read here, under `lent`, and the drawing thread
    // writes them only after `end()` has taken `lent` and cleared it.
    private let canvas: Canvas
    private let lent = Mutex(true)

    /// The canvas's width in pixels.
    public let width: Int
    /// The canvas's height in pixels.
    public let height: Int

    /// Lends `canvas` as it is now; on the thread that draws on it.
    public init(_ canvas: Canvas) {
        canvas.settlePixels()
        self.canvas = canvas
        width = canvas.width
        height = canvas.height
    }

    /// Whether the loan still lasts.
    public var isLent: Bool { lent.withLock { $0 } }

    /// Copies row `y`'s `width` premultiplied pixels into `into`; false once the loan ended.
    public func copyRow(_ y: Int, into: UnsafeMutablePointer<UInt32>) -> Bool {
        precondition(y >= 0 && y < height, "row \(y) outside 0..<\(height)")
        return lent.withLock { lent in
            guard lent else { return false }
            let storage = canvas.storage
            let row = storage.base + (canvas.origin.y + y) * storage.stride + canvas.origin.x
            into.update(from: row, count: width)
            return true
        }
    }

    /// Ends the loan: readers get no more rows.
    ///
    /// On the drawing thread, before it draws; waits for a row being copied.
    public func end() {
        lent.withLock { $0 = false }
    }
}
