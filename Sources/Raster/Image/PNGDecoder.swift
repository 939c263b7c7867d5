import CPNG

/// Reads PNG files into premultiplied ``Bitmap``s, through libpng's simplified API.
///
/// Every PNG color type and bit depth is accepted: gray (1–16 bit), gray + alpha, RGB and RGBA
/// (8 and 16 bit), palette (1–8 bit, with or without `tRNS` transparency), interlaced or not.
/// libpng expands each to 8-bit sRGB B, G, R, A with straight alpha; the decoder then
/// premultiplies, `round(c × a / 255)`, the canvas's pixel layout (``PremultipliedPixel``).
///
/// ```swift
/// let sun = try PNGDecoder.decode(file: "/usr/share/nightstand/icons/sun.png")
/// canvas.draw(sun, in: Rect(x: 16, y: 16, width: 48, height: 48), mode: .fit)
/// ```
///
/// Failures throw a ``PNGError`` naming the file and the reason (missing, not a PNG,
/// truncated, too large, rejected by libpng). Data cut off before the end of its image data is
/// truncated; data cut off after it, in or before the `IEND` chunk, decodes, as it does in
/// browsers: every pixel arrived.
///
/// Technical notes: libpng reports errors by `longjmp`, which Swift cannot survive; the
/// simplified API (`png_image_begin_read_from_memory`, `png_image_finish_read`, libpng ≥ 1.6)
/// catches them inside libpng and returns 0 with `png_image.message` set, so it is the only
/// libpng API used here. 16-bit images carry no gamma of their own more often than not; libpng
/// would then assume they are linear light and re-encode them to sRGB, brightening them, so
/// the decoder sets `PNG_IMAGE_FLAG_16BIT_sRGB` and treats them as sRGB as browsers do: a
/// 16-bit channel `v` becomes `round(v / 257)`. An image with a `gAMA`, `cHRM`, `sRGB` or
/// `iCCP` chunk is converted to sRGB as libpng sees fit.
public enum PNGDecoder {
    /// The widest or tallest image accepted, in pixels: 16384.
    public static let maxDimension = 16384

    /// The most pixels an image may have in all: 2²⁴ (4096×4096, 64 MiB decoded).
    ///
    /// The whole image is decoded at once, and a file of a few kilobytes of compressed black can claim
    /// as many pixels as this allows: a widget's picture is drawn in a slot of the screen, and
    /// a board may have 512 MiB in all.
    public static let maxPixelCount = 1 << 24

    /// Decodes the PNG file at `path`.
    ///
    /// ```swift
    /// let photo = try PNGDecoder.decode(file: "photos/beach.png")
    /// ```
    ///
    /// - Throws: ``PNGError`` with `file` set to `path`.
    public static func decode(file path: String) throws -> Bitmap {
        let bytes = try PNGFile.contents(of: path)
        return try decode(bytes, file: path)
    }

    /// Decodes PNG data held in memory (a file read elsewhere, an HTTP response body).
    ///
    /// ```swift
    /// let icon = try PNGDecoder.decode(data: responseBody)
    /// ```
    ///
    /// - Throws: ``PNGError`` with `file` nil.
    public static func decode(data: [UInt8]) throws -> Bitmap {
        try decode(data, file: nil)
    }

    /// The PNG signature: `\x89 P N G \r \n \x1A \n`.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    private static func decode(_ data: [UInt8], file: String?) throws -> Bitmap {
        func failure(_ reason: PNGError.Reason) -> PNGError { PNGError(file: file, reason: reason) }
        guard !data.isEmpty else { throw failure(.empty) }
        let head = Array(data.prefix(signature.count))
        guard head == Array(signature.prefix(head.count)) else {
            throw failure(.notPNG(firstBytes: head))
        }
        guard data.count > signature.count else { throw failure(.truncated(detail: "")) }
        // Refuse a huge image from its header alone, before libpng allocates anything for it.
        if let size = headerSize(data), !isAcceptable(width: size.width, height: size.height) {
            throw failure(.tooLarge(width: size.width, height: size.height))
        }

        return try data.withUnsafeBufferPointer { buffer -> Bitmap in
            var image = png_image()
            image.version = png_uint_32(PNG_IMAGE_VERSION)
            // Frees libpng's state on every path; a no-op once finish_read or a failure freed it.
            defer { png_image_free(&image) }

            // On any libpng failure, a data stream that stops before IEND is called truncated.
            func libpngFailure() -> PNGError {
                let message = withUnsafeBytes(of: image.message) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                return isTruncated(buffer)
                    ? failure(.truncated(detail: message)) : failure(.malformed(detail: message))
            }

            guard png_image_begin_read_from_memory(&image, buffer.baseAddress, buffer.count) != 0
            else { throw libpngFailure() }

            let width = Int(image.width)
            let height = Int(image.height)
            guard isAcceptable(width: width, height: height) else {
                throw failure(.tooLarge(width: width, height: height))
            }

            image.format = canvasFormat
            image.flags |= png_uint_32(PNG_IMAGE_FLAG_16BIT_sRGB)
            let storage = PixelStorage(width: width, height: height, stride: width)
            // Row stride is in components (bytes here): 4 per pixel, rows packed.
            guard
                png_image_finish_read(&image, nil, storage.base, png_int_32(width * 4), nil) != 0
            else { throw libpngFailure() }
            StraightAlpha.premultiply(storage.base, count: width * height)
            return Bitmap(storage: storage)
        }
    }

    /// The simplified-API format whose bytes in memory form the `UInt32` `0xAARRGGBB`.
    ///
    /// B, G, R, A on little-endian machines, A, R, G, B on big-endian ones; 8-bit sRGB,
    /// straight alpha.
    private static var canvasFormat: png_uint_32 {
        let rgba = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        #if _endian(little)
            return rgba | png_uint_32(PNG_FORMAT_FLAG_BGR)
        #else
            return rgba | png_uint_32(PNG_FORMAT_FLAG_AFIRST)
        #endif
    }

    /// Whether an image of this size is within ``maxDimension`` and ``maxPixelCount``.
    static func isAcceptable(width: Int, height: Int) -> Bool {
        width <= maxDimension && height <= maxDimension && width * height <= maxPixelCount
    }

    /// The width and height in the `IHDR` chunk, which the PNG specification puts first, right
    /// after the signature (bytes 16…23, big-endian); nil when the data does not start so.
    private static func headerSize(_ data: [UInt8]) -> (width: Int, height: Int)? {
        guard data.count >= 24, data[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        func be32(_ at: Int) -> Int {
            Int(data[at]) << 24 | Int(data[at + 1]) << 16 | Int(data[at + 2]) << 8
                | Int(data[at + 3])
        }
        return (be32(16), be32(20))
    }

    /// Whether the chunks after the signature run off the end of `data` before `IEND`.
    ///
    /// Each chunk is a 4-byte big-endian length, a 4-byte type, the data and a 4-byte CRC.
    static func isTruncated(_ data: UnsafeBufferPointer<UInt8>) -> Bool {
        var offset = signature.count
        while offset + 8 <= data.count {
            let length =
                Int(data[offset]) << 24 | Int(data[offset + 1]) << 16 | Int(data[offset + 2]) << 8
                | Int(data[offset + 3])
            let isEnd =
                data[offset + 4] == 0x49 && data[offset + 5] == 0x45 && data[offset + 6] == 0x4E
                && data[offset + 7] == 0x44  // "IEND"
            let next = offset + 12 + length
            if next > data.count { return true }
            if isEnd { return false }
            offset = next
        }
        return true
    }
}
