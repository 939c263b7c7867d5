import FoundationEssentials
import SystemSupport

/// Finds the zone a `TZID` names, remembering each (and the ones it can't find, with the first
/// line naming each).
///
/// In this order, as python-icalendar does: a zone of the system's database (the name without
/// slashes around it); the file's own `VTIMEZONE` with that `TZID`; the IANA zone of a
/// Windows name (`W. Europe Standard Time`, by CLDR's table); the IANA name at the end of a
/// path (`/citadel.org/20190914_1/Europe/Berlin`); the `VTIMEZONE`'s `X-LIC-LOCATION`. A name
/// none of these gives is read as the display's zone, and reported.
package struct ZoneResolver {
    package let display: TimeZone
    /// The file's `VTIMEZONE`s by `TZID`.
    package let definitions: [String: ICalendarComponents.TimeZone]
    /// The calendar's own zone (`X-WR-TIMEZONE`, which Google and Apple write): the zone of its
    /// floating times and of its series written in UTC.
    package var calendarZone: TimeZone?
    private var known: [String: EventZone] = [:]
    private(set) var unknown: [String: Int] = [:]
    /// What was wrong in the `VTIMEZONE`s used, with their lines.
    private(set) var problems: [(message: String, line: Int)] = []

    package init(display: TimeZone, definitions: [String: ICalendarComponents.TimeZone]) {
        self.display = display
        self.definitions = definitions
    }

    /// The zone of a value: UTC, the display's for floating times, or the `TZID`'s.
    package mutating func zone(_ zone: ICalendarDateValue.Zone, line: Int?) -> EventZone {
        switch zone {
        case .utc: return .utc
        case .floating: return EventZone(calendarZone ?? display)
        case .named(let name):
            if let found = known[name] { return found }
            let found = resolve(name)
            if found == nil, unknown[name] == nil { unknown[name] = line ?? 0 }
            let zone = found ?? EventZone(display)
            known[name] = zone
            return zone
        }
    }

    /// A `DTSTART` as the calendar apps read it in a calendar with an `X-WR-TIMEZONE`: a UTC
    /// time moved to that zone's wall clock, so that its series repeats there (a weekly 14:00
    /// UTC is 09:00 in New York in winter and in summer), as Google and Apple show it; else
    /// as written.
    package func calendarClock(_ value: ICalendarDateValue) -> ICalendarDateValue {
        guard let calendarZone, value.zone == .utc, let time = value.time else { return value }
        let (day, wallTime) = EventZone(calendarZone).wallClock(
            EventZone.utc.instant(value.date, at: time))
        var moved = value
        (moved.date, moved.time, moved.zone) = (day, wallTime, .named(calendarZone.identifier))
        return moved
    }

    private mutating func resolve(_ name: String) -> EventZone? {
        let trimmed = name.trimming { $0 == "/" || $0.isWhitespace }
        if let system = TimeZone(identifier: trimmed) { return EventZone(system) }
        let definition = definitions[name]
        if let definition, let defined = self.defined(definition, tzid: name) {
            return .defined(defined)
        }
        let candidates = [
            WindowsZones.table[trimmed], trimmed, definition?.value("X-LIC-LOCATION"),
        ]
        for candidate in candidates.compactMap({ $0 }) {
            // The whole name, then shorter tails of a path-like one.
            let parts = candidate.split(separator: "/")
            for start in parts.indices {
                if let found = TimeZone(identifier: parts[start...].joined(separator: "/")) {
                    return EventZone(found)
                }
            }
        }
        return nil
    }

    /// The zone a `VTIMEZONE` defines, its problems noted; nil without a usable observance.
    private mutating func defined(_ definition: ICalendarComponents.TimeZone, tzid: String)
        -> ICalendarTimeZone?
    {
        var observances: [ICalendarTimeZone.Observance] = []
        for component in definition.observances {
            do {
                observances.append(
                    try Self.observance(
                        component.properties, name: component.name, line: component.line))
            } catch {
                problems.append(
                    ("\(component.name) of VTIMEZONE \"\(tzid)\": \(error.message)", error.line))
            }
        }
        let zone = ICalendarTimeZone(tzid: tzid, observances: observances)
        if zone?.isTruncated == true {
            problems.append(
                (
                    "VTIMEZONE \"\(tzid)\": more than \(ICalendarTimeZone.transitionLimit) changes "
                        + "of offset; keeping the first", definition.line
                ))
        }
        return zone
    }

    /// A `STANDARD` or `DAYLIGHT` sub-component read (its `BEGIN` on `line`); a mistake
    /// throws with the line of the property.
    private static func observance(_ properties: [ContentLine], name: String, line: Int)
        throws(LocatedError) -> ICalendarTimeZone.Observance
    {
        let named = Dictionary(
            properties.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        guard let dtstart = named["DTSTART"] else {
            throw LocatedError("expected a DTSTART such as DTSTART:19701025T030000", line: line)
        }
        let start = try located(dtstart) { () throws(ICalendarSyntaxError) in
            try wallClock(dtstart)
        }
        guard let toLine = named["TZOFFSETTO"] else {
            throw LocatedError("expected a TZOFFSETTO such as TZOFFSETTO:+0100", line: line)
        }
        let offsetTo = try located(toLine) { () throws(ICalendarSyntaxError) in
            try offset(toLine)
        }
        var offsetFrom = offsetTo
        if let fromLine = named["TZOFFSETFROM"] {
            offsetFrom = try located(fromLine) { () throws(ICalendarSyntaxError) in
                try offset(fromLine)
            }
        }
        var observance = ICalendarTimeZone.Observance(
            isDaylight: name == "DAYLIGHT", start: start.date, time: start.time,
            offsetFrom: offsetFrom, offsetTo: offsetTo)
        if let rule = named["RRULE"] {
            observance.rule = try located(rule) { () throws(ICalendarSyntaxError) in
                let parsed = try RecurrenceRule(rule.value)
                guard parsed.frequency == .yearly else {
                    throw ICalendarSyntaxError(
                        "RRULE: expected FREQ=YEARLY for the changes of a time zone, found "
                            + ICalendarSyntaxError.quote(rule.value))
                }
                return parsed
            }
        }
        for rdate in properties where rdate.name == "RDATE" {
            for value in try located(
                rdate,
                { () throws(ICalendarSyntaxError) in
                    try ICalendarDateValue.list(rdate)
                })
            {
                observance.dates.append((value.date, value.time ?? TimeOfDay(seconds: 0)))
            }
        }
        return observance
    }

    /// A problem of a `VTIMEZONE` and its line.
    private struct LocatedError: Error {
        var message: String
        var line: Int

        init(_ message: String, line: Int) {
            self.message = message
            self.line = line
        }
    }

    /// `body`'s value, or its error located on `property`'s line.
    private static func located<T>(
        _ property: ContentLine, _ body: () throws(ICalendarSyntaxError) -> T
    ) throws(LocatedError) -> T {
        do {
            return try body()
        } catch {
            throw LocatedError(error.message, line: property.line)
        }
    }

    /// A `DTSTART` of an observance: a local date-time.
    private static func wallClock(_ line: ContentLine) throws(ICalendarSyntaxError)
        -> (date: CivilDate, time: TimeOfDay)
    {
        let value: ICalendarDateValue
        do {
            value = try ICalendarDateValue(line.value, tzid: nil)
        } catch {
            throw ICalendarSyntaxError("DTSTART: \(error.message)")
        }
        return (value.date, value.time ?? TimeOfDay(seconds: 0))
    }

    /// A UTC offset (RFC 5545, 3.3.14): `+0100`, `-0330`, `+013045`, in seconds.
    private static func offset(_ line: ContentLine) throws(ICalendarSyntaxError) -> Int {
        let text = Array(line.value.unicodeScalars)
        let error = ICalendarSyntaxError(
            "\(line.name): expected an offset such as +0100 or -0330, found "
                + ICalendarSyntaxError.quote(line.value))
        guard text.count == 5 || text.count == 7, text[0] == "+" || text[0] == "-",
            text.dropFirst().allSatisfy({ ("0"..."9").contains($0) })
        else { throw error }
        let digit = { (index: Int) in Int(text[index].value) - 48 }
        let hours = digit(1) * 10 + digit(2)
        let minutes = digit(3) * 10 + digit(4)
        let seconds = text.count == 7 ? digit(5) * 10 + digit(6) : 0
        guard hours < 24, minutes < 60, seconds < 60 else { throw error }
        let total = hours * 3600 + minutes * 60 + seconds
        return text[0] == "-" ? -total : total
    }
}

/// CLDR's table of Windows zone names (`WindowsZones.swift`, made by
/// `scripts/generate-windows-zones`).
package enum WindowsZones {}
