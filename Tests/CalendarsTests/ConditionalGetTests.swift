import Foundation
import NightstandTesting
import Synchronization
import Testing

@testable import Calendars
@testable import SystemSupport

/// The `ETag` round trip of an iCalendar file behind a password, against real servers on
/// loopback: nginx (Debian's `nginx-light`) serving a file with basic authentication answers
/// `If-None-Match` with `304`; Radicale 3.1.8 does not implement conditional `GET` (its
/// `app/get.py` sends the `ETag` but always the body), so there each refresh reads the file.
@Suite(
    "Conditional GET on real servers", .serialized,
    .enabled(
        if: FileManager.default.isExecutableFile(atPath: "/usr/sbin/nginx")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/radicale"),
        "no nginx or radicale: run scripts/deps --test"))
struct ConditionalGetTests {
    /// nginx in the foreground, one process, serving `directory/www` to the user `pi` with the
    /// password `secret`.
    final class Nginx {
        let directory: String
        let port: Int
        let process = Process()

        init() throws {
            directory = NSTemporaryDirectory() + "nightstand-nginx-" + UUID().uuidString
            try FileManager.default.createDirectory(
                atPath: directory + "/www", withIntermediateDirectories: true)
            port = 20_000 + Int(getpid() % 20_000)
            try "pi:{PLAIN}secret\n".write(
                toFile: directory + "/users", atomically: true, encoding: .utf8)
            try """
            daemon off;
            master_process off;
            pid \(directory)/nginx.pid;
            error_log \(directory)/error.log;
            events {}
            http {
              access_log off;
              client_body_temp_path \(directory)/body;
              types { text/calendar ics; }
              server {
                listen 127.0.0.1:\(port);
                root \(directory)/www;
                auth_basic "calendar";
                auth_basic_user_file \(directory)/users;
              }
            }
            """.write(toFile: directory + "/nginx.conf", atomically: true, encoding: .utf8)
            process.executableURL = URL(fileURLWithPath: "/usr/sbin/nginx")
            process.arguments = ["-p", directory, "-c", directory + "/nginx.conf"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        var calendar: URL {
            URL(string: "http://127.0.0.1:\(port)/family.ics") ?? URL(fileURLWithPath: "/")
        }

        /// Writes the served file.
        func serve(_ text: String) throws {
            try text.write(toFile: directory + "/www/family.ics", atomically: true, encoding: .utf8)
        }

        /// Waits up to five seconds for the server to listen.
        func ready() async throws {
            let request = HTTPRequest(url: calendar)
            for _ in 0..<50 {
                if (try? await HTTPFetch.send(request, timeout: 5)) != nil { return }
                try await Task.sleep(for: .milliseconds(100))
            }
        }

        func stop() {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            try? FileManager.default.removeItem(atPath: directory)
        }
    }

    /// Each request a loader sent, as method, headers and the server's status.
    final class Recorder: Sendable {
        let lines = Mutex<[String]>([])

        var send: HTTPFetch.Send {
            { request, timeout in
                let answer = try await HTTPFetch.send(request, timeout: timeout)
                let line = ([request.method] + request.headers + ["→ \(answer.status)"])
                self.lines.withLock { $0.append(line.joined(separator: " ")) }
                return answer
            }
        }

        func take() -> [String] {
            lines.withLock { list in
                defer { list = [] }; return list
            }
        }
    }

    private func event(_ summary: String) -> String {
        """
        BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Nightstand tests//EN\r\nBEGIN:VEVENT\r
        UID:dentist\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:\(summary)\r
        DTSTART;TZID=Europe/Berlin:20260303T090000\r\nDTEND;TZID=Europe/Berlin:20260303T100000\r
        END:VEVENT\r\nEND:VCALENDAR\r\n
        """
    }

    private func sources(_ url: URL, in directory: String) throws -> CalendarSources {
        let password = directory + "/password"
        try "secret\n".write(toFile: password, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: password)
        return CalendarSources(
            url: url, cache: directory + "/cache/calendar.ics",
            timeZone: TimeZone(identifier: "Europe/Berlin") ?? .gmt, username: "pi",
            passwordFile: password)
    }

    @Test("nginx: an unchanged file costs a 304 and reads the cache; a changed one is read")
    func nginx() async throws {
        let server = try Nginx()
        defer { server.stop() }
        try server.serve(event("Dentist"))
        try await server.ready()
        let recorder = Recorder()
        let loader = CalendarLoader(
            options: try sources(server.calendar, in: server.directory), send: recorder.send)
        let now = berlin(2026, 3, 1)

        let first = await loader.load(now: now)
        #expect(first.problems.isEmpty, "\(first.problems)")
        #expect(first.calendars.flatMap(\.events).map(\.summary) == ["Dentist"])
        // nginx refuses PROPFIND on a file with an HTML page of 405: no WebDAV, so a GET.
        let methods = recorder.take()
        #expect(methods.first == "PROPFIND Depth: 0 → 405" && methods.dropFirst() == ["GET → 200"])

        let again = await loader.load(now: now)
        #expect(again.problems.isEmpty && !again.hasFailedSource)
        #expect(again.calendars.flatMap(\.events).map(\.summary) == ["Dentist"])
        let conditional = recorder.take()
        #expect(conditional.count == 1)
        #expect(conditional.first?.hasPrefix("GET If-None-Match: \"") == true)
        #expect(conditional.first?.hasSuffix("\" → 304") == true, "\(conditional)")

        try server.serve(event("Dentist (moved to 10:00)"))
        let changed = await loader.load(now: now)
        #expect(changed.calendars.flatMap(\.events).map(\.summary) == ["Dentist (moved to 10:00)"])
        #expect(recorder.take().first?.hasSuffix("\" → 200") == true)
        // A restart keeps the ETag beside the cache: a new loader's first fetch is a 304.
        let restarted = await CalendarLoader(
            options: try sources(server.calendar, in: server.directory), send: recorder.send
        ).load(now: now)
        #expect(
            restarted.calendars.flatMap(\.events).map(\.summary) == ["Dentist (moved to 10:00)"])
        #expect(recorder.take().first?.hasSuffix("\" → 304") == true)
    }

    @Test("Radicale: an event's file is asked with its ETag; Radicale answers the body again")
    func radicale() async throws {
        let server = try Radicale(offset: 10_000)
        defer { server.stop() }
        let made = try await server.send("MKCALENDAR")
        #expect(made.status == 201)
        try await server.send("PUT", "dentist.ics", body: event("Dentist"))
        let recorder = Recorder()
        let loader = CalendarLoader(
            options: try sources(
                server.calendar.appendingPathComponent("dentist.ics"), in: server.directory),
            send: recorder.send)
        let now = berlin(2026, 3, 1)
        let first = await loader.load(now: now)
        #expect(first.calendars.flatMap(\.events).map(\.summary) == ["Dentist"])
        #expect(recorder.take() == ["PROPFIND Depth: 0 → 207", "GET → 200"])

        let again = await loader.load(now: now)
        #expect(again.problems.isEmpty)
        #expect(again.calendars.flatMap(\.events).map(\.summary) == ["Dentist"])
        let conditional = recorder.take()
        #expect(conditional.count == 1)
        #expect(conditional.first?.hasPrefix("GET If-None-Match: \"") == true)
        #expect(conditional.first?.hasSuffix("\" → 200") == true, "\(conditional)")
    }
}
