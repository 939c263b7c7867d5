import FoundationEssentials
import Settings
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Reading a configuration file's text without trusting it: never blocking, never unbounded.
///
/// The file is opened without blocking (`O_NONBLOCK`), so a FIFO or a device named by mistake
/// is refused instead of hanging the program that reads it (`run`, `check-config`, and a live
/// reload on the run loop's thread); it must be a regular file of at most
/// ``Configuration/largestFile`` bytes, in UTF-8.
enum ConfigurationText {
    /// The text of `file`, or why it can't be read.
    static func read(_ file: String) throws(ConfigurationError) -> String {
        func failure(_ reason: String) -> ConfigurationError {
            ConfigurationError(
                file: file, line: nil, key: nil, message: "can't read the file (\(reason))")
        }
        let fd = open(file, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw failure(systemError(errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure(systemError(errno)) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw failure("not a regular file")
        }
        let limit = Configuration.largestFile
        guard info.st_size <= limit else {
            throw failure("\(info.st_size) bytes; a configuration has at most \(limit)")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        while bytes.count <= limit {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(systemError(errno))
            }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        guard bytes.count <= limit else {
            throw failure("more than \(limit) bytes; a configuration has at most \(limit)")
        }
        guard let text = String(bytes: bytes, encoding: .utf8) else {
            throw failure("not UTF-8 text")
        }
        return text
    }
}
