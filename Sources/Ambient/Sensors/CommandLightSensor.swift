import SystemSupport

/// A light reading printed by a command: any sensor Nightstand has no driver for.
///
/// The command runs as an argument vector, without a shell (a bare program name is looked up
/// in `PATH`); its first word on standard output is the lux value. A command that has not
/// finished within `timeout` seconds is stopped and the reading fails.
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

    /// A sensor running `arguments` with `timeout` seconds to answer.
    public init(arguments: [String], timeout: Double = 5) {
        self.arguments = arguments
        self.timeout = timeout
    }

    /// Runs the command and parses the first word of its output as lux (0…1,000,000).
    public func readLux() throws(LightSensorError) -> Double {
        switch Program.run(arguments, timeout: timeout) {
        case .failure(.timedOut): throw .timedOut(command: commandLine, seconds: timeout)
        case .failure(let failure):
            throw .commandFailed(
                command: commandLine.isEmpty ? "[]" : commandLine, reason: failure.description)
        case .success(let output):
            let detail = output.errorLine.isEmpty ? "" : ": \(output.errorLine)"
            switch output.ending {
            case .exited(0):
                return try LuxText.firstLux(
                    in: String(decoding: output.standardOutput, as: UTF8.self),
                    source: "command \(commandLine)")
            case .exited(let status):
                throw .commandFailed(
                    command: commandLine, reason: "exited with status \(status)\(detail)")
            case .signalled(let signal):
                throw .commandFailed(
                    command: commandLine, reason: "was killed by signal \(signal)\(detail)")
            }
        }
    }

    /// The command as one would type it, such as `read-lux --bus 1`.
    var commandLine: String {
        arguments.map { $0.contains(" ") || $0.isEmpty ? "'\($0)'" : $0 }.joined(separator: " ")
    }

    /// `command read-lux --bus 1`.
    public var description: String { "command \(commandLine)" }
}
