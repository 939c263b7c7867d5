import Foundation
import Testing

@testable import Network

/// `scripts/apt-repo`: the repository it makes is one apt takes, its signature checked, and
/// its candidate what the display's update entity reports.
@Suite("apt repository")
struct AptRepositoryTests {
    @Test("apt sees the package in the signed repository; a changed Release is refused")
    func repository() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("nightstand-apt-\(UUID().uuidString)").path
        defer { _ = try? FileManager.default.removeItem(atPath: folder) }
        let gnupg = folder + "/gnupg"
        // gpg wants its home owner-only, dpkg-deb the control folder 0755.
        for (made, mode) in [(gnupg, 0o700), (folder + "/package/DEBIAN", 0o755)] {
            try FileManager.default.createDirectory(
                atPath: made, withIntermediateDirectories: true,
                attributes: [.posixPermissions: mode])
            try FileManager.default.setAttributes(
                [.posixPermissions: mode], ofItemAtPath: made)
        }
        try FileManager.default.createDirectory(
            atPath: folder + "/dist", withIntermediateDirectories: true)
        func run(_ arguments: [String]) throws -> (Int32, String) {
            let result = try Broker.run("env", ["GNUPGHOME=\(gnupg)"] + arguments)
            return (result.status, result.output + result.errors)
        }
        let (made, key) = try run([
            "gpg", "--batch", "--passphrase", "", "--quick-generate-key",
            "Nightstand test <apt@nightstand.invalid>", "ed25519", "sign", "never",
        ])
        try #require(made == 0, "\(key)")
        // A package of the program's name: the repository's workings, not the build, are
        // under test (scripts/package-deb makes the real one, as root).
        try """
        Package: nightstand
        Version: 9.9.9-1
        Architecture: amd64
        Maintainer: Nightstand test <apt@nightstand.invalid>
        Description: test package

        """.write(toFile: folder + "/package/DEBIAN/control", atomically: true, encoding: .utf8)
        let (built, words) = try run([
            "dpkg-deb", "--root-owner-group", "--build", folder + "/package",
            folder + "/dist/nightstand_9.9.9-1_amd64.deb",
        ])
        try #require(built == 0, "\(words)")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../scripts/apt-repo").standardized.path
        let repository = folder + "/repo"
        let (published, said) = try run([
            "bash", script, "--key", "apt@nightstand.invalid", "--dist", folder + "/dist",
            "--out", repository,
        ])
        try #require(published == 0, "\(said)")

        // apt, in a state of its own, with the repository's key only.
        try
            "deb [signed-by=\(repository)/nightstand-archive-keyring.gpg] file:\(repository) stable main\n"
            .write(toFile: folder + "/sources.list", atomically: true, encoding: .utf8)
        for made in ["/state/lists/partial", "/cache/archives/partial"] {
            try FileManager.default.createDirectory(
                atPath: folder + made, withIntermediateDirectories: true)
        }
        try Data().write(to: URL(fileURLWithPath: folder + "/status"))
        let options = [
            "Dir::Etc::SourceList=\(folder)/sources.list", "Dir::Etc::SourceParts=/nonexistent",
            "Dir::State=\(folder)/state", "Dir::State::status=\(folder)/status",
            "Dir::Cache=\(folder)/cache", "APT::Sandbox::User=root", "Debug::NoLocking=1",
        ].flatMap { ["-o", $0] }
        let (updated, log) = try run(["apt-get"] + options + ["update"])
        #expect(updated == 0, "\(log)")
        #expect(!log.contains("W:") && !log.contains("E:"), "\(log)")
        let (_, policy) = try run(["apt-cache"] + options + ["policy", "nightstand"])
        #expect(AptCandidate.candidate(inPolicy: policy) == "9.9.9-1", "\(policy)")

        // Release changed after signing: apt refuses the repository and knows no candidate.
        let inRelease = repository + "/dists/stable/InRelease"
        try String(contentsOfFile: inRelease, encoding: .utf8)
            .replacingOccurrences(of: "Label: Nightstand", with: "Label: Forged")
            .write(toFile: inRelease, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: folder + "/state/lists")
        try FileManager.default.createDirectory(
            atPath: folder + "/state/lists/partial", withIntermediateDirectories: true)
        let (_, refused) = try run(["apt-get"] + options + ["update"])
        #expect(refused.contains("BADSIG") || refused.contains("is not signed"), "\(refused)")
        let (_, none) = try run(["apt-cache"] + options + ["policy", "nightstand"])
        #expect(AptCandidate.candidate(inPolicy: none) == nil, "\(none)")
    }
}
