import Glibc

/// A secret kept in a file of its own: the MQTT password (`password_file`), the HTTP token
/// (`token_file`), a calendar's password (`password_file`).
///
/// The secret is the file's first line, without its line break and surrounding white space.
/// The file is read as every file from outside is (`BoundedFile`): opened without blocking, so
/// a FIFO at the path is refused at once instead of holding the thread that reads it; a
/// regular file of at most ``limit`` bytes; and never through a symbolic link, so a link
/// planted in a shared directory can't point it elsewhere.
package enum SecretFile {
    /// The most that is read.
    package static let limit = 4096

    /// The secret in `path`, which setting `key` names; throws ``SettingsFileError`` naming
    /// the key, the file and the problem.
    ///
    /// With `ownerOnly`, a file that its group or others may read or write is refused
    /// (`chmod 600` makes it right), so a password is never left where other users read it —
    /// unless it is one of the service's systemd credentials, in `credentials`
    /// (`$CREDENTIALS_DIRECTORY`): systemd writes those mode 0400, owned by root, and lets the
    /// service's user read them through an ACL entry, which `stat` shows in the group's bits
    /// (mode 440); only the service sees that directory.
    package static func read(
        _ path: String, key: String, ownerOnly: Bool = false,
        credentials: String? = credentialsDirectory()
    ) throws(SettingsFileError) -> String {
        if ownerOnly, !isCredential(path, in: credentials) {
            var info = stat()
            if lstat(path, &info) == 0, info.st_mode & 0o077 != 0 {
                throw SettingsFileError(
                    key: key, path: path,
                    problem: "its group or others may read it (mode "
                        + String(info.st_mode & 0o777, radix: 8) + "); expected a file only its "
                        + "owner reads: chmod 600 \(path)")
            }
        }
        let bytes: [UInt8]
        switch BoundedFile.read(path, limit: limit, links: .never) {
        case .success(let read): bytes = read
        case .failure(let error): throw SettingsFileError(key: key, path: path, error)
        }
        let firstLine = bytes.split(separator: UInt8(ascii: "\n")).first ?? []
        let secret = String(decoding: firstLine, as: UTF8.self).trimmingWhitespace()
        guard !secret.isEmpty else {
            throw SettingsFileError(key: key, path: path, problem: "is empty")
        }
        return secret
    }

    /// `$CREDENTIALS_DIRECTORY`, where systemd puts the service's credentials (nil outside a
    /// service that has any).
    package static func credentialsDirectory() -> String? {
        getenv("CREDENTIALS_DIRECTORY").map { String(cString: $0) }
    }

    /// Whether `path` is a file directly in the credentials directory `directory`.
    static func isCredential(_ path: String, in directory: String?) -> Bool {
        guard let directory, directory.hasPrefix("/"), directory.count > 1 else { return false }
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        guard path.hasPrefix(prefix) else { return false }
        let name = path.dropFirst(prefix.count)
        return !name.isEmpty && !name.contains("/")
    }
}

/// A file a setting names (`token_file`, `password_file`, `ca_file`) that can't be used: the
/// key, the path and why.
public struct SettingsFileError: Error, Equatable, CustomStringConvertible {
    /// The setting: `token_file`.
    public let key: String
    /// The file.
    public let path: String
    /// What is wrong, such as "No such file or directory", "a FIFO, not a regular file" or
    /// "is empty".
    public let problem: String

    /// An error of `key`'s file `path`.
    public init(key: String, path: String, problem: String) {
        self.key = key
        self.path = path
        self.problem = problem
    }

    /// The error of a bounded read: a failed call by its system message ("No such file or
    /// directory"), anything else as `BoundedFile` words it ("a FIFO, not a regular file").
    package init(key: String, path: String, _ error: BoundedFileError) {
        let problem =
            switch error.problem {
            case .system(let code): systemError(code)
            default: error.reason
            }
        self.init(key: key, path: path, problem: problem)
    }

    /// "can't use /etc/nightstand/http-token: is empty".
    public var message: String { "can't use \(path): \(problem)" }

    /// "token_file: can't use /etc/nightstand/http-token: is empty".
    public var description: String { "\(key): \(message)" }
}
