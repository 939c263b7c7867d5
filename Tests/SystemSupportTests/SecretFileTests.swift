import Foundation
import Testing

@testable import SystemSupport

/// Owner-only secrets and the service's systemd credentials.
@Suite("SecretFile")
struct SecretFileTests {
    @Test("a credential systemd wrote (mode 440 through its ACL) is read in its directory only")
    func credential() throws {
        let directory = NSTemporaryDirectory() + "nightstand-credentials-" + UUID().uuidString
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/calendar-password"
        try " secret \nsecond line\n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(chmod(path, 0o440) == 0)
        var secret: String?
        do throws(SettingsFileError) {
            secret = try SecretFile.read(
                path, key: "password_file", ownerOnly: true, credentials: directory)
        } catch {
            Issue.record("\(error)")
        }
        #expect(secret == "secret")
        var refusal: SettingsFileError?
        do throws(SettingsFileError) {
            _ = try SecretFile.read(path, key: "password_file", ownerOnly: true, credentials: nil)
        } catch {
            refusal = error
        }
        #expect(
            refusal?.description
                == "password_file: can't use \(path): its group or others may read it (mode "
                + "440); expected a file only its owner reads: chmod 600 \(path)")
    }

    @Test("only a file directly in the credentials directory counts as a credential")
    func credentialPaths() {
        let directory = "/run/credentials/nightstand.service"
        #expect(SecretFile.isCredential(directory + "/calendar-password", in: directory))
        #expect(SecretFile.isCredential(directory + "/calendar-password", in: directory + "/"))
        #expect(!SecretFile.isCredential(directory + "/calendar-password", in: nil))
        #expect(!SecretFile.isCredential(directory + "-other/calendar-password", in: directory))
        #expect(!SecretFile.isCredential(directory + "/sub/calendar-password", in: directory))
        #expect(!SecretFile.isCredential(directory + "/", in: directory))
        #expect(!SecretFile.isCredential("/etc/calendar-password", in: "/"))
        #expect(!SecretFile.isCredential("calendar-password", in: ""))
    }
}
