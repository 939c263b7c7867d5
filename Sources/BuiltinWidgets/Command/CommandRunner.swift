import FoundationEssentials
import SystemSupport

/// Runs a program with arguments (no shell) and collects its output, within a deadline.
///
/// The program gets no standard input and the host's environment. Past the deadline it is sent
/// SIGTERM, and SIGKILL a second later if it is still running; the result is then
/// ``CommandError/program(_:)`` with ``SystemSupport/ProgramFailure/timedOut(seconds:)`` whatever it printed. Output beyond
/// ``outputLimit`` bytes ends the run too. Nothing here blocks a Swift concurrency thread: the
/// run waits on a thread of its own (``SystemSupport/Program``).
enum CommandRunner {
    /// The most standard output kept, in bytes: 64 KiB.
    static let outputLimit = Program.defaultOutputLimit

    /// What the program printed on standard output if it exited with status 0, else why not.
    static func run(_ argv: [String], timeout: TimeInterval) async -> Result<Data, CommandError> {
        switch await Program.run(argv, timeout: timeout, outputLimit: outputLimit) {
        case .failure(let failure): .failure(.program(failure))
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

/// Why a program gave no usable output: it could not run to its end (``ProgramFailure``), or it
/// ended badly.
enum CommandError: Error, Equatable, CustomStringConvertible {
    /// Not found, not started, past the deadline, too much output, or cancelled.
    case program(ProgramFailure)
    /// It exited with a status other than 0; the first line of its standard error.
    case exited(status: Int32, message: String)
    /// A signal ended it.
    case killed(signal: Int32, message: String)

    var description: String {
        switch self {
        case .program(let failure):
            if case .outputTooLong = failure {
                "\(failure); expected one JSON object"
            } else {
                failure.description
            }
        case .exited(let status, let message):
            "exited with status \(status); expected 0" + (message.isEmpty ? "" : ": \(message)")
        case .killed(let signal, let message):
            "was ended by signal \(signal)" + (message.isEmpty ? "" : ": \(message)")
        }
    }
}
