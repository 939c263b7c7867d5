import CPNG

/// Writes canvases and bitmaps as PNG files, through libpng's simplified API.
///
/// The output is 8-bit sRGB. When every pixel is opaque it is an RGB PNG (color type 2, three
/// bytes a pixel before compression: a full-screen frame or an opaque golden is a quarter
/// smaller); otherwise it is RGBA (color type 6) with the canvas's premultiplied pixels
/// un-premultiplied, `round(c × 255 / a)`. Decoding the file again with ``PNGDecoder`` gives back
/// exactly the same premultiplied pixels (fully transparent pixels come back as transparent
/// black, whatever color they held).
///
/// ```swift
/// try PNGEncoder.write(canvas, to: "frames/clock-systemSmall-night.png")
/// let bytes = try PNGEncoder.encode(canvas)   // for an HTTP response
/// ```
///
/// Files are replaced atomically: written to a temporary file in the same directory, flushed,
/// then renamed over the target, so a reader never sees a half-written PNG.
public enum PNGEncoder {
    /// The PNG bytes of the canvas's pixels.
    ///
    /// ```swift
    /// let png = try PNGEncoder.encode(canvas)
    /// ```
    ///
    /// - Throws: ``PNGError/Reason/encodingFailed(detail:)`` when libpng fails.
    public static func encode(_ canvas: Canvas) throws -> [UInt8] {
        try encode(width: canvas.width, height: canvas.height, file: nil) {
            UnsafePointer(canvas.row($0))
        }
    }

    /// The PNG bytes of the bitmap's pixels.
    ///
    /// ```swift
    /// let png = try PNGEncoder.encode(Bitmap(copying: canvas))
    /// ```
    ///
    /// - Throws: ``PNGError/Reason/encodingFailed(detail:)`` when libpng fails.
    public static func encode(_ bitmap: Bitmap) throws -> [UInt8] {
        try encode(width: bitmap.width, height: bitmap.height, file: nil) { bitmap.row($0) }
    }

    /// Writes the canvas's pixels to a PNG file at `path`, replacing any file there atomically.
    ///
    /// ```swift
    /// try PNGEncoder.write(canvas, to: "/run/nightstand/frame.png")
    /// ```
    ///
    /// - Throws: ``PNGError`` naming `path`: ``PNGError/Reason/unwritable(step:errno:)`` when the
    ///   directory cannot be written, ``PNGError/Reason/encodingFailed(detail:)``.
    public static func write(_ canvas: Canvas, to path: String) throws {
        let bytes = try encode(width: canvas.width, height: canvas.height, file: path) {
            UnsafePointer(canvas.row($0))
        }
        try PNGFile.writeAtomically(bytes, to: path)
    }

    /// Writes the bitmap's pixels to a PNG file at `path`, replacing any file there atomically.
    ///
    /// ```swift
    /// try PNGEncoder.write(snapshot, to: "snapshots/weather.png")
    /// ```
    ///
    /// - Throws: ``PNGError`` naming `path`, as ``write(_:to:)-(Canvas,_)`` does.
    public static func write(_ bitmap: Bitmap, to path: String) throws {
        let bytes = try encode(width: bitmap.width, height: bitmap.height, file: path) {
            bitmap.row($0)
        }
        try PNGFile.writeAtomically(bytes, to: path)
    }

    /// Encodes `height` rows of `width` premultiplied pixels; `row(y)` gives row y.
    private static func encode(
        width: Int, height: Int, file: String?, row: (Int) -> UnsafePointer<UInt32>
    ) throws -> [UInt8] {
        func failure(_ detail: String) -> PNGError {
            PNGError(file: file, reason: .encodingFailed(detail: detail))
        }
        guard width > 0, height > 0 else { throw failure("the image has no pixels") }
        guard PNGDecoder.isAcceptable(width: width, height: height) else {
            throw failure("\(width)x\(height) is larger than the decoder accepts")
        }

        let opaque = (0..<height).allSatisfy { y in
            let p = row(y)
            return (0..<width).allSatisfy { p[$0] >= 0xFF00_0000 }
        }
        let channels = opaque ? 3 : 4
        let raw = packStraight(width: width, height: height, channels: channels, row: row)

        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(width)
        image.height = png_uint_32(height)
        image.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | (opaque ? 0 : PNG_FORMAT_FLAG_ALPHA))
        defer { png_image_free(&image) }
        func libpngMessage() -> String {
            withUnsafeBytes(of: image.message) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
        }

        // A first guess that holds any compressed result: deflate's worst case adds 5 bytes per
        // 16 KiB block, plus a filter byte per row and the chunks around it. libpng says how
        // much it needs if the guess is short anyway, and the second attempt uses that.
        var capacity = raw.count + height + raw.count / 1024 + 1024
        for _ in 0..<2 {
            var out = [UInt8](repeating: 0, count: capacity)
            var size = capacity
            let ok = out.withUnsafeMutableBytes { dst in
                raw.withUnsafeBytes { src in
                    png_image_write_to_memory(
                        &image, dst.baseAddress, &size, 0, src.baseAddress,
                        png_int_32(width * channels), nil)
                }
            }
            if ok != 0 {
                out.removeSubrange(size...)
                return out
            }
            guard size > capacity else { throw failure(libpngMessage()) }
            capacity = size
        }
        throw failure(libpngMessage())
    }

    /// Packs rows into straight-alpha R, G, B(, A) bytes, the layout libpng writes from.
    private static func packStraight(
        width: Int, height: Int, channels: Int, row: (Int) -> UnsafePointer<UInt32>
    ) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: width * height * channels) { out, count in
            guard let base = out.baseAddress else { return }
            for y in 0..<height {
                let src = row(y)
                var dst = base + y * width * channels
                for x in 0..<width {
                    let c = StraightAlpha.unpremultiply(src[x])
                    dst[0] = c.r
                    dst[1] = c.g
                    dst[2] = c.b
                    if channels == 4 { dst[3] = c.a }
                    dst += channels
                }
            }
            count = width * height * channels
        }
    }
}
