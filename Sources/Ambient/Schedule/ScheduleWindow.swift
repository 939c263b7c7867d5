import FoundationEssentials
import SystemSupport

/// A stretch of time, written `[DAYS] START-END`, when an appearance applies: every day, or
/// on the days it names (the days it starts on).
///
/// Each end is a clock time or a solar event with an optional offset:
///
/// | text | meaning |
/// | --- | --- |
/// | `22:30-06:30` | from 22:30 to 06:30 the next morning (a window may cross midnight) |
/// | `21:00-22:30` | from 21:00 to 22:30 |
/// | `sunset-sunrise` | from sunset to the next sunrise |
/// | `sunset+30m-sunrise-15m` | from 30 minutes after sunset to 15 minutes before sunrise |
/// | `sunset-1h-23:00` | from an hour before sunset to 23:00 |
/// | `mon-thu,sun 22:30-06:30` | from 22:30 to 06:30 on nights that start Monday to Thursday or Sunday |
/// | `fri,sat 23:30-08:30` | from 23:30 to 08:30 on nights that start Friday or Saturday |
///
/// Grammar (case and spaces are ignored):
///
/// ```
/// window   = [days " "] end "-" end      (days: see SystemSupport's Weekdays)
/// end      = clock | event [offset]
/// clock    = H ":" MM | HH ":" MM          (00:00 … 23:59, local time)
/// event    = "sunrise" | "sunset"
/// offset   = ("+" | "-") duration           (at most 12h)
/// duration = N "h" [N "m"] | N "m"          (2h, 90m, 1h30m)
/// ```
///
/// A `-` right after an event starts an offset only when digits and `h` or `m` follow, so
/// `sunset-1h-sunrise` is "an hour before sunset to sunrise" and `sunset-06:30` is "sunset to
/// 06:30".
///
/// ```swift
/// let window = try ScheduleWindow(parsing: "sunset+30m-sunrise-15m")
/// print(window)  // sunset+30m-sunrise-15m
/// ```
public struct ScheduleWindow: Sendable, Equatable, CustomStringConvertible {
    /// The days the window starts on; every day unless the text names days.
    public let days: Weekdays
    /// Where the window starts (inclusive).
    public let start: ScheduleTime
    /// Where the window ends (exclusive).
    public let end: ScheduleTime

    /// A window from `start` to `end`, starting on `days`.
    public init(start: ScheduleTime, end: ScheduleTime, days: Weekdays = .all) {
        self.start = start
        self.end = end
        self.days = days
    }

    /// Parses `[DAYS] START-END`.
    ///
    /// - Throws: ``ScheduleSyntaxError`` saying what was expected where.
    public init(parsing text: String) throws(ScheduleSyntaxError) {
        let trimmed = Substring(text).drop { $0.isWhitespace }
        if let space = trimmed.firstIndex(where: \.isWhitespace) {
            let prefix = String(trimmed[..<space])
            // "sunset - sunrise" has spaces too: a first word that is days makes them days.
            if let days = try? Weekdays(parsing: prefix) {
                try self.init(window: String(trimmed[space...]), in: text, days: days)
                return
            }
            let solar = ["sunrise", "sunset"].contains { prefix.lowercased().hasPrefix($0) }
            if !solar, prefix.allSatisfy({ $0.isLetter || $0 == "," || $0 == "-" }) {
                do {
                    _ = try Weekdays(parsing: prefix)
                } catch {
                    throw ScheduleSyntaxError(text: text, message: error.reason)
                }
            }
        }
        try self.init(window: text, in: text, days: .all)
    }

    /// Parses `START-END` (`window`, part of `text`) on `days`.
    private init(window: String, in text: String, days: Weekdays) throws(ScheduleSyntaxError) {
        self.days = days
        var scanner = ScheduleScanner(window, whole: text)
        start = try scanner.end()
        try scanner.expect("-", "'-' between the start and the end")
        end = try scanner.end()
        guard scanner.isAtEnd else {
            throw scanner.error("nothing after the end of the window")
        }
        guard start != end else {
            throw ScheduleSyntaxError(
                text: text, message: "the start and the end are the same (\(start))")
        }
    }

    /// Whether either end depends on sunrise or sunset.
    public var isSolar: Bool { start.event != nil || end.event != nil }

    /// The window in canonical form, such as `sunset+30m-06:30` or `sat,sun 23:30-08:30`.
    public var description: String {
        (days.isEveryDay ? "" : "\(days) ") + "\(start)-\(end)"
    }
}

/// One end of a ``ScheduleWindow``: a local clock time or a solar event with an offset.
public enum ScheduleTime: Sendable, Equatable, CustomStringConvertible {
    /// A local wall-clock time, 00:00 … 23:59.
    case clock(hour: Int, minute: Int)
    /// Sunrise or sunset, moved by `offsetMinutes` (negative is earlier).
    case solar(SolarEventKind, offsetMinutes: Int)

    /// The solar event, for a solar end.
    var event: SolarEventKind? {
        if case .solar(let kind, _) = self { return kind }
        return nil
    }

