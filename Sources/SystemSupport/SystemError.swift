import FoundationEssentials
import Glibc

/// Why a file operation failed, in the system's words: "No such file or directory" for an error
/// of `FileManager` or `Data` that wraps errno `ENOENT`, else the error's own description.
///
/// ```swift
/// do { _ = try Data(contentsOf: url) } catch { print("can't read it: \(reason(of: error))") }
/// ```
package func reason(of error: any Error) -> String {
    if let posix = error as? POSIXError { return systemError(posix.code.rawValue) }
    if let cocoa = error as? CocoaError, let posix = cocoa.underlying as? POSIXError {
        return systemError(posix.code.rawValue)
    }
    return "\(error)"
}

/// `strerror(code)`: "Permission denied" for `EACCES`.
package func systemError(_ code: Int32) -> String {
    String(cString: strerror(code))
}

/// Writes `text` and a line break to standard error, unbuffered.
package func writeStandardError(_ text: String) {
    var line = text + "\n"
    line.withUTF8 { bytes in
        var rest = UnsafeRawBufferPointer(bytes)
        while !rest.isEmpty {
            let written = write(STDERR_FILENO, rest.baseAddress, rest.count)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            rest = UnsafeRawBufferPointer(rebasing: rest[written...])
        }
    }
}
