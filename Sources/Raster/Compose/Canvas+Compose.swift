import CPixelFill

/// Frames made from finished pictures, for motion: a cross-fade between two photos, and
/// pictures slid past each other (a view switch, a stack swipe).
///
/// A moving frame is drawn at the display's refresh rate, so it is built from pictures drawn
/// once (the outgoing and incoming views, two photos) instead of drawing the views again: a
/// slide is row copies (`memcpy`), a cross-fade one pass that reads two pictures and writes
/// the canvas. Both overwrite what they cover, with no blending against what was there.
///
/// ```swift
/// canvas.crossFade(from: photo, to: nextPhoto, progress: 0.25)
/// // a view switch a third of the way: the old view leaving to the left
/// canvas.copy(oldView, to: (x: -width / 3, y: 0))
/// canvas.copy(newView, to: (x: width - width / 3, y: 0))
/// ```
extension Canvas {
    /// Fills `rect` (default: the whole canvas) with the blend of `a` and `b` at `progress`.
    ///
    /// At 0 it is all `a`, at 1 all `b`, exactly; between, each channel is
    /// `a + round((b − a) × w / 128)` with `w = round(progress × 128)` (128 steps: a one-second
    /// fade at 60 frames a second takes 60 of them). Pixel (x, y) of `a` and `b` blends into the
    /// canvas's (x, y); where either picture is smaller than `rect`, the rest is left alone.
    ///
    /// Technical notes: one C kernel call per row (CPixelFill's `pixel_cross_fade`: eight
    /// pixels a step in 16-bit vector lanes, on the widest vectors the CPU has); a Swift loop
    /// of the same arithmetic measured 7 to 9 times a `memcpy` of the frame
    /// (`nightstand bench --transition`), the kernel well under 3.
    public func crossFade(from a: Bitmap, to b: Bitmap, progress: Double, in rect: IntRect? = nil) {
        let r = (rect ?? bounds).intersection(bounds)
            .intersection(IntRect(size: a.size)).intersection(IntRect(size: b.size))
        guard !r.isEmpty else { return }
        let w = UInt32(min(max((progress * 128).rounded(), 0), 128))
        let debt = storage.deferredClear(fromRow: origin.y, x: origin.x)
        for y in r.y..<r.maxY {
            // Every pixel of the span is overwritten: settle only what lies left of it.
            debt?.settle(row: y, storing: r.x, to: r.maxX)
            pixel_cross_fade(rowPointer(y) + r.x, a.row(y) + r.x, b.row(y) + r.x, r.width, w)
        }
    }

    /// Copies `picture` so that its top-left pixel lands at `origin` (canvas pixels, may lie
    /// outside), clipped to `rect` (default: the whole canvas) and to the picture.
    public func copy(_ picture: Bitmap, to origin: (x: Int, y: Int), clippedTo rect: IntRect? = nil)
    {
        let placed = IntRect(x: origin.x, y: origin.y, width: picture.width, height: picture.height)
        let r = (rect ?? bounds).intersection(bounds).intersection(placed)
        guard !r.isEmpty else { return }
        let debt = storage.deferredClear(fromRow: self.origin.y, x: self.origin.x)
        for y in r.y..<r.maxY {
            debt?.settle(row: y, storing: r.x, to: r.maxX)
            (rowPointer(y) + r.x).update(
                from: picture.row(y - origin.y) + (r.x - origin.x), count: r.width)
        }
    }

    /// Lays `picture` (premultiplied, translucent) over the canvas so that its top-left pixel
    /// lands at `origin`, clipped to `rect` (default: the whole canvas): source over, each
    /// pixel `s + d × (255 − sₐ) / 255`, with Raster's rounding.
    ///
    /// One C kernel call per row (CPixelFill's `pixel_source_over`): eight pixels a step, all
    /// transparent passed over, all opaque stored, so a layer of text, mostly empty, costs
    /// little more than its glyphs.
    public func composite(
        _ picture: Bitmap, to origin: (x: Int, y: Int), clippedTo rect: IntRect? = nil
    ) {
        let placed = IntRect(x: origin.x, y: origin.y, width: picture.width, height: picture.height)
        let r = (rect ?? bounds).intersection(bounds).intersection(placed)
        guard !r.isEmpty else { return }
        for y in r.y..<r.maxY {
            pixel_source_over(row(y) + r.x, picture.row(y - origin.y) + (r.x - origin.x), r.width)
        }
    }

    /// The smallest rectangle holding every pixel that is not fully transparent; nil when
    /// every pixel is.
    public var paintedBounds: IntRect? {
        var (minX, minY, maxX, maxY) = (width, height, -1, -1)
        for y in 0..<height {
            let pixels = row(y)
            var first = -1
            var last = -1
            for x in 0..<width where pixels[x] >> 24 != 0 {
                if first < 0 { first = x }
                last = x
            }
            guard first >= 0 else { continue }
            minX = min(minX, first)
            maxX = max(maxX, last)
            minY = min(minY, y)
            maxY = y
        }
        guard maxY >= 0 else { return nil }
        return IntRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// Row `y`'s first pixel, without settling a deferred clear (the caller did).
    private func rowPointer(_ y: Int) -> UnsafeMutablePointer<UInt32> {
        storage.base + (origin.y + y) * storage.stride + origin.x
    }
}
