import Foundation
import NightstandTesting
import Synchronization
import Testing

@testable import Calendars
@testable import SystemSupport

/// A calendar behind a password, against a real CalDAV server on loopback: Radicale (Debian's
/// `radicale`, which `scripts/deps --test` installs) with a user and a password.
@Suite(
    "CalDAV", .serialized,
    .enabled(
        if: FileManager.default.isExecutableFile(atPath: "/usr/bin/radicale"),
        "no /usr/bin/radicale: run scripts/deps --test"))
struct CalDAVTests {
    /// An event of the calendar, `summary` on 3 March 2026 at 09:00 in Berlin (or `day`).
    private func event(_ uid: String, _ summary: String, day: String = "20260303") -> String {
        """
        BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Nightstand tests//EN\r\nBEGIN:VEVENT\r
        UID:\(uid)\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:\(summary)\r
        DTSTART;TZID=Europe/Berlin:\(day)T090000\r\nDTEND;TZID=Europe/Berlin:\(day)T100000\r
        END:VEVENT\r\nEND:VCALENDAR\r\n
        """
    }

    /// The methods a loader sent, in order.
    final class Recorder: Sendable {
        let methods = Mutex<[String]>([])

        var send: HTTPFetch.Send {
            { request, timeout in
                self.methods.withLock { $0.append(request.method) }
                return try await HTTPFetch.send(request, timeout: timeout)
            }
        }

        func take() -> [String] {
            methods.withLock { list in
                defer { list = [] }; return list
            }
        }
    }

