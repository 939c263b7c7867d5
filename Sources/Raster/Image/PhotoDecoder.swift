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
/// the same resampler. Where the screen has more pixels than the photo across the part shown
/// (a small photo, or a panorama filling a screen taller than it), that part is read at its
/// own size (averaged down along an axis the screen has fewer pixels in) and then scaled up
/// with bilinear filtering: what is held is never larger than the screen, whatever the
/// photo's size or shape.
///
/// ```swift
/// let slide = try PhotoDecoder.decode(file: "/srv/photos/beach.jpg",
///                                     screen: PixelSize(width: 1920, height: 1080), mode: .fill)
/// canvas.draw(slide, in: canvas.bounds.rect)
/// ```
///
/// Everything about the file is distrusted: it is opened without following a symbolic link
/// and without blocking (a FIFO cannot hang the decoder), must be a regular file within
/// ``Limits/maxFileBytes``, a known format, within ``Limits/maxPixels`` and ``Limits/maxSide``,
/// and decodable within ``Limits/maxMemory``; data that is corrupt or ends early fails rather
/// than showing half a photo, and no more of the file is read than its size when it was
/// opened (a file growing while it is read ends there). Every failure is a ``PhotoError``
/// naming the file.
///
/// Memory: besides the screen-sized result (and, when a photo is enlarged or turned, at most
/// two more screen-sized pictures), a decode holds rows: at most ``rowBatchBytes`` of decoded
/// rows, and the libraries' own rows and tables, which grow with the photo's width, bounded by
/// ``Limits/maxSide``; a progressive JPEG or interlaced PNG also its whole-image buffer, within
/// ``Limits/maxMemory``.
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
        /// The widest or tallest a photo may be, in pixels.
        ///
        /// A photo's rows cost memory in the decoder by its width, and one far longer than the
        /// screen in one direction shows as a thread in the other. Default: 65,535 (what the
        /// JPEG format can hold; a 360° panorama of 64 megapixels is 16,000 wide).
        public var maxSide = 65_535
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

    /// Decodes the photo at `path` at its own size, turned upright by its Exif orientation
    /// (opaque: a PNG's transparency shows black); an image set's JPEG, for one.
    ///
    /// - Throws: ``PhotoError`` naming `path`.
    public static func decode(file path: String, limits: Limits = Limits()) throws(PhotoError)
        -> Bitmap
    {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw PhotoError(file: path, errno: errno) }
        defer { close(fd) }
        return try decode(
            fileDescriptor: fd, name: path, screen: { $0 }, mode: .fit, limits: limits,
            finish: nil)
    }

    /// Decodes the photo open on `fd` (read from offset 0; not closed), named `name` in errors;
    /// otherwise as ``decode(file:screen:mode:limits:finish:)``.
    ///
    /// - Throws: ``PhotoError`` naming `name`.
    public static func decode(
        fileDescriptor fd: Int32, name: String, screen: PixelSize, mode: ContentMode,
        limits: Limits = Limits(), finish: ((Canvas) -> Void)? = nil
    ) throws(PhotoError) -> Bitmap {
        try decode(
            fileDescriptor: fd, name: name, screen: { _ in screen }, mode: mode, limits: limits,
            finish: finish)
    }

    /// The decode, for a screen chosen from the photo's upright size.
    private static func decode(
        fileDescriptor fd: Int32, name: String, screen screenFor: (PixelSize) -> PixelSize,
        mode: ContentMode, limits: Limits, finish: ((Canvas) -> Void)?
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
        guard
            let stream = ImageStream(
                fd: fd, format: format, maxMemory: limits.maxMemory, maxBytes: bytes)
        else {
            throw failure(.needsTooMuchMemory(limit: limits.maxMemory))
        }
        func streamFailure() -> PhotoError {
            stream.failedOverMemory
                ? failure(.needsTooMuchMemory(limit: limits.maxMemory))
                : failure(.corrupt(format: format.rawValue, detail: stream.error ?? "unknown"))
        }
        if stream.error != nil { throw streamFailure() }
        let stored = stream.size
        guard stored.width <= limits.maxSide, stored.height <= limits.maxSide else {
            throw failure(
                .tooLong(width: stored.width, height: stored.height, maxSide: limits.maxSide))
        }
        guard stored.width > 0, stored.height > 0, stored.width * stored.height <= limits.maxPixels
        else {
            throw failure(
                .tooLarge(
                    width: stored.width, height: stored.height, maxPixels: limits.maxPixels))
        }
        let screen = screenFor(stream.orientation.displaySize(of: stored))
        let placement = PhotoPlacement(
            stored: stored, orientation: stream.orientation, screen: screen, mode: mode)
        let eighths = format == .jpeg ? placement.dctEighths : 8
        guard let decoded = stream.start(eighths: eighths) else { throw streamFailure() }
        let slide = Canvas(size: screen)
        PixelMath.fill(slide.storage.base, 0xFF00_0000, count: screen.width * screen.height)
        if placement.scalesUp(decoded: decoded) {
            enlarge(stream, decoded: decoded, placement: placement, into: slide)
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
}
