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

/// Writes `text` and a line break to standard error, unbuffered, its terminal controls
/// escaped (``writeLine(_:to:)``).
package func writeStandardError(_ text: String) {
    writeLine(text, to: STDERR_FILENO)
}

/// Writes `text` and a line break to a file descriptor, unbuffered: a line a pipe's reader
/// sees at once (standard output through `print` waits in a buffer when it is not a terminal).
///
/// Terminal controls in `text` other than line feeds and tabs are written as escapes
/// (`StringProtocol.escapedForTerminal(keepingLines:)`): what a message quotes from outside
/// can't ring the bell, move the cursor or clear the terminal it lands on.
package func writeLine(_ text: String, to fd: Int32) {
    var line = text.escapedForTerminal(keepingLines: true) + "\n"
    line.withUTF8 { bytes in
        var rest = UnsafeRawBufferPointer(bytes)
        while !rest.isEmpty {
            let written = write(fd, rest.baseAddress, rest.count)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            rest = UnsafeRawBufferPointer(rebasing: rest[written...])
        }
    }
}
