#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Decodes a photo (JPEG or PNG) straight to what a screen shows of it: an opaque bitmap of
/// the screen's size, the photo turned upright by its Exif orientation and fitted or filled,
/// black where it does not reach.
///
/// A photo is never held at its camera size. A JPEG is decoded at the smallest of libjpeg's
/// DCT scales (1/8 … 8/8) that is still at least as large as the screen needs, and its rows
/// are scaled down by area averaging as they arrive (``AreaResampler``): a 24-megapixel
/// 6000x4000 JPEG shown on a 1920x1080 screen is decoded at 3/8, 2250x1500, one row at a time,
/// and what is held is the screen-sized result. A PNG decodes row by row at full size through
/// the same resampler. Photos smaller than the screen are decoded whole and scaled up with
/// bilinear filtering.
///
/// ```swift
/// let slide = try PhotoDecoder.decode(file: "/srv/photos/beach.jpg",
///                                     screen: PixelSize(width: 1920, height: 1080), mode: .fill)
/// canvas.draw(slide, in: canvas.bounds.rect)
/// ```
///
/// Everything about the file is distrusted: it is opened without following a symbolic link
/// and without blocking (a FIFO cannot hang the decoder), must be a regular file within
/// ``Limits/maxFileBytes``, a known format, within ``Limits/maxPixels``, and decodable within
/// ``Limits/maxMemory``; data that is corrupt or ends early fails rather than showing half a
/// photo. Every failure is a ``PhotoError`` naming the file.
public enum PhotoDecoder {
    /// The bounds a photo must keep.
    public struct Limits: Sendable, Equatable {
        /// The largest file read, in bytes.
        ///
        /// Default: 64 MiB.
        public var maxFileBytes = 64 << 20
        /// The most pixels a photo may have.
        ///
        /// Default: 64 million (a 64-megapixel camera).
        public var maxPixels = 64_000_000
        /// The most bytes a decoder may allocate for a whole image at once.
        ///
        /// A progressive JPEG keeps all its coefficients (2 bytes for each of 1.5 samples per
        /// pixel in the usual 4:2:0: 72 MB for 24 megapixels), an interlaced PNG all its rows;
        /// a baseline JPEG and a plain PNG stream and never need it. Default: 64 MiB.
        public var maxMemory = 64 << 20

        /// The default limits.
        public init() {}
    }

