import Foundation
import NightstandTesting
import Standby
import Testing

@testable import NightstandProgram

/// What the commands make of files from outside: `check-config` reads the token, password and
/// CA files as `run` does, a FIFO anywhere fails at once, and `events` prints a calendar's
/// control characters as escapes.
@Suite("Files from outside in the commands", .serialized)
struct OutsideFilesCommandTests {
    private let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// `oneSlot` with `extra` after it, written to `name` in the folder.
    private func config(_ name: String, _ extra: String) throws -> String {
        let path = folder.path(name)
        try (oneSlot + "\n" + extra).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("a token run refuses as too short fails check-config with run's words; a good one passes")
    func shortToken() throws {
        let token = folder.path("http-token")
        try "short\n".write(toFile: token, atomically: true, encoding: .utf8)
        let file = try config("http.toml", "[http]\ntoken_file = \"\(token)\"\n")
        let checked = try runProgram(["check-config", file])
        #expect(checked.status == 78, "\(checked.output)")
        let problem =
            "token_file: can't use \(token): expected a token of at least 16 printable "
            + "characters without spaces, such as the output of openssl rand -hex 32"
        #expect(
            checked.output.contains("\(file):8: [http] \(problem)"), "\(checked.output)")

        let display = try RunningDisplay(oneSlot + "\n[http]\ntoken_file = \"\(token)\"\n")
        #expect(display.await("the refusal") { display.text.contains("http: \(problem)") })

        try "0123456789abcdef+/=\n".write(toFile: token, atomically: true, encoding: .utf8)
        let good = try runProgram(["check-config", file])
        #expect(good.status == 0, "\(good.output)")
        #expect(good.output.contains("  [http] token_file: \(token): OK"), "\(good.output)")
    }

    @Test("a FIFO as token, password, CA, configuration or calendar file fails at once")
    func fifos() throws {
        let fifo = folder.path("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let fifoProblem = "can't use \(fifo): a FIFO, not a regular file"
        for (name, section, key) in [
            ("token.toml", "[http]", "token_file"),
            ("password.toml", "[mqtt]\nurl = \"mqtt://127.0.0.1:1\"", "password_file"),
            ("ca.toml", "[mqtt]\nurl = \"mqtts://127.0.0.1:1\"", "ca_file"),
        ] {
            let file = try config(name, "\(section)\n\(key) = \"\(fifo)\"\n")
            // (A blocking open would wait for a writer until runProgram's bound of 60 s.)
            let (status, output) = try runProgram(["check-config", file])
            #expect(status == 78, "\(key): \(output)")
            let table = section.prefix { $0 != "\n" }
            #expect(output.contains("\(table) \(key): \(fifoProblem)"), "\(key): \(output)")
        }
        let asConfig = try runProgram(["check-config", fifo])
        #expect(asConfig.status == 78, "\(asConfig.output)")
        #expect(
            asConfig.output.contains("\(fifo): can't read the file (a FIFO, not a regular file)"))

        let calendar = try config(
            "calendar.toml",
            "[[widget]]\nkind = \"calendar\"\nid = \"cal\"\nfiles = [\"\(fifo)\"]\n")
        let events = try runProgram(["events", "--config", calendar])
        #expect(events.status == 0, "\(events.output)")
        #expect(events.output.contains("\(fifo)"), "\(events.output)")
        #expect(events.output.contains("a FIFO, not a regular file"), "\(events.output)")
    }

