import Foundation

/// A CA and a broker certificate for 127.0.0.1 that it signed, made by
/// `scripts/test-certificates` (openssl).
struct TestCertificates {
    let ca: String
    let certificate: String
    let key: String

    init(in folder: URL) throws {
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        ca = path("ca.crt")
        certificate = path("broker.crt")
        key = path("broker.key")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../scripts/test-certificates").standardized.path
        let result = try Broker.run(script, [folder.path])
        guard result.status == 0 else {
            throw BrokerError("scripts/test-certificates failed: \(result.errors)")
        }
    }
}
