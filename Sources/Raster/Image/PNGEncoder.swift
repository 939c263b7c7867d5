import CImageStream
import Glibc

/// Writes canvases and bitmaps as PNG files, through libpng's row writer, a row at a time.
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
        try encode(width: canvas.width, height: canvas.height, file: nil) { y, into in
            into.update(from: canvas.row(y), count: canvas.width)
            return true
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
        try encode(width: bitmap.width, height: bitmap.height, file: nil) { y, into in
            into.update(from: bitmap.row(y), count: bitmap.width)
            return true
        }
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
        let bytes = try encode(width: canvas.width, height: canvas.height, file: path) { y, into in
            into.update(from: canvas.row(y), count: canvas.width)
            return true
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
        let bytes = try encode(width: bitmap.width, height: bitmap.height, file: path) { y, into in
            into.update(from: bitmap.row(y), count: bitmap.width)
            return true
        }
        try PNGFile.writeAtomically(bytes, to: path)
    }

    /// The PNG bytes of a canvas lent by the thread that draws on it (``CanvasLoan``), read
    /// row by row while the loan lasts.
    ///
    /// ```swift
    /// let png = try PNGEncoder.encode(loan)   // on a thread of its own
    /// ```
    ///
    /// - Throws: ``PNGError/Reason/encodingFailed(detail:)`` when the loan ended before every
    ///   row was read (the owner drew again), or libpng fails.
    public static func encode(_ loan: CanvasLoan) throws -> [UInt8] {
        try encode(width: loan.width, height: loan.height, file: nil) { y, into in
            loan.copyRow(y, into: into)
        }
    }

    /// Encodes `height` rows of `width` premultiplied pixels; `read(y, into)` copies row y
    /// into `into` (`width` pixels) and says whether it could.
    ///
    /// Two passes over the rows, each holding one row: whether every pixel is opaque (then the
    /// PNG is RGB), then the rows un-premultiplied into libpng's row writer. The memory is a
    /// row or two and the compressed bytes, whatever the size.
    private static func encode(
        width: Int, height: Int, file: String?,
        read: (Int, UnsafeMutablePointer<UInt32>) -> Bool
    ) throws -> [UInt8] {
        func failure(_ detail: String) -> PNGError {
            PNGError(file: file, reason: .encodingFailed(detail: detail))
        }
        guard width > 0, height > 0 else { throw failure("the image has no pixels") }
        guard PNGDecoder.isAcceptable(width: width, height: height) else {
            throw failure("\(width)x\(height) is larger than the decoder accepts")
        }
        let pixels = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
        defer { pixels.deallocate() }
        let stopped = "stopped: the rows are no longer there"
        var opaque = true
        for y in 0..<height where opaque {
            guard read(y, pixels) else { throw failure(stopped) }
            opaque = (0..<width).allSatisfy { pixels[$0] >= 0xFF00_0000 }
        }
        let channels = opaque ? 3 : 4
        return try write(width: width, height: height, channels: channels, failure: failure) {
            y, out in
            guard read(y, pixels) else { return false }
            var dst = out
            for x in 0..<width {
                let c = StraightAlpha.unpremultiply(pixels[x])
                dst[0] = c.r
                dst[1] = c.g
                dst[2] = c.b
                if channels == 4 { dst[3] = c.a }
                dst += channels
            }
            return true
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
        return try rgb.withUnsafeBufferPointer { pixels in
            try write(width: width, height: height, channels: 3, failure: failure) { y, out in
                guard let base = pixels.baseAddress else { return false }
                out.update(from: base + y * width * 3, count: width * 3)
                return true
            }
        }
    }

    /// Writes a PNG of straight 8-bit RGB (`channels` 3) or RGBA (4) rows that `fill(y, out)`
    /// packs one at a time, through libpng's row writer (`image_write_png`, in C: libpng
    /// reports errors by longjmp).
    ///
    /// libpng writes into a growing memory stream (`open_memstream`), so the memory used is a
    /// row and the compressed size, never a buffer as large as the pixels.
    private static func write(
        width: Int, height: Int, channels: Int, failure: (String) -> PNGError,
        fill: (Int, UnsafeMutablePointer<UInt8>) -> Bool
    ) throws -> [UInt8] {
        var buffer: UnsafeMutablePointer<CChar>?
        var size = 0
        guard let stream = open_memstream(&buffer, &size) else {
            throw failure("no memory stream: \(PNGError.errorText(errno))")
        }
        var message = [CChar](repeating: 0, count: 200)
        let written = withoutActuallyEscaping(fill) { fill in
            var rows = RowFiller(fill: fill)
            return withUnsafeMutablePointer(to: &rows) { rows in
                image_write_png(
                    stream, UInt32(width), UInt32(height), Int32(channels),
                    { context, y, out in
                        guard let context, let out else { return 1 }
                        let rows = context.assumingMemoryBound(to: RowFiller.self)
                        return rows.pointee.fill(Int(y), out) ? 0 : 1
                    }, rows, &message, message.count)
            }
        }
        let closed = fclose(stream)
        defer { free(buffer) }
        guard written == 0 else {
            let text = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            throw failure(String(decoding: text, as: UTF8.self))
        }
        guard closed == 0, let buffer else { throw failure("the memory stream failed") }
        return [UInt8](UnsafeRawBufferPointer(start: buffer, count: size))
    }

    /// The row packer handed to C as the row callback's context.
    private struct RowFiller {
        let fill: (Int, UnsafeMutablePointer<UInt8>) -> Bool
    }
}
