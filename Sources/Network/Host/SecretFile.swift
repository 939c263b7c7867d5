import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A secret kept in a file of its own: the MQTT password (`password_file`), the HTTP token
/// (`token_file`).
///
/// The secret is the file's first line, without its line break and surrounding white space.
/// The file is opened without following a symbolic link (so a link planted in a shared
/// directory can't point it elsewhere) and read up to 4 KiB.
enum SecretFile {
    /// The most that is read.
    static let limit = 4096

    /// The secret in `path`; throws ``SecretFileError`` naming the file and the problem.
    static func read(_ path: String) throws(SecretFileError) -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY)
        guard fd >= 0 else {
            let code = errno
            throw SecretFileError(
                path: path,
                problem: code == ELOOP ? "is a symbolic link" : systemError(code))
        }
        let file = OwnedDescriptor(fd)
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(file.raw, buffer.baseAddress.map { $0 + count }, buffer.count - count)
            }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw SecretFileError(path: path, problem: systemError(errno)) }
            if n == 0 { break }
            count += n
        }
        guard count <= limit else {
            throw SecretFileError(path: path, problem: "is longer than \(limit) bytes")
        }
        let firstLine = bytes[..<count].split(separator: UInt8(ascii: "\n")).first ?? []
        let secret = String(decoding: firstLine, as: UTF8.self).trimmingWhitespace()
        guard !secret.isEmpty else { throw SecretFileError(path: path, problem: "is empty") }
        return secret
    }
}

/// A secret file that can't be used: its path and why.
public struct SecretFileError: Error, Equatable, CustomStringConvertible {
    /// The file.
    public let path: String
    /// What is wrong, such as "No such file or directory" or "is empty".
    public let problem: String

    /// "can't read /etc/nightstand/token: is empty".
    public var description: String { "can't use \(path): \(problem)" }
}
