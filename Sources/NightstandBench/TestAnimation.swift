import Display
import Raster

#if canImport(Glibc)
    import Glibc
#endif

/// `show-test-frame`'s `animate N`: a box moved across the test pattern for `N` frames, each
/// presented when the sink's pacing says the panel can take it, as motion is drawn
/// (``Display/FramePacing``).
///
/// The box of frame `i` lies at a fixed place, so the last frame is the same picture wherever
/// it is drawn: the QEMU test compares the scanout after `animate` with the headless backend's
/// frame after the same command. The report counts the waits: with page-flip events, one per
/// frame and one after the last (`N + 1`) proves that each frame went out once the one before
/// it was on screen.
struct TestAnimation {
    let sink: any FrameSink
    let canvas: Canvas

    /// Presents `frames` frames; returns the line `show-test-frame` answers, such as
    /// `animated 120 frames in 2.01 s (59.7 a second), paced by page-flip events: 120 events`.
    func run(frames: Int) throws -> String {
        let pattern = Bitmap(copying: canvas)
        let start = Self.seconds()
        var waits = 0
        var box: IntRect?
        for i in 0..<frames {
            // Read each frame: an fbdev driver may turn out to have no vertical blank.
            if try pace(sink.framePacing) { waits += 1 }
            let next = Self.box(frame: i, of: frames, on: canvas.size)
            var damage = [next]
            if let box {
                canvas.copy(pattern, to: (0, 0), clippedTo: box)
                damage.append(box)
            }
            canvas.withSavedState {
                canvas.fill(next.rect, with: Paint(color: RGBA(hex: 0xC020A0)))
            }
            try sink.present(canvas, damage: damage)
            box = next
        }
        // The last frame's event too: the count then covers every frame.
        let pacing = sink.framePacing
        if try pace(pacing) { waits += 1 }
        let elapsed = Self.seconds() - start
        let rate = Double(frames) / max(elapsed, 1e-9)
        let unit =
            switch pacing {
            case .pageFlipEvents: "events"
            case .verticalBlank: "vertical blanks"
            case .timer: "ticks"
            }
        return "animated \(frames) frames in \(elapsed.fixed(2)) s (\(rate.fixed(1)) a second), "
            + "paced by \(pacing): \(waits) \(unit)"
    }

    /// The box of frame `i` of `count`: a square a fifth of the height, moving left to right
    /// across the middle.
    static func box(frame i: Int, of count: Int, on size: PixelSize) -> IntRect {
        let side = max(1, size.height / 5)
        let travel = max(0, size.width - side)
        let x = count > 1 ? travel * i / (count - 1) : 0
        return IntRect(x: x, y: (size.height - side) / 2, width: side, height: side)
    }

    /// Waits until the sink can take a frame; whether it said so (for page-flip events: the
    /// event of the frame before came, within a second).
    private func pace(_ pacing: FramePacing) throws -> Bool {
        switch pacing {
        case .pageFlipEvents(let fd):
            var shown = sink.takeFrameEvents()
            var polls = 0
            while !shown && polls < 10 {
                var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                if poll(&pfd, 1, 100) < 0 && errno != EINTR { break }
                shown = sink.takeFrameEvents()
                polls += 1
            }
            return shown
        case .verticalBlank:
            sink.waitForVerticalBlank()
            return true
        case .timer:
            usleep(UInt32(sink.refreshInterval * 1_000_000))
            return true
        }
    }

    private static func seconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
