import CDRM
import Raster

#if canImport(Glibc)
    import Glibc
#endif

/// A frame sink on a Linux framebuffer device (`/dev/fbN`), for boards without KMS.
///
/// Opening reads `FBIOGET_VSCREENINFO` / `FBIOGET_FSCREENINFO`, takes the pixel format from the
/// bits per pixel and the red/green/blue bitfield offsets, the row stride from `line_length`
/// and the visible area's origin from `xoffset`/`yoffset`, maps the memory, and puts the
/// console in graphics mode. When the virtual height holds two screens (and the driver pans),
/// frames are drawn into the hidden one and shown with `FBIOPAN_DISPLAY`; otherwise into the
/// visible one (`FbdevPages`).
///
/// ```swift
/// let sink = try FbdevSink(devicePath: "/dev/fb0", rotation: .degrees90, log: { print($0) })
/// try sink.present(canvas, damage: rects)
/// ```
public final class FbdevSink: FrameSink {
    /// The canvas size (the visible resolution, turned by the rotation).
    public let size: PixelSize
    /// The framebuffer's pixel layout, from its bitfields.
    public let format: PixelFormat
    /// How the canvas is turned onto the panel.
    public let rotation: Rotation

    private let file: FileDescriptor
    private let driver: String
    private let variable: fb_var_screeninfo
    private let pages: FbdevPages
    private let mapping: MemoryMapping
    private let converter: FrameConverter
    private var pans: Bool
    private var front = 0
    private var tracker: DamageTracker
    private var console: VirtualTerminal?
    private let log: @Sendable (String) -> Void
    private var blankSupported = true
    private var isBlanked = false
    private var isReleased = false
    private var lastCanvas: Canvas?
    private var closed = false
    private var vsync = VerticalBlankWaits()

    // MARK: Lifecycle

    /// Opens `devicePath` (or `/dev/fb0`), reads its mode and maps it; `format`, when given,
    /// must match the device's.
    ///
    /// `takesConsole` switches the active VT to graphics mode; with `vtSwitchSignals` too, VT
    /// switches wait for ``releaseDisplay()`` (see ``VTSwitchSignals``).
    public init(
        devicePath: String?, format requested: PixelFormat? = nil, rotation: Rotation = .degrees0,
        takesConsole: Bool = true, vtSwitchSignals: VTSwitchSignals? = nil,
        log: @escaping @Sendable (String) -> Void
    ) throws(FbdevError) {
        self.log = log
        self.rotation = rotation
        let path = devicePath ?? DeviceNode.numbered("/dev/fb").first ?? "/dev/fb0"
        switch FileDescriptor.open(path, flags: O_RDWR) {
        case .failure(let f) where f.isPermission:
            throw .permissionDenied(path: path, group: f.owningGroup)
        case .failure(let f) where f.errno == ENOENT:
            throw devicePath == nil ? .noDevice : .openFailed(path: path, errno: f.errno)
        case .failure(let f):
            throw .openFailed(path: path, errno: f.errno)
        case .success(let fd):
            file = fd
        }
        var fixed = fb_fix_screeninfo()
        var variable = fb_var_screeninfo()
        guard nightstand_fb_get_fscreeninfo(file.raw, &fixed) == 0 else {
            throw .ioctlFailed(path: path, step: "FBIOGET_FSCREENINFO", errno: errno)
        }
        guard nightstand_fb_get_vscreeninfo(file.raw, &variable) == 0 else {
            throw .ioctlFailed(path: path, step: "FBIOGET_VSCREENINFO", errno: errno)
        }
        driver = withUnsafeBytes(of: fixed.id) {
            String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
        }
        let format = try FbdevSink.format(of: variable, path: path)
        if let requested, requested != format {
            throw .formatMismatch(path: path, requested: requested, actual: format)
        }
        self.format = format
        self.variable = variable
        let panel = PixelSize(width: Int(variable.xres), height: Int(variable.yres))
        size = rotation.panelSize(canvasSize: panel)
        converter = FrameConverter(canvasSize: size, format: format, rotation: rotation)
        guard
            let pages = FbdevPages(
                height: panel.height, virtualHeight: Int(variable.yres_virtual),
                xOffset: Int(variable.xoffset), yOffset: Int(variable.yoffset),
                panStep: Int(fixed.ypanstep), lineLength: Int(fixed.line_length),
                bytesPerPixel: format.bytesPerPixel, memoryLength: Int(fixed.smem_len),
                isDRMEmulation: FbdevPages.isDRMEmulation(id: driver))
        else {
            throw .memoryTooSmall(
                path: path,
                needed: (Int(variable.yoffset) + panel.height) * Int(fixed.line_length),
                available: Int(fixed.smem_len))
        }
        self.pages = pages
        pans = pages.count == 2
        if !pans && FbdevPages.isDRMEmulation(id: driver)
            && variable.yres_virtual >= 2 * variable.yres
        {
            log(
                "fbdev: \(driver) is a DRM driver's fbdev emulation, which does not show panned "
                    + "pages; single buffer (the drm backend drives this card directly)")
        }
        switch MemoryMapping.map(fd: file.raw, length: Int(fixed.smem_len), offset: 0) {
        case .failure(let e): throw .ioctlFailed(path: path, step: "mmap", errno: e.errno)
        case .success(let m): mapping = m
        }
        tracker = DamageTracker(buffers: pages.count, bounds: IntRect(size: size))
        if takesConsole {
            console = VirtualTerminal(backend: "fbdev", signals: vtSwitchSignals, log: log)
        }
        log("fbdev: \(description)")
    }

