#if canImport(Glibc)
    import Glibc
#endif

/// Why the headless backend could not write a frame.
public enum HeadlessError: Error, CustomStringConvertible, Equatable {
    /// A file could not be written or renamed into place.
    case writeFailed(path: String, step: String, errno: Int32)
    /// The output name asks for an image kind this build cannot write.
    case unsupportedImage(path: String, reason: String)
    /// The requested size is empty.
    case badSize(width: Int, height: Int)

    /// A sentence for the log.
    public var description: String {
        switch self {
        case .writeFailed(let path, let step, let errno):
            "headless: \(step) \(path) failed: \(String(cString: strerror(errno))) (errno \(errno))"
        case .unsupportedImage(let path, let reason):
            "headless: cannot write \(path): \(reason)"
        case .badSize(let width, let height):
            "headless: frame size \(width)x\(height) is empty"
        }
    }
}
