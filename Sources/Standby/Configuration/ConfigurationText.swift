import FoundationEssentials
import Settings
import SystemSupport

/// Reading a configuration file's text without trusting it: never blocking, never unbounded.
///
/// The file is read through `BoundedFile`, as every file from outside is: opened without
/// blocking, so a FIFO or a device named by mistake (`--config /dev/zero`) is refused instead
/// of hanging or exhausting the program that reads it (`run`, `check-config`, and a live reload
/// on the run loop's thread); it must be a regular file of at most
/// ``Configuration/largestFile`` bytes, in UTF-8.
enum ConfigurationText {
    /// The text of `file`, or why it can't be read.
    static func read(_ file: String) throws(ConfigurationError) -> String {
        func failure(_ reason: String) -> ConfigurationError {
            ConfigurationError(
                file: file, line: nil, key: nil, message: "can't read the file (\(reason))")
        }
        let bytes: [UInt8]
        switch BoundedFile.read(file, limit: Configuration.largestFile) {
        case .success(let read): bytes = read
        case .failure(let error): throw failure(error.reason)
        }
        guard let text = String(bytes: bytes, encoding: .utf8) else {
            throw failure("not UTF-8 text")
        }
        return text
    }
}
