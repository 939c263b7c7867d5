import Foundation
import Synchronization
import Testing

/// The `nightstand` program built next to this test bundle.
private let program: String? = {
    guard let bundle = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    else { return nil }
    let path = URL(fileURLWithPath: bundle).deletingLastPathComponent()
        .appendingPathComponent("nightstand").path
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
}()

/// A running `nightstand run` on the headless backend, in a directory of its own.
final class RunningDisplay: @unchecked Sendable {
    let directory = "/tmp/nightstand-run-" + UUID().uuidString.prefix(8)
    var config: String { directory + "/nightstand.toml" }
    var socket: String { directory + "/control.sock" }
    let process = Process()
    /// The log so far, appended by the pipe's reader.
    private final class Log: Sendable {
        let data = Mutex(Data())
    }

    private let log = Log()
    private let errors = Pipe()

    init(_ toml: String, closeStandardError: Bool = false) throws {
        let binary = try #require(program, "build the nightstand program first (swift build)")
        // Owner-only, as the control socket's directory must be.
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        try write(toml)
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = [
            "run", "--config", config, "--socket", socket, "--out", directory + "/screen.png",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        let log = log
        if closeStandardError {
            // The log's reader goes away: every later line is a write to a closed pipe.
            try errors.fileHandleForReading.close()
        } else {
            errors.fileHandleForReading.readabilityHandler = { handle in
                let data = handle.availableData
                log.data.withLock { $0.append(data) }
            }
        }
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
        try? FileManager.default.removeItem(atPath: directory)
    }

    func write(_ toml: String) throws {
        try toml.write(toFile: config, atomically: true, encoding: .utf8)
    }

    /// The log so far.
    var text: String { log.data.withLock { String(decoding: $0, as: UTF8.self) } }

    /// Waits (up to a generous bound that only stops a hang) until `condition` holds.
    func await(_ what: String, _ condition: () -> Bool) -> Bool {
        let giveUp = Date().addingTimeInterval(60)
        while !condition() {
            if Date() > giveUp { return false }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return true
    }

    /// The program's exit status once it has exited (a zombie not yet reaped counts), read
    /// from `/proc/PID/stat` (its 52nd field is the status as `waitpid(2)` gives it): the
    /// sensor command's orphaned child keeps `Process` from noticing the exit for a while.
    var exitStatus: Int32? {
        let path = "/proc/\(process.processIdentifier)/stat"
        guard let stat = try? String(contentsOfFile: path, encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return process.isRunning ? nil : process.terminationStatus }
        let fields = stat[stat.index(after: close)...].split(whereSeparator: \.isWhitespace)
        // After the name: state is field 3, exit_code field 52.
        guard fields.first == "Z", fields.count >= 50, let code = Int32(fields[49]) else {
            return nil
        }
        return (code >> 8) & 0xff
    }

    /// Runs `nightstand ARGS --socket …` and returns its exit status and output.
    func client(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try runProgram(arguments + ["--socket", socket])
    }
}

/// Runs `nightstand ARGS` to its end and returns its exit status and output (a few KiB at
/// most); after 60 s, a bound that only stops a hang, it is stopped.
func runProgram(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let binary = try #require(program, "build the nightstand program first (swift build)")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = out
    try process.run()
    let giveUp = Date().addingTimeInterval(60)
    while process.isRunning && Date() < giveUp { Thread.sleep(forTimeInterval: 0.02) }
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

private let twoSlots = """
    [ambient]
    sensor = "none"
    """

let oneSlot = """
    [ambient]
    sensor = "none"
    [[widget]]
    kind = "clock"
    [[slot]]
    widgets = ["clock"]
    """

@Suite("The nightstand program: signals and live reload", .serialized)
struct RunProgramTests {
    @Test(
        "SIGHUP and reload --config apply a valid file; a bad one is refused and the display goes on"
    )
    func reload() throws {
        let display = try RunningDisplay(twoSlots)
        #expect(
            display.await("the socket") { FileManager.default.fileExists(atPath: display.socket) })
        #expect(try display.client(["status"]).output.contains("clock"))

        try display.write(oneSlot)
        kill(display.process.processIdentifier, SIGHUP)
        #expect(
            display.await("the reload") { display.text.contains("configuration reloaded from") })
        let status = try display.client(["status"])
        let dateRows = status.output.split(separator: "\n").filter { $0.hasPrefix("date") }
        #expect(dateRows.isEmpty, "\(status.output)")

        try display.write(oneSlot + "\n[layout]\nmargin = -1\n")
        let refused = try display.client(["reload", "--config"])
        #expect(refused.status == 64)
        #expect(
            refused.output.contains(
                "configuration refused: \(display.config):8: [layout] margin: expected pixels from 0 to 4096, found -1"
            ), "\(refused.output)")
        kill(display.process.processIdentifier, SIGHUP)
        #expect(
            display.await("the second refusal") {
                display.text.components(separatedBy: "configuration not reloaded").count == 3
            })
        #expect(display.process.isRunning)

        try display.write(twoSlots)
        let accepted = try display.client(["reload", "--config"])
        #expect(accepted.status == 0)
        #expect(accepted.output.hasPrefix("configuration reloaded: 2 widget(s), 1 kept, 1 new"))
        #expect(try display.client(["status"]).output.contains("date"))

