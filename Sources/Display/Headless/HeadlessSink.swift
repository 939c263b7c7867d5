import Raster
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A frame sink with no display: frames go to memory and, optionally, to files.
///
/// It keeps a framebuffer of any ``PixelFormat`` and ``Rotation`` in memory and converts into
/// it exactly as DRM and fbdev do (same ``FrameConverter``, same damage handling), so every
/// conversion path can be checked on any machine. After each present it can write
///
/// - an image of what the panel would show (`.ppm`, or `.png` through Raster's encoder),
///   decoded back from the framebuffer's format, so RGB565 quantization and dithering show;
/// - the raw framebuffer bytes (`<raw path>`: rows of `stride` bytes, panel size, no header).
///
/// Both are replaced atomically (written beside, then renamed, ``SystemSupport/AtomicFile``), so a
/// viewer polling the file never reads half a frame, and another user's link in a shared
/// directory cannot redirect the write.
///
/// ```swift
/// let sink = try HeadlessSink(size: PixelSize(width: 480, height: 800), format: .rgb565,
///                             rotation: .degrees90, imagePath: "/tmp/frame.ppm")
/// try sink.present(canvas)
/// ```
public final class HeadlessSink: FrameSink {
    /// The canvas size the sink expects.
    public let size: PixelSize
    /// The simulated framebuffer's layout.
    public let format: PixelFormat
    /// How the canvas is turned onto the simulated panel.
    public let rotation: Rotation
    /// Where the panel image is written after each present, or nil for none.
    public let imagePath: String?
    /// Where the raw framebuffer bytes are written after each present, or nil for none.
    public let rawPath: String?
    /// Bytes from one framebuffer row to the next (the panel width × bytes per pixel).
    public let stride: Int

    private let converter: FrameConverter
    private var memory: [UInt8]
    private var isBlanked = false
    private var presented = false
    /// Panel rectangles written by the last present, for tests and logs.
    public private(set) var lastWrittenRects: [IntRect] = []
    /// How many presents reached the framebuffer.
    public private(set) var frameCount = 0

    // MARK: Lifecycle

    /// Creates a headless sink for canvases of `size`.
    public init(
        size: PixelSize, format: PixelFormat = .xrgb8888, rotation: Rotation = .degrees0,
        imagePath: String? = nil, rawPath: String? = nil
    ) throws(HeadlessError) {
        guard size.width > 0, size.height > 0 else {
            throw .badSize(width: size.width, height: size.height)
        }
        self.size = size
        self.format = format
        self.rotation = rotation
        self.imagePath = imagePath
        self.rawPath = rawPath
        converter = FrameConverter(canvasSize: size, format: format, rotation: rotation)
        stride = converter.minimumStride
        memory = [UInt8](repeating: 0, count: stride * converter.panelSize.height)
    }

    /// `headless WxH format rotation → files`.
    public var description: String {
        let panel = converter.panelSize
        let out = [imagePath, rawPath].compactMap { $0 }.joined(separator: ", ")
        return "headless \(panel.width)x\(panel.height) \(format) rotation \(rotation)"
            + (out.isEmpty ? "" : " → \(out)")
    }

    /// The simulated panel's size (canvas size turned by the rotation).
    public var panelSize: PixelSize { converter.panelSize }

    // MARK: Presenting

    /// Converts the damaged rectangles into the in-memory framebuffer, then writes the files.
    public func present(_ canvas: Canvas, damage: [IntRect]) throws {
        let rects = presented ? Damage.normalized(damage, in: canvas.bounds) : [canvas.bounds]
        presented = true
        lastWrittenRects = memory.withUnsafeMutableBytes { buffer in
            buffer.baseAddress.map {
                converter.copy(canvas, rects: rects, to: $0, stride: stride)
            } ?? []
        }
        frameCount += 1
        try writeFiles()
    }

    /// The panel as 8-bit RGB, row-major: what a screendump of a real panel shows (black while
    /// blanked).
    public func panelRGB() -> [UInt8] {
        let panel = converter.panelSize
        var rgb = [UInt8](repeating: 0, count: panel.width * panel.height * 3)
        guard !isBlanked else { return rgb }
        memory.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            for y in 0..<panel.height {
                for x in 0..<panel.width {
                    let p = format.decode(base + y * stride + x * format.bytesPerPixel)
                    let i = (y * panel.width + x) * 3
                    rgb[i] = p.r
                    rgb[i + 1] = p.g
                    rgb[i + 2] = p.b
                }
            }
        }
        return rgb
    }

    /// The framebuffer bytes as they are: ``stride``-byte rows of ``format`` pixels.
    public func rawFrame() -> [UInt8] { memory }

    /// Writes what the panel shows now as an image at `path` (`.png`, else PPM), replacing the
    /// file there atomically: `nightstand snapshot`'s output.
    ///
    /// - Throws: ``HeadlessError/writeFailed(path:step:errno:)`` with the OS error (a missing
    ///   directory, no permission, a full disk).
    public func writeImage(to path: String) throws(HeadlessError) {
        let kind = FrameImageWriter.kind(for: path)
        let parts = try FrameImageWriter.encode(
            rgb: panelRGB(), size: converter.panelSize, kind: kind, path: path)
        try Self.replace(parts, at: path)
    }

    private func writeFiles() throws(HeadlessError) {
        if let imagePath { try writeImage(to: imagePath) }
        if let rawPath { try Self.replace([memory], at: rawPath) }
    }

    /// Replaces a file atomically (``SystemSupport/AtomicFile``), in this backend's errors.
    private static func replace(_ parts: [[UInt8]], at path: String) throws(HeadlessError) {
        do throws(AtomicFileError) {
            try AtomicFile.replace(parts, at: path)
        } catch {
            throw .writeFailed(path: error.path, step: error.step, errno: error.errno)
        }
    }

    // MARK: Blanking

    /// Simulates the panel going dark: the image file shows black until unblanked.
    public func blank(_ blanked: Bool) throws {
        guard blanked != isBlanked else { return }
        isBlanked = blanked
        try writeFiles()
    }

    // MARK: Teardown

    /// Nothing to release: the files stay as last written.
    public func close() {}
}
