import CImageStream

/// A JPEG or PNG read row by row from an open file (CImageStream), owned: closing it frees
/// libjpeg's or libpng's state.
final class ImageStream {
    /// The formats the stream reads, and their names in messages.
    enum Format: String {
        case jpeg = "JPEG"
        case png = "PNG"
    }

    let format: Format
    private let stream: OpaquePointer

    /// Opens a stream on `fd` that reads at most `maxBytes` of it, and reads the header; nil
    /// when out of memory.
    init?(fd: Int32, format: Format, maxMemory: Int, maxBytes: Int) {
        guard
            let stream = image_stream_open(
                fd, format == .jpeg ? IMAGE_STREAM_JPEG : IMAGE_STREAM_PNG, maxMemory, maxBytes)
        else { return nil }
        self.format = format
        self.stream = stream
    }

    deinit { image_stream_close(stream) }

    /// The library's message for the failure, or nil while nothing failed.
    var error: String? { image_stream_error(stream).map { String(cString: $0) } }

    /// Whether the failure was the memory bound rather than bad data.
    var failedOverMemory: Bool { image_stream_over_memory(stream) != 0 }

    /// The stored image's size, before any Exif orientation.
    var size: PixelSize {
        PixelSize(width: Int(image_stream_width(stream)), height: Int(image_stream_height(stream)))
    }

    /// Whether pixels may be translucent.
    var hasAlpha: Bool { image_stream_has_alpha(stream) != 0 }

    /// The orientation the Exif block gives, upright without one.
    var orientation: ExifOrientation {
        var length = 0
        guard let exif = image_stream_exif(stream, &length), length > 0 else { return .upright }
        return ExifOrientation(exif: UnsafeRawBufferPointer(start: exif, count: length))
    }

    /// Starts decoding at `eighths`/8 of the stored size (JPEG; PNG decodes at full size);
    /// returns the decoded rows' size, or nil on failure (see ``error``).
    func start(eighths: Int) -> PixelSize? {
        guard image_stream_start(stream, Int32(eighths)) == 0 else { return nil }
        return PixelSize(
            width: Int(image_stream_output_width(stream)),
            height: Int(image_stream_output_height(stream)))
    }

    /// Reads up to `count` rows into `rows`, `stride` pixels apart, each premultiplied (PNG
    /// rows with alpha are premultiplied here); the rows read, 0 at the end, nil on failure.
    func readRows(into rows: UnsafeMutablePointer<UInt32>, stride: Int, count: Int) -> Int? {
        let n = image_stream_read_rows(
            stream, UnsafeMutableRawPointer(rows).assumingMemoryBound(to: UInt8.self),
            stride * 4, Int32(count))
        guard n >= 0 else { return nil }
        if hasAlpha {
            let width = Int(image_stream_output_width(stream))
            for y in 0..<Int(n) { StraightAlpha.premultiply(rows + y * stride, count: width) }
        }
        return Int(n)
    }
}