    private func secret(_ text: String, mode: Int, in directory: String) throws -> String {
        let path = directory + "/password-\(UUID().uuidString)"
        try (text + "\n").write(toFile: path, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        return path
    }

    @Test("a collection is read for its days; a change shows; a bad password file is an error")
    func radicale() async throws {
        let server = try Radicale()
        defer { server.stop() }
        #expect(try await server.send("MKCALENDAR").status == 201)
        try await server.send("PUT", "dentist.ics", body: event("dentist", "Dentist"))
        try await server.send("PUT", "later.ics", body: event("later", "In June", day: "20260610"))
        let password = try secret("secret", mode: 0o600, in: server.directory)
        let sources = CalendarSources(
            url: server.calendar, cache: server.directory + "/cache/calendar.ics",
            timeZone: TimeZone(identifier: "Europe/Berlin") ?? .gmt, days: 14, username: "pi",
            passwordFile: password)
        let recorder = Recorder()
        let loader = CalendarLoader(options: sources, send: recorder.send)
        let now = berlin(2026, 3, 1)

        let first = await loader.load(now: now)
        #expect(first.problems.isEmpty && !first.hasFailedSource)
        // The widget's days and a month more: June's event is not fetched.
        #expect(first.calendars.flatMap(\.events).map(\.summary) == ["Dentist"])
        #expect(recorder.take() == ["PROPFIND", "REPORT"])

        let again = await loader.load(now: now)
        #expect(again.calendars.flatMap(\.events).map(\.summary) == ["Dentist"])
        #expect(again.problems.isEmpty && recorder.take() == ["PROPFIND"])

        try await server.send("PUT", "dentist.ics", body: event("dentist", "Dentist (moved)"))
        let changed = await loader.load(now: now)
        #expect(changed.calendars.flatMap(\.events).map(\.summary) == ["Dentist (moved)"])
        #expect(recorder.take() == ["PROPFIND", "REPORT"])

        var wrong = sources
        wrong.passwordFile = try secret("not-the-password", mode: 0o600, in: server.directory)
        let refused = await CalendarLoader(options: wrong).load(now: now)
        #expect(refused.hasFailedSource)
        #expect(
            refused.problems == [
                "http://127.0.0.1/… refused the user name or password (HTTP 401): check username "
                    + "and password_file; showing the cached calendar"
            ])
        #expect(refused.calendars.flatMap(\.events).map(\.summary) == ["Dentist (moved)"])

        // One event's own file on the server is read as an iCalendar file.
        var item = sources
        item.url = server.calendar.appendingPathComponent("dentist.ics")
        item.cache = server.directory + "/cache/dentist.ics"
        let file = await CalendarLoader(options: item, send: recorder.send).load(now: now)
        #expect(file.problems.isEmpty)
        #expect(file.calendars.flatMap(\.events).map(\.summary) == ["Dentist (moved)"])
        #expect(recorder.take() == ["PROPFIND", "GET"])

        var open = sources
        let readable = try secret("secret", mode: 0o644, in: server.directory)
        open.passwordFile = readable
        let unsafe = await CalendarLoader(options: open).load(now: now)
        #expect(
            unsafe.problems == [
                "password_file: can't use \(readable): its group or others may read it (mode "
                    + "644); expected a file only its owner reads: chmod 600 \(readable); "
                    + "showing the cached calendar"
            ])
    }

    @Test("a server that answers a login page is an error naming it, never an empty calendar")
    func loginPage() async throws {
        let page = "<!DOCTYPE html><html><body><form>Sign in</form></body></html>"
        let server = try LocalHTTPServer(
            response: "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: "
                + "\(page.utf8.count)\r\nConnection: close\r\n\r\n\(page)")
        defer { server.close() }
        let directory = NSTemporaryDirectory() + "nightstand-login-" + UUID().uuidString
        let loader = CalendarLoader(
            options: CalendarSources(
                url: server.url("/remote.php/dav/calendars/pi/personal/"),
                cache: directory + "/calendar.ics"))
        let outcome = await loader.load()
        #expect(outcome.calendars.isEmpty && outcome.hasFailedSource)
        #expect(
            outcome.problems == [
                "http://127.0.0.1/… answered a login page, not a calendar: check the URL or the "
                    + "password; no cached calendar yet"
            ])
        // A redirect to the login page, as a single sign-on server sends, is the same.
        let redirect = try LocalHTTPServer(
            response: "HTTP/1.1 302 Found\r\nLocation: \(server.url("/login"))\r\n"
                + "Content-Length: 0\r\nConnection: close\r\n\r\n")
        defer { redirect.close() }
        let redirected = await CalendarLoader(
            options: CalendarSources(url: redirect.url("/family.ics"), cache: directory + "/r.ics")
        ).load()
        #expect(
            redirected.problems == [
                "http://127.0.0.1/… answered a login page, not a calendar: check the URL or the "
                    + "password; no cached calendar yet"
            ])
    }

    @Test("a multistatus answer's calendars, whatever the prefixes, with XML escapes undone")
    func multistatus() {
        let answer = """
            <?xml version="1.0"?><d:multistatus xmlns:d="DAV:" xmlns:cal="urn:ietf:params:xml:ns:caldav">\
            <d:response><d:propstat><d:prop><d:resourcetype><d:collection/><cal:calendar/>\
            </d:resourcetype><d:sync-token>http://example.com/sync/7</d:sync-token>\
            <cal:calendar-data>BEGIN:VCALENDAR&#13;
            SUMMARY:Fish &amp; chips&#13;
            END:VCALENDAR</cal:calendar-data><cal:calendar-data/></d:prop></d:propstat></d:response>\
            </d:multistatus>
            """
        #expect(CalDAV.isCalendar(answer))
        #expect(!CalDAV.isCalendar("<multistatus><resourcetype><collection/></resourcetype>"))
        #expect(CalDAV.state(answer) == "http://example.com/sync/7")
        #expect(
            CalDAV.calendarData(answer) == [
                "BEGIN:VCALENDAR\r\nSUMMARY:Fish & chips\r\nEND:VCALENDAR", "",
            ])
        #expect(CalDAV.utc(Date(timeIntervalSince1970: 1_772_323_200)) == "20260301T000000Z")
    }

    @Test("an ICS file is fetched again with its ETag; unchanged, the answer 304 reads the cache")
    func etag() async throws {
        let body = Data(event("dentist", "Dentist").utf8)
        let seen = Mutex<[String]>([])
        let send: HTTPFetch.Send = { request, _ in
            seen.withLock { $0.append(([request.method] + request.headers).joined(separator: " ")) }
            if request.method == "PROPFIND" { return HTTPResponse(status: 405, body: Data()) }
            if request.headers.contains("If-None-Match: \"v1\"") {
                return HTTPResponse(status: 304, etag: "\"v1\"", body: Data())
            }
            return HTTPResponse(
                status: 200, contentType: "text/calendar", etag: "\"v1\"", body: body)
        }
        let directory = NSTemporaryDirectory() + "nightstand-etag-" + UUID().uuidString
        let loader = CalendarLoader(
            options: CalendarSources(
                url: URL(string: "https://example.com/family.ics") ?? URL(fileURLWithPath: "/"),
                cache: directory + "/calendar.ics"),
            send: send)
        let first = await loader.load(now: berlin(2026, 3, 1))
        let second = await loader.load(now: berlin(2026, 3, 1))
        #expect(first.problems.isEmpty && second.problems.isEmpty)
        #expect(second.calendars.flatMap(\.events).map(\.summary) == ["Dentist"])
        #expect(seen.withLock { $0 } == ["PROPFIND Depth: 0", "GET", "GET If-None-Match: \"v1\""])
    }
}
