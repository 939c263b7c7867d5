/// A configuration file the host can't use: where, which key, and what was expected.
///
/// The message reads like a compiler's: `board.toml:12: [layout] gap: expected pixels from 0
/// to 4096, found -3`. `nightstand` exits with ``exitCode`` (78, `EX_CONFIG`) so that
/// systemd's `RestartPreventExitStatus` stops it from restarting on a config it can't read.
public struct ConfigurationError: Error, Equatable, CustomStringConvertible {
    /// The file, as given.
    public let file: String
    /// The line (1-based) of the key, or of its table, or `nil` for the file as a whole.
    public let line: Int?
    /// The key, with its table: `[display] rotation`, `[[widget]] #2 kind`.
    public let key: String?
    /// What is wrong and what is expected.
    public let message: String

    /// The process exit status for a bad configuration (`EX_CONFIG` of sysexits.h).
    public static let exitCode: Int32 = 78

    /// Creates an error.
    public init(file: String, line: Int?, key: String?, message: String) {
        self.file = file
        self.line = line
        self.key = key
        self.message = message
    }

    /// `file:line: key: message`.
    public var description: String {
        var text = file
        if let line { text += ":\(line)" }
        text += ": "
        if let key { text += "\(key): " }
        return text + message
    }
}
