import Foundation

/// Another process of this test executable, running one test: what a test kills to see what
/// a killed display leaves behind.
final class TestProcess: @unchecked Sendable {
    private let process: Process

    private init(process: Process) {
        self.process = process
    }

    /// Runs the test matching `test` (a swift-testing filter) in a new process of this
    /// executable, with `environment` added.
    static func startChild(test: String, environment: [String: String]) throws -> TestProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["--testing-library", "swift-testing", "--filter", test]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try runUnblocked(process)
        return TestProcess(process: process)
    }

    /// Kills it with SIGKILL, as the kernel's OOM killer or a power cut would end a display
    /// (no goodbye), and waits for it (idempotent).
    func kill() {
        guard process.isRunning else { return }
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

/// The voluntary context switches of one thread of this process, from
/// `/proc/self/task/<tid>/status`: how often it went to sleep and was woken.
struct ThreadSwitches {
    let path: String

    init(thread: Int32) {
        path = "/proc/self/task/\(thread)/status"
    }

    /// The count so far.
    func voluntary() -> Int {
        let status = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
        return line.flatMap { Int($0.split(separator: "\t").last ?? "") } ?? 0
    }
}

/// A CA and a broker certificate for 127.0.0.1 that it signed, made with openssl.
struct TestCertificates {
    let ca: String
    let certificate: String
    let key: String

    init(in folder: URL) throws {
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        ca = path("ca.crt")
        certificate = path("broker.crt")
        key = path("broker.key")
        let extensions = path("san.cnf")
        try "subjectAltName=IP:127.0.0.1\n".write(
            toFile: extensions, atomically: true, encoding: .utf8)
        let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        for arguments in [
            ["req", "-x509"] + ec + [
                "-keyout", path("ca.key"), "-out", ca, "-subj",
                "/CN=Nightstand test CA", "-days", "2",
            ],
            ["req"] + ec + ["-keyout", key, "-out", path("broker.csr"), "-subj", "/CN=127.0.0.1"],
            [
                "x509", "-req", "-in", path("broker.csr"), "-CA", ca, "-CAkey", path("ca.key"),
                "-CAcreateserial", "-out", certificate, "-days", "2", "-extfile", extensions,
            ],
        ] {
            let result = try Broker.run("openssl", arguments)
            guard result.status == 0 else {
                throw BrokerError("openssl \(arguments[0]) failed: \(result.errors)")
            }
        }
    }
}
