import Raster

/// Copies canvas pixels into framebuffer memory: format conversion and rotation in one pass.
///
/// Every backend goes through this one copy, never one of its own: the DRM dumb buffer, the
/// fbdev mapping and the headless frame are all "a base address, a stride in bytes, a format".
/// The canvas holds premultiplied pixels; the panel shows them over black, which for
/// premultiplied color is the color channels as they are, so alpha is simply dropped.
///
/// ```swift
/// let converter = FrameConverter(canvasSize: canvas.size, format: .rgb565, rotation: .degrees90)
/// converter.copy(canvas, rect: damage, to: mapping.base, stride: pitch)
/// ```
///
/// Technical notes: a destination row is gathered from the canvas into a scratch row of
/// `UInt32` first (a plain row for 0°, reversed for 180°, a column walk for 90°/270°), then
/// packed into the target format. Dithering thresholds come from *panel* coordinates, so the
/// same canvas pixel always converts to the same bits, whatever the damage rectangle.
public struct FrameConverter: Sendable {
    /// The size of the canvases this converter copies.
    public let canvasSize: PixelSize
    /// The framebuffer's pixel layout.
    public let format: PixelFormat
    /// How the canvas is turned onto the panel.
    public let rotation: Rotation
    /// Whether 16-bit formats are dithered (ordered, 4×4).
    ///
    /// Default: true.
    public let dithers: Bool

    /// Creates a converter for canvases of `canvasSize` into `format` memory, turned by
    /// `rotation`.
    public init(
        canvasSize: PixelSize, format: PixelFormat, rotation: Rotation = .degrees0,
        dithers: Bool = true
    ) {
        self.canvasSize = canvasSize
        self.format = format
        self.rotation = rotation
        self.dithers = dithers
    }

    /// The framebuffer's size in pixels (the canvas's, swapped for 90° and 270°).
    public var panelSize: PixelSize { rotation.panelSize(canvasSize: canvasSize) }

    /// The smallest stride in bytes a framebuffer for this converter can have.
    public var minimumStride: Int { panelSize.width * format.bytesPerPixel }

    /// Converts canvas rectangle `rect` (clipped to the canvas) into the framebuffer at `base`,
    /// whose rows are `stride` bytes apart, at the panel position rotation gives it.
    ///
    /// Returns the panel rectangle written (empty when `rect` misses the canvas): what a
    /// DirtyFB clip or a headless damage log names.
    @discardableResult
    public func copy(
        _ canvas: Canvas, rect: IntRect, to base: UnsafeMutableRawPointer, stride: Int
    ) -> IntRect {
        precondition(canvas.size == canvasSize, "canvas \(canvas.size) is not \(canvasSize)")
        precondition(stride >= minimumStride, "stride \(stride) below \(minimumStride)")
        let clipped = rect.intersection(canvas.bounds)
        guard !clipped.isEmpty else { return .zero }
        let panel = rotation.panelRect(clipped, canvasSize: canvasSize)
        let scratch = UnsafeMutablePointer<UInt32>.allocate(capacity: panel.width)
        defer { scratch.deallocate() }
        for py in panel.y..<panel.maxY {
            gather(canvas, panelRow: py, from: panel.x, count: panel.width, into: scratch)
            let row = base + py * stride + panel.x * format.bytesPerPixel
            pack(scratch, count: panel.width, panelX: panel.x, panelY: py, into: row)
        }
        return panel
    }

    /// Converts each rectangle of `rects`; returns the panel rectangles written.
    @discardableResult
    public func copy(
        _ canvas: Canvas, rects: [IntRect], to base: UnsafeMutableRawPointer, stride: Int
    ) -> [IntRect] {
        rects.map { copy(canvas, rect: $0, to: base, stride: stride) }.filter { !$0.isEmpty }
    }

    // MARK: Gathering (rotation)

    /// Fills `out` with the canvas pixels shown at panel row `py`, columns `px0 ..< px0 + n`.
    private func gather(
        _ canvas: Canvas, panelRow py: Int, from px0: Int, count n: Int,
        into out: UnsafeMutablePointer<UInt32>
    ) {
        let w = canvasSize.width
        let h = canvasSize.height
        switch rotation {
        case .degrees0:
            out.update(from: canvas.row(py) + px0, count: n)
        case .degrees180:
            // Panel (px, py) shows canvas (w − 1 − px, h − 1 − py).
            let src = canvas.row(h - 1 - py)
            for i in 0..<n { out[i] = src[w - 1 - (px0 + i)] }
        case .degrees90:
            // Panel (px, py) shows canvas (py, h − 1 − px): one canvas column, bottom up.
            for i in 0..<n { out[i] = canvas.row(h - 1 - (px0 + i))[py] }
        case .degrees270:
            // Panel (px, py) shows canvas (w − 1 − py, px): one canvas column, top down.
            let x = w - 1 - py
            for i in 0..<n { out[i] = canvas.row(px0 + i)[x] }
        }
    }

    // MARK: Packing (format)

    /// Writes `n` canvas pixels (`0xAARRGGBB`) at `dst` in ``format``; (`px0`, `py`) is the
    /// panel position of the first, for the dithering threshold.
    private func pack(
        _ src: UnsafeMutablePointer<UInt32>, count n: Int, panelX px0: Int, panelY py: Int,
        into dst: UnsafeMutableRawPointer
    ) {
        switch format {
        case .xrgb8888:
            // Same layout as the canvas; X is don't-care but written opaque for readers.
            let out = dst.assumingMemoryBound(to: UInt32.self)
            for i in 0..<n { out[i] = src[i] | 0xFF00_0000 }
        case .xbgr8888:
            let out = dst.assumingMemoryBound(to: UInt32.self)
            for i in 0..<n {
                let v = src[i]
                out[i] = 0xFF00_0000 | (v & 0x0000_FF00) | (v >> 16 & 0xFF) | (v & 0xFF) << 16
            }
        case .rgb888, .bgr888:
            // rgb888 is bytes B, G, R; bgr888 is bytes R, G, B.
            let out = dst.assumingMemoryBound(to: UInt8.self)
            let swap = format == .bgr888
            for i in 0..<n {
                let v = src[i]
                let b = UInt8(truncatingIfNeeded: v)
                let r = UInt8(truncatingIfNeeded: v >> 16)
                out[3 * i] = swap ? r : b
                out[3 * i + 1] = UInt8(truncatingIfNeeded: v >> 8)
                out[3 * i + 2] = swap ? b : r
            }
        case .rgb565, .bgr565:
            pack565(src, count: n, panelX: px0, panelY: py, into: dst)
        }
    }

    private func pack565(
        _ src: UnsafeMutablePointer<UInt32>, count n: Int, panelX px0: Int, panelY py: Int,
        into dst: UnsafeMutableRawPointer
    ) {
        let out = dst.assumingMemoryBound(to: UInt16.self)
        let swap = format == .bgr565
        OrderedDither.levels5.withUnsafeBufferPointer { l5 in
            OrderedDither.levels6.withUnsafeBufferPointer { l6 in
                for i in 0..<n {
                    let v = src[i]
                    let m = dithers ? OrderedDither.threshold(x: px0 + i, y: py) << 8 : 0
                    let r = UInt16(l5[m | Int(v >> 16 & 0xFF)])
                    let g = UInt16(l6[m | Int(v >> 8 & 0xFF)])
                    let b = UInt16(l5[m | Int(v & 0xFF)])
                    let packed = swap ? (b << 11 | g << 5 | r) : (r << 11 | g << 5 | b)
                    out[i] = packed.littleEndian
                }
            }
        }
    }
}
