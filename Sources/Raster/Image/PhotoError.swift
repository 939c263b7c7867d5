#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Why a photo could not be decoded, and which file it was.
///
/// Thrown by ``PhotoDecoder``. The ``description`` is one line for a log, the file first:
///
/// ```swift
/// do {
///     slide = try PhotoDecoder.decode(file: path, screen: size, mode: .fill)
/// } catch {
///     log.warning("photos: skipping \(error)")
///     // photos: skipping /srv/photos/beach.jpg: corrupt JPEG (Premature end of JPEG file)
/// }
/// ```
public struct PhotoError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What went wrong.
    public enum Reason: Equatable, Sendable {
        /// No such file (`ENOENT`).
        case fileNotFound
        /// The file may not be read (`EACCES`, `EPERM`).
        case permissionDenied
        /// The name is a symbolic link, which photos never follow (`ELOOP` from `O_NOFOLLOW`).
        case symbolicLink
        /// Not a regular file (a directory, a FIFO, a device).
        case notRegularFile
        /// Reading failed for another reason; `errno` is the C error code.
        case unreadable(errno: Int32)
        /// The file is empty.
        case empty
        /// The file has more bytes than a photo may (`limit`).
        case fileTooBig(bytes: Int, limit: Int)
        /// Neither JPEG nor PNG; `firstBytes` are how it starts (up to 8).
        case unknownFormat(firstBytes: [UInt8])
        /// More pixels than a photo may have (`maxPixels`, ``PhotoDecoder/Limits/maxPixels``),
        /// or a side of 0.
        case tooLarge(width: Int, height: Int, maxPixels: Int)
        /// Wider or taller than a photo may be (`maxSide`, ``PhotoDecoder/Limits/maxSide``).
        case tooLong(width: Int, height: Int, maxSide: Int)
        /// The decoder would need more than `limit` bytes at once: a progressive JPEG keeps
        /// all its coefficients, an interlaced PNG all its rows.
        case needsTooMuchMemory(limit: Int)
        /// libjpeg or libpng rejected the data: corrupt, cut short, or an unsupported kind.
        case corrupt(format: String, detail: String)
    }

    /// The file involved.
    public var file: String
    /// What went wrong.
    public var reason: Reason

    /// Creates an error about `file`.
    public init(file: String, reason: Reason) {
        self.file = file
        self.reason = reason
    }

    /// An error for an `errno` from opening or reading `file`: missing, forbidden, a link
    /// refused by `O_NOFOLLOW` (`ELOOP`), or unreadable.
    public init(file: String, errno code: Int32) {
        let reason: Reason
        switch code {
        case ENOENT, ENOTDIR: reason = .fileNotFound
        case EACCES, EPERM: reason = .permissionDenied
        case ELOOP: reason = .symbolicLink
        default: reason = .unreadable(errno: code)
        }
        self.init(file: file, reason: reason)
    }

    /// The file, a colon, what went wrong.
    public var description: String {
        "\(file): \(reasonText)"
    }

    private var reasonText: String {
        switch reason {
        case .fileNotFound: return "no such file"
        case .permissionDenied: return "permission denied"
        case .symbolicLink: return "a symbolic link, not followed"
        case .notRegularFile: return "not a regular file"
        case .unreadable(let code): return "cannot read (\(PNGError.errorText(code)))"
        case .empty: return "empty"
        case .fileTooBig(let bytes, let limit):
            return "\(bytes / (1 << 20)) MiB; photos larger than \(limit >> 20) MiB are skipped"
        case .unknownFormat(let bytes):
            return "neither JPEG nor PNG (starts with \(PNGError.hex(bytes)))"
        case .tooLarge(let w, let h, let maxPixels):
            return "image is \(w)x\(h); photos of more than \(maxPixels / 1_000_000) megapixels "
                + "are skipped"
        case .tooLong(let w, let h, let maxSide):
            return "image is \(w)x\(h); photos wider or taller than \(maxSide) pixels are skipped"
        case .needsTooMuchMemory(let limit):
            return "decoding would hold more than \(limit >> 20) MiB at once (a progressive JPEG "
                + "or interlaced PNG this large); save it as baseline JPEG, e.g. with jpegtran"
        case .corrupt(let format, let detail):
            return "corrupt or unsupported \(format) (\(detail))"
        }
    }
}