    /// `06:30`, `sunset`, `sunrise-1h15m`.
    public var description: String {
        switch self {
        case .clock(let hour, let minute):
            return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
        case .solar(let kind, let offset):
            guard offset != 0 else { return kind.rawValue }
            let size = abs(offset)
            let hours = size / 60 > 0 ? "\(size / 60)h" : ""
            let minutes = size % 60 > 0 ? "\(size % 60)m" : ""
            return kind.rawValue + (offset < 0 ? "-" : "+") + hours + minutes
        }
    }
}

/// Which solar event a schedule end refers to.
public enum SolarEventKind: String, Sendable, Equatable {
    /// The sun's upper limb rises above the horizon.
    case sunrise
    /// The sun's upper limb sets below the horizon.
    case sunset
}

/// A schedule window that does not parse: the text and what was expected.
public struct ScheduleSyntaxError: Error, Equatable, CustomStringConvertible {
    /// The window text as given.
    public let text: String
    /// What is wrong, such as "offsets are at most 12h".
    public let message: String

    /// `"sunset+30-sunrise": expected 'h' or 'm' after 30 (…)`.
    public var description: String {
        "\"\(text)\": \(message) (windows look like 22:30-06:30 or sunset+30m-sunrise-15m)"
    }
}

/// Reads a window's text left to right (spaces removed, lowercased).
private struct ScheduleScanner {
    let text: String
    let characters: [Character]
    var index = 0

    /// The longest offset accepted, in minutes.
    static let maximumOffset = 12 * 60

    /// A scanner of `window`, which is `whole` or its part after the days (errors quote
    /// `whole`).
    init(_ window: String, whole: String) {
        text = whole
        characters = Array(window.lowercased().filter { !$0.isWhitespace })
    }

    var isAtEnd: Bool { index == characters.count }

    func error(_ message: String) -> ScheduleSyntaxError {
        let position = isAtEnd ? "at the end" : "at '\(String(characters[index...]))'"
        return ScheduleSyntaxError(text: text, message: "\(message) \(position)")
    }

    mutating func expect(_ character: Character, _ what: String) throws(ScheduleSyntaxError) {
        guard !isAtEnd, characters[index] == character else { throw error("expected \(what)") }
        index += 1
    }

    /// A clock time, or an event with its offset.
    mutating func end() throws(ScheduleSyntaxError) -> ScheduleTime {
        for kind in [SolarEventKind.sunrise, .sunset] where hasWord(kind.rawValue) {
            index += kind.rawValue.count
            return .solar(kind, offsetMinutes: try offset())
        }
        guard !isAtEnd, characters[index].isASCII, characters[index].isNumber else {
            throw error("expected a time like 22:30, sunrise or sunset")
        }
        let hour = number()
        try expect(":", "':' and minutes after the hour")
        let start = index
        let minute = number()
        guard index - start == 2, let hour, let minute, hour < 24, minute < 60 else {
            throw ScheduleSyntaxError(
                text: text,
                message: "clock times are 00:00 to 23:59 (write 00:00 for midnight)")
        }
        return .clock(hour: hour, minute: minute)
    }

    /// `+30m`, `-1h15m` after an event when one follows; 0 otherwise.
    private mutating func offset() throws(ScheduleSyntaxError) -> Int {
        // "+" always starts an offset; "-" only before a duration, else it ends the start.
        guard !isAtEnd else { return 0 }
        switch characters[index] {
        case "+": break
        case "-" where startsDuration(at: index + 1): break
        default: return 0
        }
        let sign = characters[index] == "-" ? -1 : 1
        index += 1
        var minutes = 0
        var units: [Character] = []
        while !isAtEnd, characters[index].isASCII, characters[index].isNumber {
            let start = index
            let value = number() ?? 0
            guard !isAtEnd, characters[index] == "h" || characters[index] == "m",
                !units.contains(characters[index]), units != ["m"]
            else {
                index = start
                throw error("expected 'h' or 'm' after a number in the offset")
            }
            units.append(characters[index])
            minutes += characters[index] == "h" ? value * 60 : value
            index += 1
        }
        guard !units.isEmpty else { throw error("expected a duration like 30m or 1h15m") }
        guard minutes <= Self.maximumOffset else {
            throw ScheduleSyntaxError(text: text, message: "offsets are at most 12h")
        }
        return sign * minutes
    }

    /// Whether digits followed by `h` or `m` start at `position`.
    private func startsDuration(at position: Int) -> Bool {
        var i = position
        while i < characters.count, characters[i].isASCII, characters[i].isNumber { i += 1 }
        return i > position && i < characters.count
            && (characters[i] == "h" || characters[i] == "m")
    }

    private func hasWord(_ word: String) -> Bool {
        characters.count - index >= word.count
            && String(characters[index..<index + word.count]) == word
    }

    /// The decimal number at the current position (nil when absurdly long).
    private mutating func number() -> Int? {
        var digits = ""
        while !isAtEnd, characters[index].isASCII, characters[index].isNumber {
            digits.append(characters[index])
            index += 1
        }
        return digits.count <= 6 ? Int(digits) : nil
    }
}
