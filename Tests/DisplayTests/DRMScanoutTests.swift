import Raster
import Testing

@testable import Display

#if canImport(Glibc)
    import Glibc
#endif

/// A card in memory: two XRGB8888 buffers, a CRTC, a connector, DRM master and DPMS.
///
/// It gives the answers each test wants and records the kernel calls made.
private final class FakeOutput: DRMOutput {
    let size: PixelSize
    let pitch: Int
    private let memory: [UnsafeMutableRawPointer]
    /// The buffer the CRTC shows (nil before the first modeset).
    var scanned: Int?
    var calls: [String] = []
    var isMaster = true
    var connected = true
    /// What a page flip answers (0: queued).
    var flipAnswer: Int32 = 0
    /// What DirtyFB answers.
    var dirtyAnswer: Int32 = 0
    /// Whether the connector has a DPMS property.
    var hasDPMS = true
    var dpmsOn = true
    var dirtyClips: [[IntRect]] = []
    var clock = 100.0

    init(size: PixelSize, padding: Int = 8) {
        self.size = size
        pitch = size.width * 4 + padding
        memory = (0..<2).map { _ in
            UnsafeMutableRawPointer.allocate(
                byteCount: (size.width * 4 + padding) * size.height, alignment: 4)
        }
        for m in memory { memset(m, 0, pitch * size.height) }
    }

    deinit { for m in memory { m.deallocate() } }

    func buffer(_ index: Int) -> (base: UnsafeMutableRawPointer, pitch: Int, length: Int) {
        (memory[index], pitch, pitch * size.height)
    }

    func setCRTC(buffer index: Int) -> Int32 {
        calls.append("setCRTC \(index)")
        guard isMaster else { return EACCES }
        scanned = index
        dpmsOn = true
        return 0
    }

    func pageFlip(buffer index: Int) -> Int32 {
        calls.append("flip \(index)")
        guard isMaster else { return EACCES }
        guard flipAnswer == 0 else { return flipAnswer }
        scanned = index
        return 0
    }

    /// Whether the queued flip's event has arrived (what a non-blocking look finds).
    var flipArrived = true

    func waitForFlip(milliseconds: Int) throws(DRMError) -> Bool {
        calls.append("wait")
        return true
    }

    func takeFlipEvent() -> Bool {
        calls.append("take")
        return flipArrived
    }

    func dirtyFB(buffer index: Int, clips: [IntRect]) -> Int32 {
        calls.append("dirty \(index)")
        guard isMaster else { return EACCES }
        if dirtyAnswer == 0 { dirtyClips.append(clips) }
        return dirtyAnswer
    }

    func isConnected(probe: Bool) -> Bool? { connected }

    func setMaster() -> Int32 {
        calls.append("setMaster")
        return isMaster ? 0 : EBUSY
    }

    func dropMaster() {
        calls.append("dropMaster")
        isMaster = false
    }

    func setDPMS(on: Bool) -> Int32? {
        calls.append("dpms \(on ? "on" : "off")")
        guard hasDPMS else { return nil }
        dpmsOn = on
        return 0
    }

    func monotonicSeconds() -> Double { clock }

    /// What the panel shows: the scanned buffer's pixels (black when DPMS is off).
    func screen() -> [UInt32] {
        guard let scanned, dpmsOn else {
            return Array(repeating: 0, count: size.width * size.height)
        }
        var pixels: [UInt32] = []
        for y in 0..<size.height {
            let row = (memory[scanned] + y * pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<size.width { pixels.append(row[x] & 0x00FF_FFFF) }
        }
        return pixels
    }
}

/// Collects log lines.
private final class LogLines: @unchecked Sendable {
    var lines: [String] = []
}

/// A canvas of `size` filled with `seed`-dependent pixels.
private func picture(_ size: PixelSize, seed: UInt32) -> Canvas {
    let canvas = Canvas(size: size)
    for y in 0..<size.height {
        for x in 0..<size.width {
            canvas.row(y)[x] =
                0xFF00_0000 | (UInt32(x * 16 + y) &* 2_654_435_761 &+ seed) & 0xFF_FFFF
        }
    }
    return canvas
}

private func pixels(_ canvas: Canvas) -> [UInt32] {
    (0..<canvas.height).flatMap { y in (0..<canvas.width).map { canvas.row(y)[$0] & 0xFF_FFFF } }
}

/// Paints `rect` of `canvas` with `value` and returns the rect (a frame's damage).
@discardableResult
private func paint(_ canvas: Canvas, _ rect: IntRect, _ value: UInt32) -> IntRect {
    for y in rect.y..<rect.maxY {
        for x in rect.x..<rect.maxX { canvas.row(y)[x] = 0xFF00_0000 | value }
    }
    return rect
}

extension DRMScanout {
    /// Presents the whole canvas.
    fileprivate func present(_ canvas: Canvas) throws {
        try present(canvas, damage: [canvas.bounds])
    }
}

@Suite("DRM scanout decisions (a fake card)")
struct DRMScanoutTests {
    private let size = PixelSize(width: 12, height: 8)

