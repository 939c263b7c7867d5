import Foundation

/// The time zone `identifier` (UTC if the system has no such zone, which fails the test).
func zone(_ identifier: String) -> TimeZone {
    TimeZone(identifier: identifier) ?? TimeZone(secondsFromGMT: 0) ?? .current
}

/// The moment of local wall-clock time `year-month-day hour:minute:second` in `timeZone`.
func local(
    _ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0,
    _ second: Int = 0, in timeZone: TimeZone
) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let components = DateComponents(
        year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    return calendar.date(from: components) ?? .distantPast
}

/// `HH:MM:SS` of `date` in `timeZone`, for readable failures.
func clock(_ date: Date?, in timeZone: TimeZone) -> String {
    guard let date else { return "none" }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
    return [parts.hour, parts.minute, parts.second].map {
        let value = $0 ?? 0
        return value < 10 ? "0\(value)" : "\(value)"
    }.joined(separator: ":")
}