        display.process.terminate()
        display.process.waitUntilExit()
        #expect(display.process.terminationStatus == 0)
        #expect(!FileManager.default.fileExists(atPath: display.socket), "the socket is removed")
    }

    @Test("a sensor command that sleeps 30 s holds neither the loop nor a stop: exit status 0")
    func slowSensorCommand() throws {
        // The sensor command runs on a thread of its own: the loop serves requests and stops
        // while it sleeps. (The guard for a loop that is stuck all the same, exit status 70
        // after 1 s, is SignalHandlersTests' to show.)
        let display = try RunningDisplay(
            """
            [ambient]
            sensor_command = ["sleep", "30"]
            sensor_timeout = "30s"
            """)
        #expect(
            display.await("the socket") { FileManager.default.fileExists(atPath: display.socket) })
        let answer = try display.client(["status"])
        #expect(answer.status == 0, "\(answer.output)")
        let sent = Date()
        display.process.terminate()
        #expect(display.await("the exit") { display.exitStatus != nil })
        // Generous: 30 s is what a stop waiting for the command takes.
        #expect(Date().timeIntervalSince(sent) < 10)
        #expect(display.exitStatus == 0)
        #expect(!FileManager.default.fileExists(atPath: display.socket))
        #expect(!display.text.contains("did not stop within 1 s"))
    }

    @Test("a closed log pipe does not end the display (SIGPIPE ignored)")
    func closedLogPipe() throws {
        let display = try RunningDisplay(twoSlots, closeStandardError: true)
        #expect(
            display.await("the socket") { FileManager.default.fileExists(atPath: display.socket) })
        // Each reload logs a line into the closed pipe.
        kill(display.process.processIdentifier, SIGHUP)
        kill(display.process.processIdentifier, SIGHUP)
        let answer = try display.client(["status"])
        #expect(answer.status == 0, "\(answer.output)")
        #expect(display.process.isRunning)
        display.process.interrupt()
        display.process.waitUntilExit()
        #expect(display.process.terminationStatus == 0)
    }

    @Test(
        "a FIFO or /dev/zero as --config is refused at once with exit status 78, run and check-config"
    )
    func configThatIsNotAFile() throws {
        let directory = "/tmp/nightstand-config-" + UUID().uuidString.prefix(8)
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fifo = directory + "/fifo.toml"
        #expect(mkfifo(fifo, 0o600) == 0)
        for arguments in [
            ["check-config", fifo], ["check-config", "/dev/zero"],
            ["run", "--config", fifo, "--socket", directory + "/sock"],
            ["run", "--config", "/dev/zero", "--socket", directory + "/sock"],
        ] {
            // (A blocking open would wait for a writer until runProgram's bound.)
            let (status, output) = try runProgram(arguments)
            #expect(status == 78, "\(arguments): \(output)")
            let file = arguments.contains(fifo) ? fifo : "/dev/zero"
            let kind = file == fifo ? "a FIFO" : "a character device"
            #expect(
                output.contains("\(file): can't read the file (\(kind), not a regular file)"),
                "\(arguments): \(output)")
        }
    }

    @Test(
        "a client refuses another user's server in /tmp (exit 77) and talks to a system service's"
    )
    func serverIdentity() throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
        else { return }  // needs root to run a display as another user
        let binary = try #require(program, "build the nightstand program first (swift build)")
        let id = UUID().uuidString.prefix(8)
        // The other user's own directory: their configuration and frame.
        let theirs = "/tmp/nightstand-theirs-\(id)"
        try FileManager.default.createDirectory(
            atPath: theirs, withIntermediateDirectories: false,
            attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(atPath: theirs) }
        try oneSlot.write(toFile: theirs + "/nightstand.toml", atomically: true, encoding: .utf8)
        #expect(
            chown(theirs, 65534, 65534) == 0
                && chown(theirs + "/nightstand.toml", 65534, 65534) == 0)
        /// `nightstand run` as uid 65534 listening on `socket`, until the socket is there.
        func runAsNobody(socket: String) throws -> Process {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = [
                "--reuid=65534", "--regid=65534", "--clear-groups", binary, "run", "--config",
                theirs + "/nightstand.toml", "--socket", socket, "--out", theirs + "/screen.png",
            ]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let giveUp = Date().addingTimeInterval(60)
            while !FileManager.default.fileExists(atPath: socket) && Date() < giveUp {
                Thread.sleep(forTimeInterval: 0.02)
            }
            return process
        }
        func status(_ socket: String) throws -> (Int32, String) {
            try runProgram(["status", "--socket", socket])
        }
        // Their display on a socket in /tmp, where this user's client looks for one.
        let planted = "/tmp/nightstand-planted-\(id).sock"
        let impostor = try runAsNobody(socket: planted)
        defer { impostor.terminate() }
        let (refused, message) = try status(planted)
        #expect(refused == 77, "\(message)")
        #expect(message.contains("\(planted) is served by uid 65534, neither you (uid 0) nor root"))
        impostor.terminate()
        impostor.waitUntilExit()
        // A system service's layout: its own directory in a directory only root may write.
        let run = "/tmp/nightstand-run-\(id)"
        try FileManager.default.createDirectory(
            atPath: run + "/nightstand", withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o755])
        defer { try? FileManager.default.removeItem(atPath: run) }
        #expect(
            chown(run + "/nightstand", 65534, 65534) == 0 && chmod(run + "/nightstand", 0o700) == 0)
        let service = try runAsNobody(socket: run + "/nightstand/control.sock")
        defer { service.terminate() }
        let (answered, table) = try status(run + "/nightstand/control.sock")
        #expect(answered == 0, "\(table)")
        #expect(table.contains("clock"))
    }
}
