import FoundationEssentials

/// An iCalendar file (RFC 5545) read for its events: every `VEVENT`'s summary, location,
/// times, recurrence rule, exceptions and overrides, and what was wrong with the rest.
///
/// Reading is forgiving: a line that can't be read is reported with its line number and
/// what was expected, and the events that are whole still count. Only a text that is not an
/// iCalendar at all (no `BEGIN:VCALENDAR` on its first line) is refused.
///
/// `TZID`s are looked up as IANA names, also at the end of a path
/// (`/citadel.org/20190914_1/Europe/Berlin`) or through the `VTIMEZONE`'s
/// `X-LIC-LOCATION`; a zone that can't be found is reported and read as the display's.
struct ICalendar: Sendable {
    /// The file or URL, as messages name it.
    let source: String
    private(set) var events: [ICalendarEvent] = []
    private(set) var problems: [ICalendarProblem] = []

    /// Reads `text`, with floating times, all-day events and unknown zones in `timeZone`.
    init(text: String, source: String, timeZone: TimeZone) throws(ICalendarProblem) {
        self.source = source
        let lines = ContentLine.unfold(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text)
        guard let first = lines.first, first.text.uppercased() == "BEGIN:VCALENDAR" else {
            throw ICalendarProblem(
                source: source, line: lines.first?.line,
                message: "not an iCalendar file; expected BEGIN:VCALENDAR, found "
                    + (lines.first.map { ICalendarSyntaxError.quote($0.text) } ?? "nothing"))
        }
        var components = Components()
        for (text, line) in lines {
            do {
                try components.read(try ContentLine(text, line: line))
            } catch {
                report(error.message, line: line)
            }
        }
        if let open = components.finish().last {
            report(
                "the file ends inside BEGIN:\(open.name) of line \(open.line); expected "
                    + "END:\(open.name)", line: nil)
        }
        var zones = ZoneResolver(display: timeZone, locations: components.locations)
        for event in components.events {
            if let parsed = self.event(event.properties, line: event.line, zones: &zones) {
                events.append(parsed)
            }
        }
        for (name, line) in zones.unknown.sorted(by: { $0.value < $1.value }) {
            report(
                "TZID \"\(name)\" is not a time zone this system knows; its times are read in "
                    + "\(timeZone.identifier), the display's", line: line)
        }
    }

    private mutating func report(_ message: String, line: Int?) {
        problems.append(ICalendarProblem(source: source, line: line, message: message))
    }

