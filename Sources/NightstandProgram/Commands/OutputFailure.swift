import ArgumentParser
import SystemSupport

/// Writes a command's output file, making a failure the command's: the OS error on standard
/// error and exit status 73 (`EX_CANTCREAT`), never "wrote …" and 0.
///
/// ```swift
/// try writingOutput("snapshot") { try sink.writeImage(to: out) }
/// // nightstand snapshot: headless: write /dev/full failed: No space left on device (errno 28)
/// ```
package func writingOutput(_ command: String, _ body: () throws -> Void) throws {
    do {
        try body()
    } catch {
        writeStandardError("nightstand \(command): \(error)")
        throw ExitCode(73)
    }
}
