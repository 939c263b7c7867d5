import CPNG
import Glibc

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

        return try raw.withUnsafeBytes { pixels in
            try compress(
                pixels, width: width, height: height, alpha: !opaque, failure: failure)
        }
    }

    /// The PNG bytes of an opaque image given as 8-bit RGB rows, top to bottom, no padding:
    /// `width × height × 3` bytes, compressed as they are (no copy of the pixels).
    ///
    /// ```swift
    /// let png = try PNGEncoder.encode(rgb: panel, width: 480, height: 320)
    /// ```
    ///
    /// - Throws: ``PNGError/Reason/encodingFailed(detail:)`` when the buffer is not that size or
    ///   libpng fails.
    public static func encode(rgb: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        func failure(_ detail: String) -> PNGError {
            PNGError(file: nil, reason: .encodingFailed(detail: detail))
        }
        guard width > 0, height > 0, rgb.count == width * height * 3 else {
            throw failure("\(rgb.count) bytes are not \(width)x\(height) RGB pixels")
        }
        guard PNGDecoder.isAcceptable(width: width, height: height) else {
            throw failure("\(width)x\(height) is larger than the decoder accepts")
        }
        return try rgb.withUnsafeBytes { pixels in
            try compress(pixels, width: width, height: height, alpha: false, failure: failure)
        }
    }

    /// Compresses straight 8-bit RGB or RGBA rows into PNG bytes.
    ///
    /// libpng writes into a growing memory stream (`open_memstream`), so the memory used is the
    /// compressed size, never a worst-case buffer as large as the pixels.
    private static func compress(
        _ pixels: UnsafeRawBufferPointer, width: Int, height: Int, alpha: Bool,
        failure: (String) -> PNGError
    ) throws -> [UInt8] {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(width)
        image.height = png_uint_32(height)
        image.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | (alpha ? PNG_FORMAT_FLAG_ALPHA : 0))
        defer { png_image_free(&image) }

        var buffer: UnsafeMutablePointer<CChar>?
        var size = 0
        guard let stream = open_memstream(&buffer, &size) else {
            throw failure("no memory stream: \(PNGError.errorText(errno))")
        }
        let written = png_image_write_to_stdio(
            &image, stream, 0, pixels.baseAddress, png_int_32(width * (alpha ? 4 : 3)), nil)
        let closed = fclose(stream)
        defer { free(buffer) }
        guard written != 0 else {
            let message = withUnsafeBytes(of: image.message) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            throw failure(message)
        }
        guard closed == 0, let buffer else { throw failure("the memory stream failed") }
        return [UInt8](UnsafeRawBufferPointer(start: buffer, count: size))
    }

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
