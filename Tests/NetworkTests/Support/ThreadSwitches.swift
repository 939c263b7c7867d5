import Foundation

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
