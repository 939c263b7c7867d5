/// A problem in an iCalendar file or download: where, and what was expected.
package struct ICalendarProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file or URL.
    package let source: String
    /// The line, from 1, when the problem is on one.
    package let line: Int?
    package let message: String

    /// `/home/pi/family.ics:12: DTSTART: expected …`.
    package var description: String {
        line.map { "\(source):\($0): \(message)" } ?? "\(source): \(message)"
    }
}
