import Foundation
import NightstandTesting
import Testing

/// `nightstand events`, the program itself, on a CalDAV collection behind a password (Radicale
/// on loopback), agreeing with the reference expansion (`scripts/calendar-reference`) on the
/// same events written to one file.
@Suite(
    "nightstand events on CalDAV", .serialized,
    .enabled(
        if: FileManager.default.isExecutableFile(atPath: "/usr/bin/radicale"),
        "no /usr/bin/radicale: run scripts/deps --test"),
    .enabled(if: CalendarReference.hasPython, "no python3, so no reference to compare with"))
struct EventsCalDAVTests {
    /// The events, one resource each: a weekly series in Berlin with a moved and a cancelled
    /// week, an event in New York, an all-day one, and one outside the days asked.
    private static let events: [String: String] = [
        "swim": """
        UID:swim\r\nSUMMARY:Swimming\r\nDTSTART;TZID=Europe/Berlin:20260302T180000\r
        DURATION:PT1H\r\nRRULE:FREQ=WEEKLY;COUNT=6\r\nEXDATE;TZID=Europe/Berlin:20260316T180000\r
        END:VEVENT\r\nBEGIN:VEVENT\r\nDTSTAMP:20260101T000000Z\r\nUID:swim\r\nSUMMARY:Swimming (moved)\r
        RECURRENCE-ID;TZID=Europe/Berlin:20260309T180000\r
        DTSTART;TZID=Europe/Berlin:20260310T190000\r\nDTEND;TZID=Europe/Berlin:20260310T200000\r
        """,
        "call": """
        UID:call\r\nSUMMARY:Call with New York\r
        DTSTART;TZID=America/New_York:20260304T090000\r
        DTEND;TZID=America/New_York:20260304T093000\r
        """,
        "fair": "UID:fair\r\nSUMMARY:School fair\r\nDTSTART;VALUE=DATE:20260307\r\n"
            + "DTEND;VALUE=DATE:20260309\r",
        "june": "UID:june\r\nSUMMARY:In June\r\nDTSTART:20260610T080000Z\r\nDURATION:PT1H\r",
    ]

    /// `bodies` as VEVENTs of one VCALENDAR.
    private static func calendar(_ bodies: [String]) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Nightstand tests//EN\r\n"
            + bodies.map { "BEGIN:VEVENT\r\nDTSTAMP:20260101T000000Z\r\n\($0)\nEND:VEVENT\r\n" }
            .joined() + "END:VCALENDAR\r\n"
    }

    @Test("the program's events of a collection behind a password agree with the reference")
    func agreesWithReference() async throws {
        let server = try Radicale(offset: 3_000)
        defer { server.stop() }
        #expect(try await server.send("MKCALENDAR").status == 201)
        for (name, body) in Self.events.sorted(by: { $0.key < $1.key }) {
            let answer = try await server.send("PUT", "\(name).ics", body: Self.calendar([body]))
            #expect(answer.status == 201, "PUT \(name).ics")
        }
        let password = server.directory + "/password"
        try "secret\n".write(toFile: password, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: password)
        let config = server.directory + "/events.toml"
        try """
        [[widget]]
        kind = "calendar"
        id = "family"
        url = "\(server.calendar.absoluteString)"
        username = "pi"
        password_file = "\(password)"
        cache = "\(server.directory)/cache/family.ics"
        time_zone = "Europe/Berlin"
        [[slot]]
        widgets = ["family"]
        """.write(toFile: config, atomically: false, encoding: .utf8)
        let start = "2026-03-01T00:00:00+01:00"
        let (status, output) = try runProgram([
            "events", "--config", config, "--at", start, "--days", "28",
        ])
        try #require(status == 0, "\(output)")
        let ours = output.split(separator: "\n").map { line in
            String(line[..<(line.lastIndex(of: "\t") ?? line.endIndex)])
        }

        let file = server.directory + "/same-events.ics"
        try Self.calendar(Self.events.sorted { $0.key < $1.key }.map(\.value))
            .write(toFile: file, atomically: false, encoding: .utf8)
        let reference = try CalendarReference.occurrences(
            file: file, at: start, days: 28, zone: "Europe/Berlin")
        try #require(reference.status == 0)
        #expect(ours.sorted() == reference.lines.sorted())
        // What the two agree on: the series less its cancelled week, the moved week at its
        // new time, New York's call on Berlin's clock, the fair's two days; not June's event.
        #expect(
            ours == [
                "2026-03-02T18:00:00+01:00\t2026-03-02T19:00:00+01:00\tSwimming",
                "2026-03-04T15:00:00+01:00\t2026-03-04T15:30:00+01:00\tCall with New York",
                "2026-03-07\t2026-03-09\tSchool fair",
                "2026-03-10T19:00:00+01:00\t2026-03-10T20:00:00+01:00\tSwimming (moved)",
                "2026-03-23T18:00:00+01:00\t2026-03-23T19:00:00+01:00\tSwimming",
            ])
    }
}
