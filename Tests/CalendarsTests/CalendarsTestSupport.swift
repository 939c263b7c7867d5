import Foundation

/// An instant given as a wall-clock time in Berlin (the tests' zone), read by Foundation's
/// calendar, not by the code under test.
func berlin(
    _ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0
) -> Date {
    let parts = DateComponents(
        calendar: Calendar(identifier: .gregorian),
        timeZone: TimeZone(identifier: "Europe/Berlin"), year: year, month: month, day: day,
        hour: hour, minute: minute, second: second)
    return parts.date ?? .distantPast
}

/// `Tests/CalendarsTests/Fixtures/<name>`.
func fixture(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Fixtures/" + name
    ).path
}