    private func scanout(_ output: FakeOutput, flips: Bool = true, log: LogLines = LogLines())
        throws -> DRMScanout
    {
        try DRMScanout(
            output: output, converter: FrameConverter(canvasSize: size, format: .xrgb8888),
            flips: flips, connectorName: "Virtual-1", driver: "fake",
            log: { [log] in log.lines.append($0) })
    }

    @Test("Flipping: every frame reaches the screen though each copy is only the damage")
    func flipsKeepBothBuffersCurrent() throws {
        let output = FakeOutput(size: size)
        let sink = try scanout(output)
        let canvas = picture(size, seed: 1)
        try sink.present(canvas)
        #expect(output.screen() == pixels(canvas))
        for (i, rect) in [
            IntRect(x: 1, y: 1, width: 3, height: 2), IntRect(x: 6, y: 4, width: 5, height: 3),
            IntRect(x: 0, y: 7, width: 12, height: 1),
        ].enumerated() {
            try sink.present(canvas, damage: [paint(canvas, rect, 0x1020_30 * UInt32(i + 1))])
            #expect(output.screen() == pixels(canvas))
        }
        #expect(
            output.calls == [
                "setCRTC 0", "flip 1", "wait", "flip 0", "wait", "flip 1", "wait", "flip 0",
            ])
        #expect(sink.retryInterval == nil)
    }

    @Test("Motion paced by flip events: a frame whose event was taken is not waited for again")
    func flipEventsPaceMotion() throws {
        let output = FakeOutput(size: size)
        let sink = try scanout(output)
        let canvas = picture(size, seed: 2)
        // Nothing on its way yet: nothing to take.
        #expect(sink.takeFlipEvents())
        try sink.present(canvas)
        // The event has not come: the next present would wait for it.
        output.flipArrived = false
        #expect(!sink.takeFlipEvents())
        // It comes; once taken, the next present goes straight to its flip.
        output.flipArrived = true
        #expect(sink.takeFlipEvents())
        try sink.present(
            canvas, damage: [paint(canvas, IntRect(x: 2, y: 2, width: 2, height: 2), 0x40)])
        #expect(output.calls == ["setCRTC 0", "flip 1", "take", "take", "flip 0"])
        #expect(output.screen() == pixels(canvas))
    }

    @Test("A driver refusing flips gets one buffer and DirtyFB with the damage clips")
    func fallbackToDirtyFB() throws {
        let output = FakeOutput(size: size)
        output.flipAnswer = EINVAL
        let log = LogLines()
        let sink = try scanout(output, log: log)
        let canvas = picture(size, seed: 2)
        try sink.present(canvas)
        #expect(output.screen() == pixels(canvas))
        #expect(!sink.flips)
        let rect = paint(canvas, IntRect(x: 2, y: 3, width: 4, height: 2), 0xABCDEF)
        try sink.present(canvas, damage: [rect])
        #expect(output.screen() == pixels(canvas))
        #expect(output.dirtyClips.last == [rect])
        #expect(output.calls.filter { $0.hasPrefix("flip") } == ["flip 1"])
        #expect(log.lines.contains { $0.contains("single buffer + DirtyFB") })
    }

    @Test("DirtyFB answered with ENOSYS is logged once and not sent again")
    func dirtyFBNotNeeded() throws {
        let output = FakeOutput(size: size)
        output.dirtyAnswer = ENOSYS
        let log = LogLines()
        let sink = try scanout(output, flips: false, log: log)
        let canvas = picture(size, seed: 3)
        try sink.present(canvas)
        try sink.present(
            canvas, damage: [paint(canvas, IntRect(x: 0, y: 0, width: 2, height: 2), 9)])
        #expect(output.calls.filter { $0.hasPrefix("dirty") }.count == 1)
        #expect(log.lines.filter { $0.contains("ENOSYS") }.count == 1)
        #expect(output.screen() == pixels(canvas))
    }

