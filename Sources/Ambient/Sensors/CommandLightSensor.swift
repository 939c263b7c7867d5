import Foundation

/// A light reading printed by a command: any sensor Nightstand has no driver for.
///
/// The command runs as an argument vector, without a shell (a bare program name is looked up
/// in `PATH`); its first word on standard output is the lux value. A command that has not
/// finished within `timeout` seconds is killed (SIGKILL) and the reading fails.
///
/// ```swift
/// let sensor = CommandLightSensor(arguments: ["read-lux", "--bus", "1"], timeout: 2)
/// let lux = try sensor.readLux()
/// ```
public struct CommandLightSensor: LightSensor, Equatable {
    /// The program and its arguments.
    public let arguments: [String]
    /// Seconds the command may take.
    ///
    /// Default: 5.
    public let timeout: Double

    /// The most output kept per stream; the rest is read and dropped.
    private static let outputLimit = 64 * 1024

    /// A sensor running `arguments` with `timeout` seconds to answer.
    public init(arguments: [String], timeout: Double = 5) {
        self.arguments = arguments
        self.timeout = timeout
    }

    /// Runs the command and parses the first word of its output as lux (≥ 0).
    public func readLux() throws(LightSensorError) -> Double {
        guard let program = arguments.first, !program.isEmpty else {
            throw .commandFailed(command: "[]", reason: "is empty (expected a program name)")
        }
        guard let executable = Self.executable(program) else {
            throw .commandFailed(
                command: commandLine, reason: "was not found (not executable, or not in PATH)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = Array(arguments.dropFirst())
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        do {
            try process.run()
        } catch {
            throw .commandFailed(command: commandLine, reason: "could not start: \(error)")
        }
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(Int((timeout * 1000).rounded(.up)))
        let streams = Self.collect(
            [output.fileHandleForReading, errors.fileHandleForReading], until: deadline)
        let remaining = max(0, Self.milliseconds(until: deadline, on: clock))
        guard let streams, exited.wait(timeout: .now() + .milliseconds(remaining)) == .success
        else {
            kill(process.processIdentifier, SIGKILL)
            _ = exited.wait(timeout: .now() + .seconds(1))
            throw .timedOut(command: commandLine, seconds: timeout)
        }
        try check(process, errorOutput: streams[1])
        return try LuxText.firstLux(in: streams[0], source: "command \(commandLine)")
    }

    /// Fails unless the process exited with status 0.
    private func check(_ process: Process, errorOutput: String) throws(LightSensorError) {
        let detail = errorOutput.split(separator: "\n").first.map { ": \($0)" } ?? ""
        if process.terminationReason == .uncaughtSignal {
            throw .commandFailed(
                command: commandLine,
                reason: "was killed by signal \(process.terminationStatus)\(detail)")
        }
        guard process.terminationStatus == 0 else {
            throw .commandFailed(
                command: commandLine,
                reason: "exited with status \(process.terminationStatus)\(detail)")
        }
    }

    /// Reads `handles` until each reaches end of file, or returns nil at `deadline`.
    private static func collect(_ handles: [FileHandle], until deadline: ContinuousClock.Instant)
        -> [String]?
    {
        let clock = ContinuousClock()
        var fds = handles.map { pollfd(fd: $0.fileDescriptor, events: Int16(POLLIN), revents: 0) }
        var data = [[UInt8]](repeating: [], count: handles.count)
        var chunk = [UInt8](repeating: 0, count: 4096)
        while fds.contains(where: { $0.fd >= 0 }) {
            let wait = milliseconds(until: deadline, on: clock)
            guard wait > 0 else { return nil }
            let ready = poll(&fds, nfds_t(fds.count), Int32(clamping: wait))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return nil }
            for i in fds.indices where fds[i].fd >= 0 && fds[i].revents != 0 {
                let count = chunk.withUnsafeMutableBytes { read(fds[i].fd, $0.baseAddress, 4096) }
                if count > 0 {
                    data[i] += chunk[0..<min(count, max(0, outputLimit - data[i].count))]
                } else if count == 0 || errno != EINTR {
                    fds[i].fd = -1  // end of file: poll(2) skips negative descriptors
                }
            }
        }
        return data.map { String(decoding: $0, as: UTF8.self) }
    }

    /// Whole milliseconds from now to `deadline` (negative once it has passed).
    private static func milliseconds(
        until deadline: ContinuousClock.Instant, on clock: ContinuousClock
    )
        -> Int
    {
        let left = clock.now.duration(to: deadline).components
        return Int(left.seconds) * 1000 + Int(left.attoseconds / 1_000_000_000_000_000)
    }

    /// The path to run for `program`: itself when it contains a slash, else the first
    /// executable of that name in `PATH`.
    static func executable(_ program: String) -> String? {
        let files = FileManager.default
        if program.contains("/") { return files.isExecutableFile(atPath: program) ? program : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(program)" }.first {
            files.isExecutableFile(atPath: $0)
        }
    }

    /// The command as one would type it, such as `read-lux --bus 1`.
    var commandLine: String {
        arguments.map { $0.contains(" ") || $0.isEmpty ? "'\($0)'" : $0 }.joined(separator: " ")
    }

    /// `command read-lux --bus 1`.
    public var description: String { "command \(commandLine)" }
}
