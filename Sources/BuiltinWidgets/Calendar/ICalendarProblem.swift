/// A problem in an iCalendar file or download: where, and what was expected.
struct ICalendarProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file or URL.
    let source: String
    /// The line, from 1, when the problem is on one.
    let line: Int?
    let message: String

    /// `/home/pi/family.ics:12: DTSTART: expected …`.
    var description: String {
        line.map { "\(source):\($0): \(message)" } ?? "\(source): \(message)"
    }
}
