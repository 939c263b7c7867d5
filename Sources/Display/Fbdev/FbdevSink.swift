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
/// console in graphics mode. When the virtual height holds two screens, frames are drawn into
/// the hidden one and shown with `FBIOPAN_DISPLAY`; otherwise into the visible one.
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
    private var variable: fb_var_screeninfo
    private let savedVariable: fb_var_screeninfo
    private let lineLength: Int
    private let mapping: MemoryMapping
    private let converter: FrameConverter
    private let pages: Int
    private var front = 0
    private var tracker: DamageTracker
    private var console: ConsoleMode?
    private let log: @Sendable (String) -> Void
    private var blankSupported = true
    private var isBlanked = false
    private var lastCanvas: Canvas?
    private var closed = false

    // MARK: Lifecycle

    /// Opens `devicePath` (or `/dev/fb0`), reads its mode and maps it; `format`, when given,
    /// must match the device's.
    public init(
        devicePath: String?, format requested: PixelFormat? = nil, rotation: Rotation = .degrees0,
        takesConsole: Bool = true, log: @escaping @Sendable (String) -> Void
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
        savedVariable = variable
        lineLength = Int(fixed.line_length)
        let panel = PixelSize(width: Int(variable.xres), height: Int(variable.yres))
        size = rotation.panelSize(canvasSize: panel)
        converter = FrameConverter(canvasSize: size, format: format, rotation: rotation)
        let screenBytes = lineLength * panel.height
        pages =
            Int(variable.yres_virtual) >= 2 * panel.height
                && Int(fixed.smem_len) >= 2 * screenBytes ? 2 : 1
        switch MemoryMapping.map(fd: file.raw, length: Int(fixed.smem_len), offset: 0) {
        case .failure(let e): throw .ioctlFailed(path: path, step: "mmap", errno: e.errno)
        case .success(let m): mapping = m
        }
        if pages == 2 {
            variable.yoffset = 0
            front = 0
        }
        self.variable = variable
        tracker = DamageTracker(buffers: pages, bounds: IntRect(size: size))
        if takesConsole { console = ConsoleMode(log: log) }
        log("fbdev: \(description)")
    }

    /// The format of a mode's bitfields, or an error naming them.
    static func format(of v: fb_var_screeninfo, path: String) throws(FbdevError) -> PixelFormat {
        let bpp = Int(v.bits_per_pixel)
        guard v.red.length <= 8, v.green.length <= 8,
            let format = PixelFormat(
                bitsPerPixel: bpp, redOffset: Int(v.red.offset), greenOffset: Int(v.green.offset),
                blueOffset: Int(v.blue.offset))
        else {
            let layout =
                "red \(v.red.offset)/\(v.red.length) green \(v.green.offset)/\(v.green.length) "
                + "blue \(v.blue.offset)/\(v.blue.length)"
            throw .unsupportedFormat(path: path, bitsPerPixel: bpp, layout: layout)
        }
        return format
    }

    /// `fbdev /dev/fb0 (bochs-drmdrmfb) 1024x768 xrgb8888, stride 4096, rotation 0, 2 pages`.
    public var description: String {
        "\(file.path) (\(driver)) \(variable.xres)x\(variable.yres) \(format), stride \(lineLength), "
            + "rotation \(rotation), \(pages == 2 ? "double-buffered (pan)" : "single buffer")"
    }

    // MARK: Presenting

    /// Converts the damage into the hidden page and pans to it, or into the visible area.
    public func present(_ canvas: Canvas, damage: [IntRect]) throws {
        guard !closed else { return }
        tracker.add(Damage.normalized(damage, in: canvas.bounds))
        lastCanvas = canvas
        guard !isBlanked else { return }
        let target = pages == 2 ? 1 - front : front
        converter.copy(
            canvas, rects: tracker.take(target), to: pageBase(target), stride: lineLength)
        guard pages == 2 else { return }
        var pan = variable
        pan.yoffset = UInt32(target) * variable.yres
        guard nightstand_fb_pan_display(file.raw, &pan) == 0 else {
            throw FbdevError.ioctlFailed(path: file.path, step: "FBIOPAN_DISPLAY", errno: errno)
        }
        front = target
    }

    /// The first byte of page `index`'s visible area (`xoffset` honoured; the single page is
    /// where `yoffset` points).
    private func pageBase(_ index: Int) -> UnsafeMutableRawPointer {
        let y = pages == 2 ? index * Int(variable.yres) : Int(variable.yoffset)
        return mapping.base + y * lineLength + Int(variable.xoffset) * format.bytesPerPixel
    }

    // MARK: Blanking

    /// `FBIOBLANK` powerdown/unblank; drivers without it (logged once) get a black frame.
    public func blank(_ blanked: Bool) throws {
        guard blanked != isBlanked, !closed else { return }
        if blankSupported {
            let level = blanked ? nightstand_fb_blank_powerdown() : nightstand_fb_blank_unblank()
            if nightstand_fb_blank(file.raw, level) != 0 {
                log(
                    "fbdev: \(driver) has no FBIOBLANK (\(DeviceNode.describe(errno))); blanking shows black"
                )
                blankSupported = false
            }
        }
        if !blankSupported && blanked {
            for page in 0..<pages {
                let base = pageBase(page)
                for y in 0..<Int(variable.yres) {
                    memset(base + y * lineLength, 0, Int(variable.xres) * format.bytesPerPixel)
                }
            }
        }
        isBlanked = blanked
        if !blanked {
            tracker.invalidateAll()
            if let canvas = lastCanvas { try present(canvas, damage: []) }
        }
    }

    // MARK: Teardown

    /// Gives the framebuffer back as it was found.
    ///
    /// Pans back to where the device was, restores the console mode, unmaps and closes.
    /// Idempotent; also run by `deinit`.
    public func close() {
        guard !closed else { return }
        closed = true
        if isBlanked && blankSupported {
            _ = nightstand_fb_blank(file.raw, nightstand_fb_blank_unblank())
        }
        if pages == 2 {
            var original = savedVariable
            _ = nightstand_fb_pan_display(file.raw, &original)
        }
        console?.release()
        console = nil
        mapping.unmap()
        file.close()
        lastCanvas = nil
    }

    deinit { close() }
}
