import Foundation
import NightstandTesting
import Settings
import SystemSupport
import Testing

@testable import Network

/// The files `[http]` and `[mqtt]` name (the token, the password, the CA file), read as every
/// file from outside is: a FIFO or a device is refused at once with its kind, never opened in a
/// way that blocks the thread that starts the server or the bridge.
@Suite("Token, password and CA files")
struct SettingsFilesTests {
    private let folder: TemporaryFolder
    private let fifo: String

    init() throws {
        folder = try TemporaryFolder()
        fifo = folder.path("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
    }

    private func mqtt(_ values: [String: SettingsValue]) throws -> MQTTSettings {
        var all: [String: SettingsValue] = ["url": .string("mqtts://127.0.0.1:1")]
        all.merge(values) { $1 }
        return try MQTTSettings(section: table("mqtt", all), hostname: "test")
    }

    @Test("a FIFO as token_file stops the server from starting, at once, naming the file")
    func tokenFIFO() throws {
        let settings = try HTTPSettings(section: table("http", ["token_file": .string(fifo)]))
        let error = withoutBlocking(on: fifo) { () -> String in
            do {
                _ = try HTTPServer(settings: settings, host: FakeHost())
                return "started"
            } catch {
                return "\(error)"
            }
        }
        #expect(error == "token_file: can't use \(fifo): a FIFO, not a regular file")
    }

    @Test("a FIFO as password_file or ca_file leaves the bridge failed, at once, naming the file")
    func passwordAndCAFIFOs() throws {
        for key in ["password_file", "ca_file"] {
            let settings = try mqtt([key: .string(fifo), "username": .string("display")])
            let state = withoutBlocking(on: fifo) {
                MQTTBridge(settings: settings, host: FakeHost()).connection
            }
            #expect(
                state == .failed(reason: "\(key): can't use \(fifo): a FIFO, not a regular file"))
        }
    }

    @Test("the token is checked once: too short, spaces, empty, a link, missing, a device")
    func tokenRules() throws {
        func problem(_ path: String) throws -> String {
            let settings = try HTTPSettings(section: table("http", ["token_file": .string(path)]))
            do {
                return "token \(try settings.readToken())"
            } catch {
                return error.message
            }
        }
        let token = folder.path("token")
        let short =
            "expected a token of at least 16 printable characters without spaces, "
            + "such as the output of openssl rand -hex 32"
        for (text, expected) in [
            ("short\n", "can't use \(token): \(short)"),
            ("0123456789 abcdef\n", "can't use \(token): \(short)"),
            ("\n\n", "can't use \(token): is empty"),
            ("0123456789abcdef+/=\nsecond line\n", "token 0123456789abcdef+/="),
        ] {
            try text.write(toFile: token, atomically: true, encoding: .utf8)
            #expect(try problem(token) == expected)
        }
        let link = folder.path("link")
        #expect(symlink(token, link) == 0)
        #expect(try problem(link) == "can't use \(link): a symbolic link, not a regular file")
        #expect(
            try problem("/dev/zero")
                == "can't use /dev/zero: a character device, not a regular file")
        try String(repeating: "a", count: 5000).write(
            toFile: token, atomically: true, encoding: .utf8)
        #expect(try problem(token) == "can't use \(token): larger than 4 KiB")
    }

    @Test("ca_file must hold PEM certificates, in a regular file of at most 1 MiB")
    func caFile() throws {
        let ca = folder.path("ca.pem")
        try "not a certificate\n".write(toFile: ca, atomically: true, encoding: .utf8)
        #expect(
            throws: SettingsFileError(
                key: "ca_file", path: ca,
                problem: "expected PEM certificates (-----BEGIN CERTIFICATE-----)")
        ) { try self.mqtt(["ca_file": .string(ca)]).checkCAFile() }
        try "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n".write(
            toFile: ca, atomically: true, encoding: .utf8)
        try mqtt(["ca_file": .string(ca)]).checkCAFile()
        #expect(
            throws: SettingsFileError(
                key: "ca_file", path: folder.path(""), problem: "a directory, not a regular file")
        ) { try self.mqtt(["ca_file": .string(self.folder.path(""))]).checkCAFile() }
    }
}