    /// `/dev/fb0 (bochs-drmdrmfb) 1024x768 xrgb8888, stride 4096, rotation 0, single buffer`,
    /// and the VT when one was taken.
    public var description: String {
        "\(file.path) (\(driver)) \(variable.xres)x\(variable.yres) \(format), "
            + "stride \(pages.lineLength), rotation \(rotation), "
            + (pans ? "double-buffered (pan)" : "single buffer")
            + (console.map { ", \($0.path)\($0.controlsSwitching ? " (VT switches)" : "")" } ?? "")
    }

    // MARK: Presenting

    /// Converts the damage into the hidden page and pans to it, or into the visible area.
    public func present(_ canvas: Canvas, damage: [IntRect]) throws {
        guard !closed else { return }
        tracker.add(Damage.normalized(damage, in: canvas.bounds))
        lastCanvas = canvas
        guard !isBlanked, !isReleased else { return }
        let target = pans ? 1 - front : front
        converter.copy(
            canvas, rects: tracker.take(target), to: mapping.base + pages.offset(ofPage: target),
            stride: pages.lineLength)
        guard pans else { return }
        var pan = variable
        pan.yoffset = UInt32(pages.panOffset(ofPage: target))
        guard nightstand_fb_pan_display(file.raw, &pan) == 0 else {
            // Draw into the page on screen from now on.
            log("fbdev: FBIOPAN_DISPLAY failed (\(DeviceNode.describe(errno))); single buffer")
            pans = false
            tracker.invalidateAll()
            return try present(canvas, damage: [])
        }
        front = target
    }

    // MARK: Pacing

    /// The vertical blank (`FBIO_WAITFORVSYNC`) until the driver shows it has none, then a
    /// timer.
    public var framePacing: FramePacing { vsync.works ? .verticalBlank : .timer }

    /// One over the mode's refresh rate, from its timings (see
    /// ``refreshInterval(of:)``).
    public var refreshInterval: Double { Self.refreshInterval(of: variable) }

    /// Waits for the next vertical blank with `FBIO_WAITFORVSYNC`; a driver that refuses it,
    /// or answers at once every time, is paced by a timer from then on (logged once).
    public func waitForVerticalBlank() {
        guard vsync.works, !closed, !isReleased else { return }
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        let result = nightstand_fb_wait_for_vsync(file.raw) == 0 ? 0 : errno
        var end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &end)
        let seconds = Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
        if let reason = vsync.note(result: result, seconds: seconds) {
            log("fbdev: \(driver): \(reason); pacing motion by a timer at the refresh rate")
        }
    }

    // MARK: Blanking

    /// `FBIOBLANK` powerdown/unblank; drivers without it (logged once) get a black frame.
    public func blank(_ blanked: Bool) throws {
        guard blanked != isBlanked, !closed else { return }
        isBlanked = blanked
        if !isReleased { applyBlank(blanked) }
        if !blanked {
            tracker.invalidateAll()
            if let canvas = lastCanvas { try present(canvas, damage: []) }
        }
    }

    private func applyBlank(_ blanked: Bool) {
        if blankSupported {
            let level = blanked ? nightstand_fb_blank_powerdown() : nightstand_fb_blank_unblank()
            guard nightstand_fb_blank(file.raw, level) != 0 else { return }
            log("fbdev: \(driver) has no FBIOBLANK (\(DeviceNode.describe(errno))); showing black")
            blankSupported = false
        }
        guard blanked else { return }
        for page in 0..<pages.count {
            let base = mapping.base + pages.offset(ofPage: page)
            for y in 0..<pages.height {
                memset(base + y * pages.lineLength, 0, Int(variable.xres) * format.bytesPerPixel)
            }
        }
        tracker.invalidateAll()
    }

    // MARK: VT switching

    /// Stops drawing and lets the pending VT switch go ahead (the other VT's console draws
    /// into the same memory); presents are remembered until ``acquireDisplay()``.
    public func releaseDisplay() {
        guard !closed, !isReleased else { return }
        isReleased = true
        tracker.invalidateAll()
        console?.allowSwitchAway()
    }

    /// Acknowledges the switch back; the next present redraws every page and pans again.
    ///
    /// With one page, the visible area is panned back to where it was at opening: the other
    /// VT's console may have scrolled by panning.
    public func acquireDisplay() {
        guard !closed, isReleased else { return }
        console?.acknowledgeSwitchBack()
        isReleased = false
        tracker.invalidateAll()
        if !pans && variable.yres_virtual > variable.yres {
            var original = variable
            _ = nightstand_fb_pan_display(file.raw, &original)
        }
        if isBlanked { applyBlank(true) }
    }

    // MARK: Teardown

    /// Gives the framebuffer back as it was found.
    ///
    /// Unblanks, pans back to where the device was, restores the console mode, unmaps and
    /// closes. Idempotent; also run by `deinit`.
    public func close() {
        guard !closed else { return }
        closed = true
        restoreConsoleForExit()
        console = nil
        mapping.unmap()
        file.close()
        lastCanvas = nil
    }

    /// Unblanks, pans back and gives the VT back, from whatever thread, without unmapping:
    /// the process exits right after.
    public func restoreConsoleForExit() {
        if !isReleased {
            if isBlanked && blankSupported {
                _ = nightstand_fb_blank(file.raw, nightstand_fb_blank_unblank())
            }
            if pages.count == 2 {
                var original = variable
                _ = nightstand_fb_pan_display(file.raw, &original)
            }
        }
        console?.release()
    }

    deinit { close() }
}