    /// The event of a `VEVENT`'s properties, or nil (reported) without a usable `DTSTART`.
    private mutating func event(_ properties: [ContentLine], line: Int, zones: inout ZoneResolver)
        -> ICalendarEvent?
    {
        let named = Dictionary(
            properties.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        guard let dtstart = named["DTSTART"] else {
            report(
                "VEVENT has no DTSTART; expected a line such as DTSTART:20260115T090000Z",
                line: line)
            return nil
        }
        let start: ICalendarDateValue
        do {
            start = try value(dtstart)
        } catch {
            report(error.message, line: dtstart.line)
            return nil
        }
        let zone = start.time == nil ? zones.display : zones.zone(start.zone, line: dtstart.line)
        var event = ICalendarEvent(
            summary: named["SUMMARY"].map { ContentLine.text($0.value) } ?? "Untitled",
            location: named["LOCATION"].map { ContentLine.text($0.value) }.flatMap {
                $0.isEmpty ? nil : $0
            },
            uid: named["UID"]?.value, start: start.date, time: start.time, zone: zone,
            length: start.time == nil ? EventLength(days: 1, seconds: 0) : .zero, line: line)
        event.isCancelled = named["STATUS"]?.value.uppercased() == "CANCELLED"
        if let end = named["DTEND"] {
            do {
                event.length = try length(
                    from: start, to: try value(end), line: end.line, event: event, zones: &zones)
            } catch {
                report(error.message, line: end.line)
            }
        } else if let duration = named["DURATION"] {
            do {
                event.length = try EventLength(duration: duration.value)
            } catch {
                report("DURATION: \(error.message)", line: duration.line)
            }
        }
        if let rule = named["RRULE"] {
            do {
                event.rule = try RecurrenceRule(rule.value)
            } catch {
                report(error.message + " (showing the first occurrence only)", line: rule.line)
            }
        }
        for exdate in properties where exdate.name == "EXDATE" {
            do {
                for value in try ICalendarDateValue.list(exdate) {
                    event.exceptions.formUnion(instance(value, line: exdate.line, zones: &zones))
                }
            } catch {
                report(error.message, line: exdate.line)
            }
        }
        if let id = named["RECURRENCE-ID"] {
            do {
                event.recurrenceID = instance(try value(id), line: id.line, zones: &zones)
            } catch {
                report(error.message, line: id.line)
            }
        }
        return event
    }

    /// A date property's single value, errors naming the property.
    private func value(_ line: ContentLine) throws(ICalendarSyntaxError) -> ICalendarDateValue {
        do {
            return try ICalendarDateValue(
                line.value, tzid: line.parameter("TZID"), valueType: line.parameter("VALUE"))
        } catch {
            throw ICalendarSyntaxError("\(line.name): \(error.message)")
        }
    }

    /// The length from `DTSTART` to `DTEND`: whole days for an all-day event (at least one),
    /// else the seconds between the two instants.
    private func length(
        from start: ICalendarDateValue, to end: ICalendarDateValue, line: Int,
        event: ICalendarEvent, zones: inout ZoneResolver
    ) throws(ICalendarSyntaxError) -> EventLength {
        if start.time == nil {
            guard end.time == nil else {
                throw ICalendarSyntaxError(
                    "DTEND: expected a date like DTSTART's, found a date-time")
            }
            return EventLength(days: max(end.date.dayNumber - start.date.dayNumber, 1), seconds: 0)
        }
        var endCalendar = Calendar(identifier: .gregorian)
        endCalendar.timeZone = end.time == nil ? zones.display : zones.zone(end.zone, line: line)
        let calendar = event.calendar
        guard let begin = start.date.instant(at: start.time ?? TimeOfDay(seconds: 0), in: calendar),
            let finish = end.date.instant(at: end.time ?? TimeOfDay(seconds: 0), in: endCalendar)
        else { return .zero }
        guard finish >= begin else {
            throw ICalendarSyntaxError("DTEND: expected a time after DTSTART, found one before it")
        }
        return EventLength(days: 0, seconds: Int(finish.timeIntervalSince(begin)))
    }

    /// The instance a `RECURRENCE-ID` or `EXDATE` value names.
    private func instance(_ value: ICalendarDateValue, line: Int, zones: inout ZoneResolver)
        -> InstanceSet
    {
        guard let time = value.time else { return InstanceSet(days: [value.date]) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zones.zone(value.zone, line: line)
        return InstanceSet(instants: value.date.instant(at: time, in: calendar).map { [$0] } ?? [])
    }
}

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

/// The nesting of `BEGIN`/`END` components while reading, the `VEVENT`s' properties, and
/// each `VTIMEZONE`'s `X-LIC-LOCATION`.
private struct Components {
    var stack: [(name: String, line: Int)] = []
    var events: [(properties: [ContentLine], line: Int)] = []
    /// `X-LIC-LOCATION` by `TZID`.
    var locations: [String: String] = [:]
    private var timeZoneID: String?

    mutating func read(_ line: ContentLine) throws(ICalendarSyntaxError) {
        switch line.name {
        case "BEGIN":
            let name = line.value.uppercased()
            if name == "VEVENT" && stack.last?.name == "VCALENDAR" {
                events.append(([], line.line))
            }
            if name == "VTIMEZONE" { timeZoneID = nil }
            stack.append((name, line.line))
        case "END":
            let name = line.value.uppercased()
            guard let index = stack.lastIndex(where: { $0.name == name }) else {
                throw ICalendarSyntaxError("END:\(name) without a BEGIN:\(name) before it")
            }
            let unclosed = Array(stack[(index + 1)...])
            stack.removeSubrange(index...)
            if let inner = unclosed.first {
                dropUnfinishedEvent(among: unclosed)
                throw ICalendarSyntaxError(
                    "END:\(name) inside BEGIN:\(inner.name) of line \(inner.line); expected "
                        + "END:\(inner.name) first")
            }
        default:
            switch stack.last?.name {
            case "VEVENT" where stack.count == 2:
                events[events.count - 1].properties.append(line)
            case "VTIMEZONE":
                if line.name == "TZID" { timeZoneID = line.value }
                if line.name == "X-LIC-LOCATION", let timeZoneID {
                    locations[timeZoneID] = line.value
                }
            default:
                break
            }
        }
    }
}

extension Components {
    /// The components still open at the end of the file, innermost last; an event among them
    /// is dropped.
    mutating func finish() -> [(name: String, line: Int)] {
        dropUnfinishedEvent(among: stack)
        return stack
    }

    /// Forgets the event of a `VEVENT` among `unclosed` components: it is not whole.
    private mutating func dropUnfinishedEvent(among unclosed: [(name: String, line: Int)]) {
        if let last = events.last,
            unclosed.contains(where: { $0.name == "VEVENT" && $0.line == last.line })
        {
            events.removeLast()
        }
    }
}

/// Looks up `TZID`s, remembering the ones it can't find (with the first line naming each).
private struct ZoneResolver {
    let display: TimeZone
    let locations: [String: String]
    private var known: [String: TimeZone] = [:]
    private(set) var unknown: [String: Int] = [:]

    init(display: TimeZone, locations: [String: String]) {
        self.display = display
        self.locations = locations
    }

    /// The zone of a value: UTC, the display's for floating times, or the `TZID`'s.
    mutating func zone(_ zone: ICalendarDateValue.Zone, line: Int?) -> TimeZone {
        switch zone {
        case .utc: return .gmt
        case .floating: return display
        case .named(let name):
            if let found = known[name] { return found }
            let candidates = [name, locations[name]].compactMap { $0 }
            for candidate in candidates {
                // The whole name, then shorter tails of a path-like one.
                let parts = candidate.split(separator: "/")
                for start in parts.indices {
                    if let found = TimeZone(identifier: parts[start...].joined(separator: "/")) {
                        known[name] = found
                        return found
                    }
                }
            }
            if unknown[name] == nil { unknown[name] = line ?? 0 }
            return display
        }
    }
}
