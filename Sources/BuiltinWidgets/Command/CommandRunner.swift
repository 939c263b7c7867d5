import FoundationEssentials
import SystemSupport

/// Runs a program with arguments (no shell) and collects its output, within a deadline.
///
/// The program gets no standard input and the host's environment. Past the deadline it is sent
/// SIGTERM, and SIGKILL a second later if it is still running; the result is then
/// ``CommandError/timedOut(seconds:)`` whatever it printed. Output beyond
/// ``outputLimit`` bytes ends the run too. Nothing here blocks a Swift concurrency thread: the
/// run waits on a thread of its own (``SystemSupport/Program``).
enum CommandRunner {
    /// The most standard output kept, in bytes: 64 KiB.
    static let outputLimit = Program.defaultOutputLimit

    /// What the program printed on standard output if it exited with status 0, else why not.
    static func run(_ argv: [String], timeout: TimeInterval) async -> Result<Data, CommandError> {
        switch await Program.run(argv, timeout: timeout, outputLimit: outputLimit) {
        case .failure(.notFound(let program)): .failure(.notFound(program: program))
        case .failure(.launchFailed(let reason)): .failure(.launchFailed(reason: reason))
        case .failure(.timedOut(let seconds)): .failure(.timedOut(seconds: seconds))
        case .failure(.outputTooLong): .failure(.outputTooLong)
        case .failure(.cancelled): .failure(.cancelled)
        case .success(let output):
            switch output.ending {
            case .exited(0): .success(Data(output.standardOutput))
            case .exited(let status):
                .failure(.exited(status: status, message: output.errorLine))
            case .signalled(let signal):
                .failure(.killed(signal: signal, message: output.errorLine))
            }
        }
    }
}

/// Why a program gave no usable output.
enum CommandError: Error, Equatable, CustomStringConvertible {
    /// No such executable (a path that is not one, or a name not on `PATH`).
    case notFound(program: String)
    /// The kernel refused to start it.
    case launchFailed(reason: String)
    /// It exited with a status other than 0; the first line of its standard error.
    case exited(status: Int32, message: String)
    /// A signal ended it.
    case killed(signal: Int32, message: String)
    /// It ran past the deadline.
    case timedOut(seconds: TimeInterval)
    /// It printed more than ``CommandRunner/outputLimit`` bytes.
    case outputTooLong
    /// The provider was cancelled (the host gave up on it).
    case cancelled

    var description: String {
        switch self {
        case .notFound(let program):
            program.contains("/")
                ? "\(program) is not an executable file" : "no program \"\(program)\" on PATH"
        case .launchFailed(let reason): "could not start: \(reason)"
        case .exited(let status, let message):
            "exited with status \(status); expected 0" + (message.isEmpty ? "" : ": \(message)")
        case .killed(let signal, let message):
            "was ended by signal \(signal)" + (message.isEmpty ? "" : ": \(message)")
        case .timedOut(let seconds): "did not finish within \(DurationWords.seconds(seconds))"
        case .outputTooLong:
            "printed more than \(CommandRunner.outputLimit / 1024) KiB; expected one JSON object"
        case .cancelled: "was stopped"
        }
    }
}
