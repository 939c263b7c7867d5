import CPixelFill

/// The memory behind one or more canvases: `height` rows of `stride` premultiplied pixels.
///
/// Allocated once and zeroed (transparent black); freed when the last ``Canvas`` viewing it
/// goes away. Sub-canvases share it, so a slot of the screen is drawn in place, without copies.
///
/// A clear of whole rows is deferred (see ``DeferredClear``): each row remembers how far from
/// its left end it has been written (`settled`) and the color the rest still owes (`owed`).
/// Drawing settles a row up to where it draws before it draws, and skips the owed color under
/// an opaque span; reading a row settles it whole. So a cleared screen whose widgets' opaque
/// backgrounds cover half of it is written once, not twice.
final class PixelStorage {
    let base: UnsafeMutablePointer<UInt32>
    let width: Int
    let height: Int
    /// Pixels from the start of one row to the start of the next (≥ width).
    let stride: Int
    /// Per row: pixels `0..<settled[y]` hold what was drawn; the rest owe `owed[y]`.
    private let settled: UnsafeMutablePointer<Int32>
    /// Per row: the color its unsettled pixels owe.
    private let owed: UnsafeMutablePointer<UInt32>
    /// Whether any row may owe pixels; false once everything is settled, so drawing skips
    /// the per-row checks.
    private(set) var hasDebt = false

    init(width: Int, height: Int, stride: Int) {
        precondition(width >= 0 && height >= 0 && stride >= width, "bad canvas geometry")
        precondition(width <= Int(Int32.max), "canvas wider than \(Int32.max) pixels")
        self.width = width
        self.height = height
        self.stride = stride
        let count = max(1, stride * height)
        base = .allocate(capacity: count)
        base.initialize(repeating: 0, count: count)
        settled = .allocate(capacity: max(1, height))
        settled.initialize(repeating: Int32(width), count: max(1, height))
        owed = .allocate(capacity: max(1, height))
        owed.initialize(repeating: 0, count: max(1, height))
    }

    deinit {
        base.deallocate()
        settled.deallocate()
        owed.deallocate()
    }

    /// Makes rows `rows` (whole rows) owe `value` everywhere, writing nothing yet.
    func deferClear(rows: Range<Int>, value: UInt32) {
        guard !rows.isEmpty else { return }
        for y in rows {
            settled[y] = 0
            owed[y] = value
        }
        hasDebt = true
    }

    /// The debt of rows from `y` on, for a drawing on a canvas `x` pixels into each row;
    /// nil when no row owes anything.
    func deferredClear(fromRow y: Int, x: Int) -> DeferredClear? {
        guard hasDebt else { return nil }
        return DeferredClear(
            settled: settled + y, owed: owed + y, pixels: base + y * stride + x, stride: stride,
            originX: x)
    }

    /// Settles row `y` from its left end up to pixel `end` (exclusive).
    func settle(row y: Int, to end: Int) {
        deferredClear(fromRow: 0, x: 0)?.settle(row: y, to: end)
    }

    /// Settles every row whole; afterwards nothing is owed.
    ///
    /// Consecutive rows owing the same color from their first pixel, back to back in memory,
    /// go out as one fill: a full-screen clear with nothing drawn on it runs at `memset`'s
    /// speed.
    func settleAll() {
        guard hasDebt else { return }
        pixel_settle_all(base, width, stride, height, settled, owed)
        hasDebt = false
    }
}

/// The owed colors of a deferred clear, as a drawing sees them: what a blitter settles before
/// it writes (see ``PixelStorage``).
///
/// Rows are the drawing canvas's, columns the storage's (`settled` counts from the storage row's
/// left end, which may lie left of the canvas): settling a row writes the owed color over the
/// whole unsettled stretch up to the drawing, so what stays unsettled is always a row's tail.
struct DeferredClear {
    /// Row 0 of the drawing canvas's `settled` marks.
    let settled: UnsafeMutablePointer<Int32>
    /// Row 0 of the drawing canvas's owed colors.
    let owed: UnsafeMutablePointer<UInt32>
    /// Pixel (0, 0) of the drawing canvas.
    let pixels: UnsafeMutablePointer<UInt32>
    let stride: Int
    /// The drawing canvas's column 0 in storage columns.
    let originX: Int

    /// Before pixels `x..<end` of row `y` (canvas columns) are read or blended: writes the
    /// owed color up to `end`.
    @inline(__always)
    func settle(row y: Int, to end: Int) {
        settle(row: y, storing: end, to: end)
    }

    /// Before pixels `x..<end` of row `y` are overwritten without being read (an opaque span):
    /// writes the owed color only left of `x`.
    @inline(__always)
    func settle(row y: Int, storing x: Int, to end: Int) {
        var debt = pixel_debt(settled: settled + y, column: Int32(originX), owed: owed[y])
        pixel_settle(pixels + y * stride, &debt, Int32(x), Int32(end))
    }

    /// Whether each of `rows` holds what was drawn up to `end` (canvas columns) and owes
    /// nothing there.
    func isSettled(rows: Range<Int>, to end: Int) -> Bool {
        var debts = debts(fromRow: rows.lowerBound, x: 0)
        return pixel_rows_settled(&debts, rows.count, Int32(end)) != 0
    }

    /// Before pixels left of `end` in each of `rows` (canvas columns) are read or blended:
    /// writes the owed color up to `end`.
    func settle(rows: Range<Int>, to end: Int) {
        var debts = debts(fromRow: rows.lowerBound, x: 0)
        pixel_settle_rows(pixels + rows.lowerBound * stride, stride, rows.count, &debts, Int32(end))
    }

    /// The debts of rows from `y` on, for a drawing whose column 0 is the canvas's column `x`.
    @inline(__always)
    func debts(fromRow y: Int, x: Int) -> pixel_debts {
        pixel_debts(settled: settled + y, owed: owed + y, column: Int32(originX + x))
    }
}
