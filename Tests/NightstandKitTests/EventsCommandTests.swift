import Foundation
import Standby
import Testing

@testable import NightstandProgram

@Suite("nightstand events")
struct EventsCommandTests {
    /// A configuration with two calendar widgets over the corpus calendars and a clock.
    private func configuration() throws -> Configuration {
        let calendars = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(
                "BuiltinWidgetsTests/Fixtures/Calendars")
        return try Configuration.parse(
            """
            [[widget]]
            kind = "calendar"
            id = "work"
            files = ["\(calendars.path)/outlook-windows-zones.ics"]
            time_zone = "Europe/Berlin"
            [[widget]]
            kind = "calendar"
            id = "family"
            files = ["\(calendars.path)/reported.ics"]
            time_zone = "America/New_York"
            [[widget]]
            kind = "clock"
            [[slot]]
            widgets = ["work", "family", "clock"]
            """, file: "events.toml")
    }

    private let start = Date(timeIntervalSince1970: 1_772_319_600)  // 2026-03-01T00:00+01:00

    @Test("one line per occurrence: start, end, title, widget, in each widget's zone")
    func lines() async throws {
        let (output, problems) = try await EventsCommand.list(
            configuration(), widget: nil, from: start, days: 12, json: false)
        #expect(
            output.split(separator: "\n").prefix(3) == [
                "2026-03-02T17:00:00+01:00\t2026-03-02T17:30:00+01:00\tCall with Seattle\twork",
                "2026-03-04T16:00:00+01:00\t2026-03-04T17:00:00+01:00\tNew York office hours\twork",
                "2026-03-05T09:00:00+01:00\t2026-03-05T09:15:00+01:00\tWeekly standup\twork",
            ])
        #expect(
            output.split(separator: "\n").suffix(2) == [
                "2026-03-10T06:00:00-04:00\t2026-03-10T07:00:00-04:00\tTwo starts (the first counts)\tfamily",
                "2026-03-12T12:00:00-04:00\t2026-03-12T13:00:00-04:00\tEnd before start\tfamily",
            ])
        #expect(problems.count == 3 && problems.allSatisfy { $0.hasPrefix("family: /") })
        #expect(
            problems.first?.hasSuffix(
                "reported.ics:8: DTSTART: a second one in the same VEVENT; expected one, using the first (line 7)"
            ) == true)
    }

    @Test("--widget picks one; --json gives objects with ISO 8601 times and all_day")
    func json() async throws {
        let (output, _) = try await EventsCommand.list(
            configuration(), widget: "work", from: start, days: 2, json: true)
        struct Row: Decodable, Equatable {
            var widget, title, start, end: String
            var all_day: Bool
        }
        let rows = try JSONDecoder().decode([Row].self, from: Data(output.utf8))
        #expect(
            rows == [
                Row(
                    widget: "work", title: "Call with Seattle", start: "2026-03-02T17:00:00+01:00",
                    end: "2026-03-02T17:30:00+01:00", all_day: false)
            ])
    }

    @Test("a widget id that isn't a calendar's is refused, naming the calendars")
    func unknownWidget() async throws {
        await #expect(throws: (any Error).self) {
            try await EventsCommand.list(
                configuration(), widget: "clock", from: start, days: 2, json: false)
        }
        do {
            _ = try await EventsCommand.list(
                configuration(), widget: "clock", from: start, days: 2, json: false)
        } catch {
            #expect(
                "\(error)" == "--widget clock: expected the id of a calendar widget (work, family)")
        }
    }
}
