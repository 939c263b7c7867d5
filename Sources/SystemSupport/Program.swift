import CSystemSupport
import FoundationEssentials
import Glibc
import Synchronization

/// Runs a program (an argument vector, no shell) to its end or to a deadline, and collects what
/// it printed: the one way Nightstand starts other programs (command widgets, light sensors,
/// `curl` for URLs).
///
/// The program gets `/dev/null` as standard input, the host's environment, default signal
/// dispositions and an empty signal mask (whatever the host blocks or ignores). Past the deadline,
/// on cancellation, or when standard output passes the limit, it is sent SIGTERM, and SIGKILL a
/// second later if it is still there; the caller has its answer at once and a thread of its own
/// reaps the process.
///
/// ```swift
/// switch Program.run(["sensors", "-j"], timeout: 2) {
/// case .success(let output): print(output.standardOutput.count, "bytes")
/// case .failure(let failure): print("sensors \(failure)")
/// }
/// ```
package enum Program {
    /// The most standard output kept by default, in bytes: 64 KiB.
    package static let defaultOutputLimit = 64 * 1024
    /// The most standard error kept, in bytes.
    static let errorLimit = 4096

    /// Runs `arguments` and waits, blocking this thread, for its end or `timeout` seconds.
    ///
    /// - Parameters:
    ///   - arguments: The program (a path, or a name looked up in `PATH`) and its arguments.
    ///   - timeout: Seconds the program has, from start to exit.
    ///   - outputLimit: The most bytes of standard output; more stops the program and fails.
    ///   - cancellation: Stops the run from another thread.
    package static func run(
        _ arguments: [String], timeout: Double, outputLimit: Int = defaultOutputLimit,
        cancellation: ProgramCancellation? = nil
    ) -> Result<ProgramOutput, ProgramFailure> {
        guard let program = arguments.first, !program.isEmpty else {
            return .failure(.notFound(program: ""))
        }
        guard let path = executable(program) else { return .failure(.notFound(program: program)) }
        let deadline = ContinuousClock.now + .milliseconds(milliseconds(timeout))
        let child: SpawnedChild
        switch SpawnedChild.spawn(path: path, arguments: arguments) {
        case .success(let spawned): child = spawned
        case .failure(let failure): return .failure(failure)
        }
        let streams: (output: [UInt8], errors: [UInt8])
        switch child.collect(
            until: deadline, timeout: timeout, outputLimit: outputLimit, cancellation: cancellation)
        {
        case .success(let collected): streams = collected
        case .failure(let failure):
            child.stop()
            return .failure(failure)
        }
        guard let ending = child.waitForExit(until: deadline, cancellation: cancellation) else {
            child.stop()
            return .failure(
                cancellation?.isCancelled == true ? .cancelled : .timedOut(seconds: timeout))
        }
        return .success(
            ProgramOutput(
                standardOutput: streams.output, standardError: streams.errors, ending: ending))
    }

    /// Runs `arguments` on a thread of its own (never blocking a Swift concurrency thread) and
    /// resumes with the outcome; cancelling the calling task stops the program.
    package static func run(
        _ arguments: [String], timeout: Double, outputLimit: Int = defaultOutputLimit
    ) async -> Result<ProgramOutput, ProgramFailure> {
        let cancellation = ProgramCancellation()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let started = DetachedThread.start(name: "program") {
                    continuation.resume(
                        returning: run(
                            arguments, timeout: timeout, outputLimit: outputLimit,
                            cancellation: cancellation))
                }
                if !started {
                    continuation.resume(
                        returning: .failure(.launchFailed(reason: "no thread left to wait for it")))
                }
            }
        } onCancel: {
            cancellation.cancel()
        }
    }

    /// `timeout` in whole milliseconds, rounded up: 0 for a timeout that is not positive, and
    /// at most a year, so that no timeout from outside overflows the deadline's arithmetic.
    static func milliseconds(_ timeout: Double) -> Int {
        guard timeout > 0 else { return 0 }
        return Int((min(timeout, 365 * 86_400) * 1000).rounded(.up))
    }

    /// The executable `program` names: a path as it is, else the first match on `PATH`.
    package static func executable(_ program: String) -> String? {
        if program.contains("/") { return isExecutableFile(program) ? program : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").lazy.map { "\($0)/\(program)" }.first(
            where: isExecutableFile)
    }

    private static func isExecutableFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
            && access(path, X_OK) == 0
    }
}

/// How a program that ran ended.
package enum ProgramEnding: Equatable, Sendable {
    /// It exited with this status.
    case exited(Int32)
    /// This signal ended it.
    case signalled(Int32)
}

/// What a program printed and how it ended.
package struct ProgramOutput: Equatable, Sendable {
    /// Its standard output, at most the run's limit.
    package var standardOutput: [UInt8]
    /// The start of its standard error.
    package var standardError: [UInt8]
    /// Its exit status or signal.
    package var ending: ProgramEnding

    /// An outcome with these streams and ending.
    package init(standardOutput: [UInt8], standardError: [UInt8], ending: ProgramEnding) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.ending = ending
    }

    /// The first line of standard error, at most 200 characters: the reason a failing program
    /// gives.
    package var errorLine: String {
        let text = String(decoding: standardError, as: UTF8.self)
        return text.split(separator: "\n").first.map { String($0.prefix(200)) } ?? ""
    }
}

/// Why a program gave no output.
package enum ProgramFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// No such executable (a path that is not one, or a name not on `PATH`).
    case notFound(program: String)
    /// The kernel refused to start it.
    case launchFailed(reason: String)
    /// It ran past the deadline.
    case timedOut(seconds: Double)
    /// It printed more than this many bytes on standard output.
    case outputTooLong(limit: Int)
    /// The run was cancelled.
    case cancelled

    /// The failure in words, after the program's name.
    package var description: String {
        switch self {
        case .notFound(let program):
            program.isEmpty
                ? "is empty (expected a program name)"
                : program.contains("/")
                    ? "\(program) is not an executable file" : "no program \"\(program)\" on PATH"
        case .launchFailed(let reason): "could not start: \(reason)"
        case .timedOut(let seconds): "did not finish within \(DurationWords.seconds(seconds))"
        case .outputTooLong(let limit): "printed more than \(limit / 1024) KiB"
        case .cancelled: "was stopped"
        }
    }
}

/// Stops a ``Program`` run from another thread: a pipe the run's `poll` watches.
package final class ProgramCancellation: Sendable {
    /// The end the run polls; -1 when no pipe could be made (then only the deadline stops it).
    let readEnd: Int32
    private let writeEnd: Int32
    private let cancelled = Atomic(false)

    /// A cancellation not yet requested.
    package init() {
        var ends: [Int32] = [-1, -1]
        if nightstand_pipe2(&ends, O_CLOEXEC | O_NONBLOCK) != 0 { ends = [-1, -1] }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        if readEnd >= 0 { close(readEnd) }
        if writeEnd >= 0 { close(writeEnd) }
    }

    /// Whether ``cancel()`` was called.
    package var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    /// Stops the run (now, or as soon as it starts).
    package func cancel() {
        cancelled.store(true, ordering: .releasing)
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }
}
