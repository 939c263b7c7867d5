import SystemSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Whole-file reads and atomic writes for PNG files, keeping every failure's `errno` for
/// ``PNGError``.
///
/// Reads are ``SystemSupport/BoundedFile``'s: non-blocking, regular files only, at most
/// ``sizeLimit`` bytes. Writes are ``SystemSupport/AtomicFile``'s, flushed (`fsync`) before the
/// rename: a reader (a web server, the headless sink's consumer) sees the old file or the new
/// one, never half of one, and a crash leaves at most a stray `.<name>.<pid>.<n>.tmp` behind.
enum PNGFile {
    /// The largest file read: 64 MiB, the size of the largest image decoded
    /// (``PNGDecoder/maxPixelCount`` pixels of 4 bytes), which no PNG exceeds compressed.
    static let sizeLimit = PNGDecoder.maxPixelCount * 4

    /// The bytes of the file at `path`.
    static func contents(of path: String) throws -> [UInt8] {
        switch BoundedFile.read(path, limit: sizeLimit) {
        case .success(let bytes): return bytes
        case .failure(let error):
            let reason: PNGError.Reason
            switch error.problem {
            case .system(ENOENT), .system(ENOTDIR): reason = .fileNotFound
            case .system(EACCES), .system(EPERM): reason = .permissionDenied
            case .system(let code): reason = .unreadable(errno: code)
            case .notRegular, .tooLarge, .sharedLink, .link: reason = .refused(error.reason)
            }
            throw PNGError(file: path, reason: reason)
        }
    }

    /// Replaces the file at `path` with `bytes`, atomically (see the type's discussion).
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws {
        do throws(AtomicFileError) {
            try AtomicFile.replace([bytes], at: path, durable: true)
        } catch {
            throw PNGError(file: path, reason: .unwritable(step: error.step, errno: error.errno))
        }
    }
}
