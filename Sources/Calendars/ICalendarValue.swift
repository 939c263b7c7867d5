import FoundationEssentials
import SystemSupport

/// A `DATE` or `DATE-TIME` value as written (RFC 5545, 3.3.4 and 3.3.5), before its zone is
/// looked up: `20260115`, `20260115T090000Z`, `20260115T090000` (floating, or in the zone
/// of a `TZID` parameter).
package struct ICalendarDateValue: Equatable, Sendable {
    /// How the wall-clock time is anchored.
    package enum Zone: Equatable, Sendable {
        /// UTC (a trailing `Z`).
        case utc
        /// No zone: the same wall-clock time wherever it is shown (the display's zone).
        case floating
        /// The zone a `TZID` parameter names.
        case named(String)
    }

    package var date: CivilDate
    /// The time of day; `nil` for a `DATE` (an all-day value).
    package var time: TimeOfDay?
    package var zone: Zone

    package static let expected =
        "a date such as 20260115 or a date-time such as 20260115T090000 or 20260115T080000Z"

    /// Reads one value; `tzid` is the property's `TZID` parameter.
    ///
    /// The value is read by its form, whatever the `VALUE` parameter says: exporters write
    /// `DTSTART;VALUE=DATE:20110804T120000` (a date-time) and `VALUE=DATE-TIME` on a plain
    /// date, as python-icalendar reads them. A `TZID` names the zone even of a time written
    /// with a `Z` (`DTSTART;TZID=Asia/Tokyo:20260304T090000Z` is 09:00 in Tokyo), as
    /// python-icalendar reads it too.
    package init(_ text: String, tzid: String?) throws(ICalendarSyntaxError) {
        let scalars = Array(text.unicodeScalars)
        let digits = { (range: Range<Int>) -> Int? in
            guard range.upperBound <= scalars.count,
                scalars[range].allSatisfy({ ("0"..."9").contains($0) })
            else { return nil }
            return scalars[range].reduce(0) { $0 * 10 + Int($1.value - 48) }
        }
        guard let year = digits(0..<4), let month = digits(4..<6), let day = digits(6..<8)
        else { throw Self.error(text) }
        date = CivilDate(year: year, month: month, day: day)
        guard date.isValid else { throw Self.error(text) }
        if scalars.count == 8 {
            time = nil
            zone = .floating
            return
        }
        guard scalars.count == 15 || scalars.count == 16,
            scalars[8] == "T" || scalars[8] == "t", let hour = digits(9..<11),
            let minute = digits(11..<13), let second = digits(13..<15), hour < 24, minute < 60,
            second <= 60
        else { throw Self.error(text) }
        time = TimeOfDay(hour: hour, minute: minute, second: second)
        if scalars.count == 16 {
            guard scalars[15] == "Z" || scalars[15] == "z" else { throw Self.error(text) }
            zone = tzid.map(Zone.named) ?? .utc
        } else {
            zone = tzid.map(Zone.named) ?? .floating
        }
    }

    /// The values of a list-valued property such as `EXDATE:20260115T090000Z,20260122T090000Z`.
    package static func list(_ line: ContentLine) throws(ICalendarSyntaxError)
        -> [ICalendarDateValue]
    {
        var values: [ICalendarDateValue] = []
        for item in line.value.split(separator: ",") {
            do {
                values.append(
                    try ICalendarDateValue(item.trimmingWhitespace(), tzid: line.parameter("TZID")))
            } catch {
                throw ICalendarSyntaxError("\(line.name): \(error.message)")
            }
        }
        return values
    }

    private static func error(_ text: String) -> ICalendarSyntaxError {
        ICalendarSyntaxError("expected \(expected), found \(ICalendarSyntaxError.quote(text))")
    }
}

/// How long an event lasts: whole days, which follow the calendar (a day across a daylight
/// saving change is 23 or 25 hours), and then exact seconds.
package struct EventLength: Equatable, Sendable {
    package var days: Int
    package var seconds: Int

    package static let zero = EventLength(days: 0, seconds: 0)

    /// Reads a `DURATION` value (RFC 5545, 3.3.6): `PT1H30M`, `P1D`, `P2W`, `P1DT12H`.
    package init(duration text: String) throws(ICalendarSyntaxError) {
        let error = ICalendarSyntaxError(
            "expected a duration such as PT1H30M, P1D or P1W, found "
                + ICalendarSyntaxError.quote(text))
        var rest = Substring(text.uppercased())
        if rest.first == "+" { rest = rest.dropFirst() }
        guard rest.first == "P", rest.count > 1 else { throw error }
        rest = rest.dropFirst()
        var days = 0
        var seconds = 0
        var inTime = false
        var number = ""
        var parts = 0
        for character in rest {
            if character.isASCII, character.isNumber {
                number.append(character)
                continue
            }
            if character == "T", number.isEmpty, !inTime {
                inTime = true
                parts = 0
                continue
            }
            parts += 1
            guard let value = Int(number), value <= 100_000 else { throw error }
            switch (character, inTime) {
            case ("W", false): days += 7 * value
            case ("D", false): days += value
            case ("H", true): seconds += 3600 * value
            case ("M", true): seconds += 60 * value
            case ("S", true): seconds += value
            default: throw error
            }
            number = ""
        }
        // Digits left over, or a `T` with no hours, minutes or seconds after it.
        guard number.isEmpty, parts > 0 else { throw error }
        self.days = days
        self.seconds = seconds
    }

    package init(days: Int, seconds: Int) {
        self.days = days
        self.seconds = seconds
    }

    /// Whole days the event may reach past its first, for looking back from a window.
    package var spanDays: Int { days + (seconds + 86_399) / 86_400 }

    /// The end of an instance starting at `start`, its days counted on `zone`'s wall clock.
    package func end(from start: Date, in zone: EventZone) -> Date {
        let afterDays = days == 0 ? start : zone.adding(days: days, to: start)
        return afterDays.addingTimeInterval(TimeInterval(seconds))
    }
}