    /// Decodes the photo at `path` for a screen of `screen` pixels, placed by `mode`
    /// (``ContentMode/fill`` crops it to cover the screen, ``ContentMode/fit`` shows all of it
    /// on black).
    ///
    /// `finish`, when given, draws on the slide before it becomes an immutable bitmap (the
    /// photos view darkens the band under its time there, once per photo).
    ///
    /// - Throws: ``PhotoError`` naming `path`.
    public static func decode(
        file path: String, screen: PixelSize, mode: ContentMode, limits: Limits = Limits(),
        finish: ((Canvas) -> Void)? = nil
    ) throws(PhotoError) -> Bitmap {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw PhotoError(file: path, errno: errno) }
        defer { close(fd) }
        return try decode(
            fileDescriptor: fd, name: path, screen: screen, mode: mode, limits: limits,
            finish: finish)
    }

    /// Decodes the photo open on `fd` (read from offset 0; not closed), named `name` in errors;
    /// otherwise as ``decode(file:screen:mode:limits:finish:)``.
    ///
    /// - Throws: ``PhotoError`` naming `name`.
    public static func decode(
        fileDescriptor fd: Int32, name: String, screen: PixelSize, mode: ContentMode,
        limits: Limits = Limits(), finish: ((Canvas) -> Void)? = nil
    ) throws(PhotoError) -> Bitmap {
        func failure(_ reason: PhotoError.Reason) -> PhotoError {
            PhotoError(file: name, reason: reason)
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw PhotoError(file: name, errno: errno) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw failure(.notRegularFile) }
        let bytes = Int(info.st_size)
        guard bytes > 0 else { throw failure(.empty) }
        guard bytes <= limits.maxFileBytes else {
            throw failure(.fileTooBig(bytes: bytes, limit: limits.maxFileBytes))
        }
        let format = try sniff(fd, name: name)
        guard lseek(fd, 0, SEEK_SET) == 0 else { throw PhotoError(file: name, errno: errno) }
        guard let stream = ImageStream(fd: fd, format: format, maxMemory: limits.maxMemory) else {
            throw failure(.needsTooMuchMemory(limit: limits.maxMemory))
        }
        func streamFailure() -> PhotoError {
            stream.failedOverMemory
                ? failure(.needsTooMuchMemory(limit: limits.maxMemory))
                : failure(.corrupt(format: format.rawValue, detail: stream.error ?? "unknown"))
        }
        if stream.error != nil { throw streamFailure() }
        let stored = stream.size
        guard stored.width > 0, stored.height > 0,
            stored.width.multipliedReportingOverflow(by: stored.height).partialValue
                <= limits.maxPixels, stored.width <= 1 << 20, stored.height <= 1 << 20
        else {
            throw failure(
                .tooLarge(
                    width: stored.width, height: stored.height, maxPixels: limits.maxPixels))
        }
        let placement = PhotoPlacement(
            stored: stored, orientation: stream.orientation, screen: screen, mode: mode)
        let eighths = format == .jpeg ? placement.dctEighths : 8
        guard let decoded = stream.start(eighths: eighths) else { throw streamFailure() }
        let slide = Canvas(size: screen)
        PixelMath.fill(slide.storage.base, 0xFF00_0000, count: screen.width * screen.height)
        if placement.scalesUp(decoded: decoded) {
            readWhole(stream, decoded: decoded, placement: placement, into: slide)
        } else {
            resample(stream, decoded: decoded, placement: placement, into: slide.storage)
        }
        if stream.error != nil { throw streamFailure() }
        finish?(slide)
        slide.settlePixels()
        return Bitmap(storage: slide.storage)
    }

    /// The format from the first bytes: JPEG's SOI marker and a marker after it, or the PNG
    /// signature.
    private static func sniff(_ fd: Int32, name: String) throws(PhotoError) -> ImageStream.Format {
        var head = [UInt8](repeating: 0, count: 8)
        let n = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 8, 0) }
        guard n >= 0 else { throw PhotoError(file: name, errno: errno) }
        head.removeLast(8 - n)
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if head == PNGDecoder.signature { return .png }
        throw PhotoError(file: name, reason: .unknownFormat(firstBytes: head))
    }

    /// Rows of the stream in batches into a scratch buffer, handed to `body` one at a time
    /// until it returns false, the rows end, or the stream fails (see ``ImageStream/error``).
    private static func forEachRow(
        _ stream: ImageStream, width: Int, _ body: (UnsafePointer<UInt32>, Int) -> Bool
    ) {
        let batch = 16
        let rows = UnsafeMutablePointer<UInt32>.allocate(capacity: width * batch)
        defer { rows.deallocate() }
        var y = 0
        while true {
            guard let n = stream.readRows(into: rows, stride: width, count: batch) else { return }
            if n == 0 { return }
            for i in 0..<n {
                guard body(rows + i * width, y) else { return }
                y += 1
            }
        }
    }

    /// The decoded rows scaled down by area averaging into the placement's rectangle of
    /// `slide`, turned by the orientation (through a buffer of the rectangle's size unless
    /// upright).
    private static func resample(
        _ stream: ImageStream, decoded: PixelSize, placement: PhotoPlacement,
        into slide: PixelStorage
    ) {
        let target = placement.destination
        let size = placement.storedOutput
        let resampler = AreaResampler(
            sourceWidth: decoded.width, region: placement.storedRegion(decoded: decoded),
            outputWidth: size.width, outputHeight: size.height)
        let turned: UnsafeMutablePointer<UInt32>? =
            placement.orientation == .upright
            ? nil : .allocate(capacity: size.width * size.height)
        defer { turned?.deallocate() }
        let out: (Int) -> UnsafeMutablePointer<UInt32> = { y in
            if let turned { return turned + y * size.width }
            return slide.base + (target.y + y) * slide.stride + target.x
        }
        forEachRow(stream, width: decoded.width) { row, y in
            resampler.add(row: row, at: y, output: out)
            return !resampler.isFinished
        }
        resampler.finish(output: out)
        if let turned {
            orient(turned, size: size, placement.orientation, into: slide, at: target)
        } else {
            for y in 0..<target.height { makeOpaque(out(y), count: target.width) }
        }
    }

    /// The whole decoded picture (smaller than its place on screen), turned upright, then
    /// drawn scaled up with bilinear filtering.
    private static func readWhole(
        _ stream: ImageStream, decoded: PixelSize, placement: PhotoPlacement, into slide: Canvas
    ) {
        let picture = PixelStorage(
            width: decoded.width, height: decoded.height, stride: decoded.width)
        forEachRow(stream, width: decoded.width) { row, y in
            guard y < decoded.height else { return false }
            (picture.base + y * decoded.width).update(from: row, count: decoded.width)
            return true
        }
        let shown = placement.orientation.displaySize(of: decoded)
        let upright = PixelStorage(width: shown.width, height: shown.height, stride: shown.width)
        orient(
            picture.base, size: decoded, placement.orientation, into: upright,
            at: IntRect(size: shown))
        slide.draw(Bitmap(storage: upright), in: slide.bounds.rect, mode: placement.mode)
        slide.settlePixels()
    }

    /// Copies stored pixels `size` into `rect` of `target` as the orientation shows them,
    /// opaque (photos are shown over black).
    static func orient(
        _ stored: UnsafePointer<UInt32>, size: PixelSize, _ orientation: ExifOrientation,
        into target: PixelStorage, at rect: IntRect
    ) {
        for y in 0..<rect.height {
            let out = target.base + (rect.y + y) * target.stride + rect.x
            for x in 0..<rect.width {
                let p = orientation.storedPixel(x: x, y: y, width: size.width, height: size.height)
                out[x] = stored[p.y * size.width + p.x] | 0xFF00_0000
            }
        }
    }

    /// Shows premultiplied pixels over black: the colors stay, alpha becomes opaque.
    private static func makeOpaque(_ row: UnsafeMutablePointer<UInt32>, count: Int) {
        for x in 0..<count { row[x] |= 0xFF00_0000 }
    }
}
