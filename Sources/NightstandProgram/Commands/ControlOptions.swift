import ArgumentParser
import FoundationEssentials
import Standby
import SystemSupport

/// `--socket PATH`, shared by `run` (where it listens) and the commands that talk to it.
struct ControlOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            """
            The control socket. Default: $RUNTIME_DIRECTORY/control.sock in a system service, \
            else $XDG_RUNTIME_DIR/nightstand/control.sock, else \
            /tmp/nightstand-UID/control.sock; clients also look for the system service's \
            /run/nightstand/control.sock.
            """,
            valueName: "path"))
    var socket: String?

    /// Where `nightstand run` listens.
    var serverPath: String { socket ?? ControlSocketPath.serverDefault() }

    /// Readies the server's socket path before the display opens; a live instance on it
    /// stops the program (exit status 73).
    func prepareServer() throws {
        try exitingOnSocketError { () throws(ControlSocketError) in
            try ControlServer.prepare(path: serverPath)
        }
    }

    /// Starts serving `handler` on the socket.
    func startServer(handler: ControlHandler, log: Logger) throws -> ControlServer {
        try exitingOnSocketError { () throws(ControlSocketError) in
            try ControlServer(path: serverPath, handler: handler, log: log)
        }
    }

    /// Sends a request to the running instance and prints its answer (a status as `format`
    /// writes it); no instance (exit status 69), another user's (77), or a refused request
    /// (64) prints why and exits.
    func request(
        _ request: ControlRequest, format: (HostStatus) -> String = { $0.table() }
    ) throws {
        let path = socket ?? ControlSocketPath.clientDefault()
        let reply = try exitingOnSocketError { () throws(ControlSocketError) in
            try ControlClient.send(request, to: path)
        }
        switch reply {
        case .done(let message):
            printForTerminal(message)
        case .status(let status):
            printForTerminal(format(status))
        case .failed(let message):
            writeStandardError("nightstand: \(message)")
            throw ExitCode(64)
        }
    }
}

/// Runs `body`, turning control socket errors into a message and their exit status.
private func exitingOnSocketError<T>(_ body: () throws(ControlSocketError) -> T) throws -> T {
    do {
        return try body()
    } catch {
        writeStandardError("nightstand: \(error)")
        throw ExitCode(error.exitCode)
    }
}
