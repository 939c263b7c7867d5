#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Why a PNG could not be read or written, and which file it was.
///
/// Thrown by ``PNGDecoder`` and ``PNGEncoder``. The ``description`` names the file (or "PNG data"
/// for bytes in memory) and the reason in one line, ready for a log:
///
/// ```swift
/// do {
///     icon = try PNGDecoder.decode(file: "/etc/nightstand/icons/sun.png")
/// } catch {
///     log.warning("\(error)")
///     // /etc/nightstand/icons/sun.png: no such file
/// }
/// ```
public struct PNGError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What went wrong.
    public enum Reason: Equatable, Sendable {
        /// The file does not exist (`ENOENT`).
        case fileNotFound
        /// The file or a directory on its path may not be read or written (`EACCES`, `EPERM`).
        case permissionDenied
        /// Reading the file failed for another reason; `errno` is the C error code.
        case unreadable(errno: Int32)
        /// The path was not read: not a regular file (a FIFO, a device), larger than any PNG
        /// decoded, or another user's link in a shared directory; `reason` says which.
        case refused(String)
        /// The file or data holds no bytes at all.
        case empty
        /// The data does not start with the 8-byte PNG signature; `firstBytes` are what it
        /// starts with instead (up to 8).
        case notPNG(firstBytes: [UInt8])
        /// The data ends before the PNG does (before its `IEND` chunk); `detail` is libpng's
        /// message, when it gave one.
        case truncated(detail: String)
        /// The image is wider or taller than ``PNGDecoder/maxDimension``, or has more pixels
        /// than ``PNGDecoder/maxPixelCount``.
        case tooLarge(width: Int, height: Int)
        /// libpng rejected the data (bad CRC, bad chunk, unsupported feature); `detail` is its
        /// message.
        case malformed(detail: String)
        /// Writing the file failed at `step` ("create" the temporary file, "write", "fsync", "rename", …);
        /// `errno` is the C error code.
        case unwritable(step: String, errno: Int32)
        /// libpng could not encode the pixels; `detail` is its message.
        case encodingFailed(detail: String)
    }

    /// The file involved, or nil for data in memory.
    public var file: String?
    /// What went wrong.
    public var reason: Reason

    /// Creates an error about `file` (nil: data in memory).
    public init(file: String?, reason: Reason) {
        self.file = file
        self.reason = reason
    }

    /// One line: the file (or "PNG data"), a colon, what went wrong.
    public var description: String {
        "\(file ?? "PNG data"): \(reasonText)"
    }

    private var reasonText: String {
        switch reason {
        case .fileNotFound:
            return "no such file"
        case .permissionDenied:
            return "permission denied"
        case .unreadable(let code):
            return "cannot read (\(Self.errorText(code)))"
        case .refused(let reason):
            return "not read: \(reason)"
        case .empty:
            return "empty, not a PNG"
        case .notPNG(let bytes):
            return "not a PNG (starts with \(Self.hex(bytes)))"
        case .truncated(let detail):
            return "truncated: the data ends before the PNG does"
                + (detail.isEmpty ? "" : " (libpng: \(detail))")
        case .tooLarge(let w, let h):
            return "image is \(w)x\(h); images larger than \(PNGDecoder.maxDimension) pixels "
                + "a side or \(PNGDecoder.maxPixelCount) pixels in all are refused"
        case .malformed(let detail):
            return "invalid PNG (libpng: \(detail))"
        case .unwritable(let step, let code):
            return "cannot write: \(step) failed (\(Self.errorText(code)))"
        case .encodingFailed(let detail):
            return "cannot encode PNG (libpng: \(detail))"
        }
    }

    /// Bytes as two-digit hexadecimal numbers, spaced: `89 50 4E 47`.
    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { byte in
            let s = String(byte, radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }.joined(separator: " ")
    }

    /// `strerror` text for a C error code.
    static func errorText(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "errno \(code)" }
        return String(cString: text)
    }
}