    @Test("a systemd credential is checked inside the service only, where a missing one fails")
    func credentials() throws {
        let path = "/run/credentials/nightstand-test.service/http-token"
        let configuration = try Configuration.parse(
            "[http]\ntoken_file = \"\(path)\"\n", file: "service.toml",
            sections: Assembly.sections)
        #expect(
            try NetworkFiles.check(configuration, environment: [:]) == [
                "  [http] token_file: \(path): a systemd credential, checked when the service "
                    + "starts"
            ])
        let inside = ["CREDENTIALS_DIRECTORY": "/run/credentials/nightstand-test.service"]
        let missing = expectError(ConfigurationError.self) {
            try NetworkFiles.check(configuration, environment: inside)
        }
        #expect(
            missing?.description
                == "service.toml:2: [http] token_file: can't use \(path): No such file or directory"
        )
    }

    @Test("check-config reads a calendar's password_file as the widget does, at its line")
    func calendarPassword() throws {
        let password = folder.path("calendar-password")
        try "secret\n".write(toFile: password, atomically: true, encoding: .utf8)
        #expect(chmod(password, 0o644) == 0)
        let file = try config(
            "calendar.toml",
            "[[widget]]\nkind = \"calendar\"\nid = \"family\"\n"
                + "url = \"https://cloud.example.com/remote.php/dav/calendars/pi/family/\"\n"
                + "username = \"pi\"\npassword_file = \"\(password)\"\n")
        let open = try runProgram(["check-config", file])
        #expect(open.status == 78, "\(open.output)")
        #expect(
            open.output.contains(
                "\(file):12: [[widget]] family password_file: can't use \(password): its group or "
                    + "others may read it (mode 644); expected a file only its owner reads: "
                    + "chmod 600 \(password)"), "\(open.output)")

        #expect(chmod(password, 0o600) == 0)
        let good = try runProgram(["check-config", file])
        #expect(good.status == 0, "\(good.output)")
        #expect(
            good.output.contains("  [[widget]] family password_file: \(password): OK"),
            "\(good.output)")

        try FileManager.default.removeItem(atPath: password)
        let missing = try runProgram(["check-config", file])
        #expect(missing.status == 78, "\(missing.output)")
        #expect(
            missing.output.contains(
                "[[widget]] family password_file: can't use \(password): No such file or directory"
            ), "\(missing.output)")
    }

    @Test("the Immich album's api_key_file: refused while others may read it, OK at mode 600")
    func immichKey() throws {
        let key = folder.path("immich-key")
        try "k3y\n".write(toFile: key, atomically: true, encoding: .utf8)
        #expect(chmod(key, 0o644) == 0)
        let file = try config(
            "immich.toml",
            "[photos]\nimmich = { url = \"http://immich.local:2283\", album = \"Bedside\", "
                + "api_key_file = \"\(key)\" }\n")
        let open = try runProgram(["check-config", file])
        #expect(open.status == 78, "\(open.output)")
        #expect(
            open.output.contains(
                "\(file):8: [photos] immich.api_key_file: can't use \(key): its group or others "
                    + "may read it (mode 644); expected a file only its owner reads: chmod 600 \(key)"
            ),
            "\(open.output)")
        #expect(chmod(key, 0o600) == 0)
        let good = try runProgram(["check-config", file])
        #expect(good.status == 0, "\(good.output)")
        #expect(
            good.output.contains("  [photos] immich.api_key_file: \(key): OK"), "\(good.output)")
    }

    @Test("a calendar password as a systemd credential: mode 440 passes inside the service only")
    func calendarCredential() throws {
        // systemd writes a credential 0400, owned by root, and gives the service's user read
        // access with an ACL entry, which stat shows as the group's bits: mode 440.
        let directory = folder.path("credentials")
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true)
        let password = directory + "/calendar-password"
        try "secret\n".write(toFile: password, atomically: true, encoding: .utf8)
        #expect(chmod(password, 0o440) == 0)
        let configuration = try Configuration.parse(
            oneSlot
                + "\n[[widget]]\nkind = \"calendar\"\nid = \"family\"\nurl = \"https://example.com/c/\"\n"
                + "username = \"pi\"\npassword_file = \"\(password)\"\n",
            file: "service.toml", sections: Assembly.sections)
        let inside = try NetworkFiles.check(
            configuration, environment: ["CREDENTIALS_DIRECTORY": directory])
        #expect(inside == ["  [[widget]] family password_file: \(password): OK"])
        let outside = expectError(ConfigurationError.self) {
            try NetworkFiles.check(configuration, environment: [:])
        }
        #expect(
            outside?.description
                == "service.toml:12: [[widget]] family password_file: can't use \(password): its "
                + "group or others may read it (mode 440); expected a file only its owner reads: "
                + "chmod 600 \(password)")
        // A path under /run/credentials/ of another process is named, not read, outside.
        let named = try Configuration.parse(
            oneSlot
                + "\n[[widget]]\nkind = \"calendar\"\nid = \"family\"\nurl = \"https://example.com/c/\"\n"
                + "password_file = \"/run/credentials/nightstand.service/calendar-password\"\n",
            file: "service.toml", sections: Assembly.sections)
        let unchecked = try NetworkFiles.check(named, environment: [:])
        #expect(
            unchecked == [
                "  [[widget]] family password_file: /run/credentials/nightstand.service/"
                    + "calendar-password: a systemd credential, checked when the service starts"
            ])
    }

    @Test("events prints a title's escape, bell and C1 characters as escapes, in text and JSON")
    func eventsEscapes() throws {
        let ics = folder.path("party.ics")
        try """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Nightstand//Escapes//EN\r
        BEGIN:VEVENT\r
        UID:party@nightstand\r
        SUMMARY:Party \u{1B}]0;owned\u{07}\u{9B}2J\u{202E}end\r
        DTSTART:20260310T100000Z\r
        DURATION:PT1H\r
        END:VEVENT\r
        END:VCALENDAR\r

        """.write(toFile: ics, atomically: true, encoding: .utf8)
        let file = try config(
            "party.toml",
            "[[widget]]\nkind = \"calendar\"\nid = \"cal\"\nfiles = [\"\(ics)\"]\n"
                + "time_zone = \"UTC\"\n")
        let arguments = ["events", "--config", file, "--at", "2026-03-10T00:00:00Z", "--days", "1"]
        let text = try runProgram(arguments)
        #expect(text.status == 0, "\(text.output)")
        #expect(
            text.output.contains(
                "\tParty \\u{1B}]0;owned\\u{07}\\u{9B}2J\\u{202E}end\tcal\n"), "\(text.output)")
        let json = try runProgram(arguments + ["--json"])
        #expect(json.output.contains(#""title" : "Party \u001b]0;owned\u0007\u009b2J\u202eend""#))
        let controls = (text.output + json.output).unicodeScalars.filter {
            $0.value < 0x20 && $0 != "\n" && $0 != "\t" || (0x7F...0x9F).contains($0.value)
                || $0 == "\u{202E}"
        }
        #expect(controls.isEmpty)
    }
}