    @Test("Master lost to another session: frames wait, a retry is asked, then all is redrawn")
    func lostMaster() throws {
        let output = FakeOutput(size: size)
        let sink = try scanout(output)
        let canvas = picture(size, seed: 4)
        try sink.present(canvas)
        output.isMaster = false  // another session took it
        try sink.present(
            canvas, damage: [paint(canvas, IntRect(x: 3, y: 3, width: 2, height: 2), 7)])
        #expect(sink.retryInterval == DRMScanout.retrySeconds)
        try sink.present(canvas, damage: [])
        #expect(sink.retryInterval == DRMScanout.retrySeconds)
        output.isMaster = true  // the session manager gave it back
        output.scanned = nil  // and showed its own picture meanwhile
        output.clock += DRMScanout.retrySeconds
        try sink.present(canvas, damage: [])
        #expect(output.screen() == pixels(canvas))
        #expect(sink.retryInterval == nil)
        #expect(output.calls.suffix(2) == ["setMaster", "setCRTC 1"])
    }

    @Test("Unplugged connector: nothing is shown until it returns, then the mode is set again")
    func hotplug() throws {
        let output = FakeOutput(size: size)
        let log = LogLines()
        let sink = try scanout(output, log: log)
        let canvas = picture(size, seed: 5)
        try sink.present(canvas)
        output.connected = false
        output.clock += 2
        let before = output.calls.count
        try sink.present(
            canvas, damage: [paint(canvas, IntRect(x: 0, y: 0, width: 4, height: 4), 3)])
        #expect(output.calls.count == before)  // no flip into the void
        #expect(sink.retryInterval == DRMScanout.retrySeconds)
        #expect(log.lines.contains { $0.contains("Virtual-1 unplugged") })
        output.clock += 2
        try sink.present(canvas, damage: [])  // still unplugged: still nothing
        #expect(output.calls.count == before)
        output.connected = true
        output.scanned = nil
        output.clock += 0.1  // too soon after the last look
        try sink.present(canvas, damage: [])
        #expect(output.scanned == nil)
        output.clock += 1
        try sink.present(canvas, damage: [])
        #expect(output.screen() == pixels(canvas))
        #expect(sink.retryInterval == nil)
        #expect(log.lines.last == "drm: mode set again on Virtual-1")
    }

    @Test("VT switch: release drops master and touches nothing; acquire redraws everything")
    func vtSwitch() throws {
        let output = FakeOutput(size: size)
        let sink = try scanout(output)
        let canvas = picture(size, seed: 6)
        try sink.present(canvas)
        sink.release()
        #expect(output.calls.last == "dropMaster")
        let before = output.calls.count
        try sink.present(
            canvas, damage: [paint(canvas, IntRect(x: 5, y: 1, width: 3, height: 3), 4)])
        try sink.blank(false)
        #expect(output.calls.count == before)
        #expect(sink.retryInterval == nil)  // the acquire signal says when
        output.isMaster = true  // the kernel hands master back with the VT
        output.scanned = nil  // the other VT's console was on screen
        sink.acquire()
        try sink.present(canvas, damage: [])
        #expect(output.screen() == pixels(canvas))
        #expect(Array(output.calls[before...]) == ["setMaster", "setCRTC 1"])
    }

    @Test("Blank turns DPMS off; frames presented meanwhile show on unblank")
    func blankWithDPMS() throws {
        let output = FakeOutput(size: size)
        let sink = try scanout(output)
        let canvas = picture(size, seed: 7)
        try sink.present(canvas)
        try sink.blank(true)
        #expect(!output.dpmsOn)
        try sink.present(
            canvas, damage: [paint(canvas, IntRect(x: 1, y: 1, width: 10, height: 6), 8)])
        #expect(sink.retryInterval == nil)
        try sink.blank(false)
        #expect(output.dpmsOn)
        #expect(output.screen() == pixels(canvas))
        sink.close()
        #expect(output.dpmsOn)
    }

    @Test("Blank without a DPMS property shows black, and unblank the latest frame")
    func blankWithoutDPMS() throws {
        let output = FakeOutput(size: size)
        output.hasDPMS = false
        let sink = try scanout(output)
        let canvas = picture(size, seed: 8)
        try sink.present(canvas)
        try sink.blank(true)
        #expect(output.screen().allSatisfy { $0 == 0 })
        try sink.blank(false)
        #expect(output.screen() == pixels(canvas))
    }

    @Test("Opening while another program is master names it; other modeset errors name errno")
    func openErrors() {
        let output = FakeOutput(size: size)
        output.isMaster = false
        #expect(throws: DRMError.notMaster(connector: "Virtual-1")) { try scanout(output) }
        #expect(
            DRMError.notMaster(connector: "HDMI-A-1").description.contains(
                "another program (a desktop session or compositor) is DRM master"))
        #expect(
            DRMError.modesetFailed(connector: "DSI-1", errno: EINVAL).description
                == "drm: setting the mode on DSI-1 failed: Invalid argument (errno 22)")
    }
}
