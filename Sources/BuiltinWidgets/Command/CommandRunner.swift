import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a program with arguments (no shell) and collects its output, within a deadline.
///
/// The program gets no standard input and the host's environment. Past the deadline it is sent
/// SIGTERM, and SIGKILL a second later if it is still running; the result is then
/// ``CommandError/timedOut(seconds:)`` whatever it printed. Output beyond
/// ``outputLimit`` bytes ends the run too. Nothing here blocks a Swift concurrency thread: the
/// pipes are read on threads of their own and the exit arrives through `terminationHandler`.
enum CommandRunner {
    /// The most standard output kept, in bytes: 64 KiB.
    static let outputLimit = 64 * 1024

    /// What the program printed on standard output if it exited with status 0, else why not.
    static func run(_ argv: [String], timeout: TimeInterval) async -> Result<Data, CommandError> {
        guard let program = argv.first else { return .failure(.notFound(program: "")) }
        guard let executable = resolve(program) else {
            return .failure(.notFound(program: program))
        }
        let run = CommandRun()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                run.start(
                    executable: executable, arguments: Array(argv.dropFirst()), timeout: timeout,
                    continuation: continuation)
            }
        } onCancel: {
            run.stop(reason: .cancelled)
        }
    }

    /// The executable `program` names: a path as it is, else the first match on `PATH`.
    static func resolve(_ program: String) -> URL? {
        let files = FileManager.default
        if program.contains("/") {
            return files.isExecutableFile(atPath: program) ? URL(fileURLWithPath: program) : nil
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(program)"
            if files.isExecutableFile(atPath: candidate) { return URL(fileURLWithPath: candidate) }
        }
        return nil
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

/// One run of a program: its process, what its pipes gave so far, and the waiting caller,
/// shared by the pipe readers, the termination handler and the deadline.
private final class CommandRun: Sendable {
    private struct State {
        var process: Process?
        var continuation: CheckedContinuation<Result<Data, CommandError>, Never>?
        var output: Data?
        var errorOutput: Data?
        var exit: (status: Int32, reason: Process.TerminationReason)?
        /// Why the run was stopped early, if it was.
        var stopped: CommandError?
        var timer: Task<Void, Never>?
    }

    private let state = Mutex(State())

    func start(
        executable: URL, arguments: [String], timeout: TimeInterval,
        continuation: CheckedContinuation<Result<Data, CommandError>, Never>
    ) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        let errorOutput = Pipe()
        process.standardOutput = output
        process.standardError = errorOutput
        process.terminationHandler = { [self] process in
            let exit = (process.terminationStatus, process.terminationReason)
            finish { $0.exit = exit }
        }
        // Launched under the lock, so that a stop can't slip in between and miss the process.
        let launch = state.withLock { state -> Result<Void, any Error>? in
            state.continuation = continuation
            state.process = process
            guard state.stopped == nil else { return nil }
            return Result { try process.run() }
        }
        switch launch {
        case nil:
            finish { _ in }
            return
        case .failure(let error):
            finish { $0.stopped = .launchFailed(reason: error.localizedDescription) }
            return
        case .success:
            break
        }
        read(output.fileHandleForReading, limit: CommandRunner.outputLimit) { data, tooLong in
            if tooLong { self.stop(reason: .outputTooLong) }
            self.finish { $0.output = data }
        }
        read(errorOutput.fileHandleForReading, limit: 4096) { data, _ in
            self.finish { $0.errorOutput = data }
        }
        let timer = Task { [self] in
            try? await Task.sleep(for: .seconds(timeout))
            if !Task.isCancelled { stop(reason: .timedOut(seconds: timeout)) }
        }
        state.withLock { $0.timer = timer }
    }

    /// Ends the run early: the caller gets `reason` now; the program gets SIGTERM, and SIGKILL
    /// a second later if it is still there (SIGTERM may be ignored: a child inherits that).
    func stop(reason: CommandError) {
        let process = state.withLock { state -> Process? in
            if state.stopped == nil { state.stopped = reason }
            return state.process
        }
        guard let process, process.isRunning else {
            finish { _ in }
            return
        }
        process.terminate()
        let pid = process.processIdentifier
        Task {
            try? await Task.sleep(for: .seconds(1))
            if process.isRunning { kill(pid, SIGKILL) }
        }
        finish { _ in }
    }

    /// Applies a change, then resumes the caller once the outcome is known: the exit and both
    /// pipes' ends; or at once for a run stopped early or that failed to start.
    ///
    /// A stopped run does not wait for the exit: Foundation reports it only once the pipes
    /// close, and a grandchild (`sh -c "sleep 60"`) can keep them open past any deadline.
    private func finish(_ change: (inout State) -> Void) {
        let resume = state.withLock {
            state -> (
                CheckedContinuation<Result<Data, CommandError>, Never>, Result<Data, CommandError>
            )? in
            change(&state)
            guard let continuation = state.continuation, let outcome = Self.outcome(of: state)
            else { return nil }
            state.continuation = nil
            state.timer?.cancel()
            return (continuation, outcome)
        }
        if let (continuation, outcome) = resume { continuation.resume(returning: outcome) }
    }

    private static func outcome(of state: State) -> Result<Data, CommandError>? {
        if let stopped = state.stopped { return .failure(stopped) }
        guard let exit = state.exit, let output = state.output, let errorOutput = state.errorOutput
        else { return nil }
        let message =
            String(decoding: errorOutput, as: UTF8.self)
            .split(separator: "\n").first.map { String($0.prefix(200)) } ?? ""
        switch exit.reason {
        case .uncaughtSignal: return .failure(.killed(signal: exit.status, message: message))
        case .exit where exit.status != 0:
            return .failure(.exited(status: exit.status, message: message))
        default: return .success(output)
        }
    }

    /// Reads a pipe to its end on a thread of its own, keeping at most `limit` bytes; calls
    /// `done` with them and whether there was more.
    ///
    /// Not on Dispatch's global queues: on Linux they also run Swift's concurrency tasks, and
    /// a read blocked on a pipe (held open by a grandchild) would starve the deadline timer.
    private func read(
        _ handle: FileHandle, limit: Int, done: @escaping @Sendable (Data, Bool) -> Void
    ) {
        Thread.detachNewThread {
            var data = Data()
            var tooLong = false
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                if data.count + chunk.count > limit {
                    data.append(chunk.prefix(limit - data.count))
                    tooLong = true
                    break
                }
                data.append(chunk)
            }
            done(data, tooLong)
        }
    }
}
