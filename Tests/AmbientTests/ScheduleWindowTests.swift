import NightstandTesting
import Testing

@testable import Ambient

@Suite("Schedule window syntax")
struct ScheduleWindowTests {
    @Test(
        "Clock times, solar events and offsets parse to their canonical form",
        arguments: [
            ("22:30-06:30", "22:30-06:30"),
            ("7:05-8:00", "07:05-08:00"),
            ("sunset-sunrise", "sunset-sunrise"),
            ("sunset+30m-sunrise-15m", "sunset+30m-sunrise-15m"),
            ("Sunset + 1h30m - 23:00", "sunset+1h30m-23:00"),
            ("sunset-90m-sunrise", "sunset-1h30m-sunrise"),
            ("sunset-06:30", "sunset-06:30"),
            ("00:00-sunrise+2h", "00:00-sunrise+2h"),
        ])
    func parses(text: String, canonical: String) throws {
        #expect(try ScheduleWindow(parsing: text).description == canonical)
    }

    @Test("A '-' after an event is an offset only when a duration follows")
    func minusAfterEvent() throws {
        let offset = try ScheduleWindow(parsing: "sunset-1h-sunrise")
        #expect(offset.start == .solar(.sunset, offsetMinutes: -60))
        #expect(offset.end == .solar(.sunrise, offsetMinutes: 0))
        let separator = try ScheduleWindow(parsing: "sunset-06:30")
        #expect(separator.start == .solar(.sunset, offsetMinutes: 0))
        #expect(separator.end == .clock(hour: 6, minute: 30))
    }

    @Test(
        "Malformed windows say what was expected",
        arguments: [
            ("22:30", "expected '-' between the start and the end at the end"),
            ("25:00-06:00", "clock times are 00:00 to 23:59 (write 00:00 for midnight)"),
            ("22:3-06:30", "clock times are 00:00 to 23:59 (write 00:00 for midnight)"),
            (
                "sunset+30-sunrise",
                "expected 'h' or 'm' after a number in the offset at '30-sunrise'"
            ),
            (
                "sunset+30m1h-sunrise",
                "expected 'h' or 'm' after a number in the offset at '1h-sunrise'"
            ),
            ("sunset+-sunrise", "expected a duration like 30m or 1h15m at '-sunrise'"),
            ("sunset+13h-sunrise", "offsets are at most 12h"),
            ("noon-sunrise", "expected a time like 22:30, sunrise or sunset at 'noon-sunrise'"),
            ("22:30-06:30x", "nothing after the end of the window at 'x'"),
            ("22:30-22:30", "the start and the end are the same (22:30)"),
            ("sunset-sunset", "the start and the end are the same (sunset)"),
        ])
    func rejects(text: String, message: String) {
        let error = expectError(ScheduleSyntaxError.self) { try ScheduleWindow(parsing: text) }
        #expect(error?.message == message)
        #expect(error?.description.hasPrefix("\"\(text)\": \(message)") == true)
    }
}
