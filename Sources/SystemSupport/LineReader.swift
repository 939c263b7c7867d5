import Glibc

/// The lines of a file descriptor, read with read(2) rather than through stdio.
///
/// ```swift
/// var input = LineReader(descriptor: STDIN_FILENO)
/// while let line = input.next() { handle(line) }
/// ```
///
/// Technical notes: a thread blocked here holds no lock that `exit()` needs. glibc 2.41 (Debian
/// 13's, Raspberry Pi OS's) takes the lock of every stdio stream while it flushes them at exit,
/// so a thread blocked in `readLine()` on standard input kept the whole program from ending
/// after SIGTERM.
package struct LineReader {
    private let descriptor: Int32
    private let limit: Int
    private var buffer: [UInt8] = []
    private var ended = false

    /// Reads `descriptor`; a line longer than `limit` bytes comes in pieces of `limit` bytes.
    ///
    /// Default: 4096 bytes.
    package init(descriptor: Int32, limit: Int = 4096) {
        self.descriptor = descriptor
        self.limit = max(limit, 1)
    }

    /// The next line without its line break (UTF-8, invalid bytes replaced); the text after
    /// the last line break at the end of input; nil at the end of input or on a read error.
    package mutating func next() -> String? {
        while true {
            if let end = buffer.firstIndex(of: UInt8(ascii: "\n")), end < limit {
                let line = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeSubrange(...end)
                return line
            }
            if buffer.count >= limit {
                let piece = String(decoding: buffer[..<limit], as: UTF8.self)
                buffer.removeSubrange(..<limit)
                return piece
            }
            if ended {
                guard !buffer.isEmpty else { return nil }
                defer { buffer.removeAll() }
                return String(decoding: buffer, as: UTF8.self)
            }
            var chunk = [UInt8](repeating: 0, count: 512)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                ended = true
                continue
            }
            buffer.append(contentsOf: chunk[..<count])
        }
    }
}
