import FoundationEssentials

/// An iCalendar file (RFC 5545) read for its events: every `VEVENT`'s summary, location,
/// times, recurrence rule, exceptions and overrides, and what was wrong with the rest.
///
/// Reading is forgiving: a line that can't be read is reported with its line number and
/// what was expected, and the events that are whole still count. Only a text that is not an
/// iCalendar at all (no `BEGIN:VCALENDAR` on its first line) is refused.
///
/// `TZID`s name a zone of the system's, or one the file defines in a `VTIMEZONE`, or a Windows
/// zone (``ZoneResolver`` says in which order); a zone that can't be found is reported and read
/// as the display's.
package struct ICalendar: Sendable {
    /// The file or URL, as messages name it.
    package let source: String
    private(set) var events: [ICalendarEvent] = []
    private(set) var problems: [ICalendarProblem] = []

    /// Reads `text`, with floating times, all-day events and unknown zones in `timeZone`.
    package init(text: String, source: String, timeZone: TimeZone) throws(ICalendarProblem) {
        self.source = source
        let lines = ContentLine.unfold(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text)
        guard let first = lines.first, first.text.uppercased() == "BEGIN:VCALENDAR" else {
            throw ICalendarProblem(
                source: source, line: lines.first?.line,
                message: "not an iCalendar file; expected BEGIN:VCALENDAR, found "
                    + (lines.first.map { ICalendarSyntaxError.quote($0.text) } ?? "nothing"))
        }
        var components = ICalendarComponents()
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
        var zones = ZoneResolver(display: timeZone, definitions: components.timeZonesByID)
        if let line = components.properties.first(where: { $0.name == "X-WR-TIMEZONE" }) {
            let name = line.value.trimmingWhitespace()
            if let zone = TimeZone(identifier: name) {
                zones.calendarZone = zone
            } else {
                report(
                    "X-WR-TIMEZONE \"\(name)\" is not a time zone this system knows; floating "
                        + "times are read in \(timeZone.identifier), the display's",
                    line: line.line)
            }
        }
        for event in components.events {
            if let parsed = self.event(event.properties, line: event.line, zones: &zones) {
                events.append(parsed)
            }
        }
        events = Self.latestVersions(events)
        for problem in zones.problems { report(problem.message, line: problem.line) }
        for (name, line) in zones.unknown.sorted(by: { $0.value < $1.value }) {
            report(
                "TZID \"\(name)\" is not a time zone this system knows, nor one the file "
                    + "defines in a VTIMEZONE; its times are read in \(timeZone.identifier), the "
                    + "display's", line: line)
        }
    }

    /// The events without the older versions of one: of the events with the same `UID` (and
    /// the same `RECURRENCE-ID` for overrides), the one with the highest `SEQUENCE`, the first
    /// of equals, as python-recurring-ical-events keeps (files whose event was edited may hold
    /// both versions).
    private static func latestVersions(_ events: [ICalendarEvent]) -> [ICalendarEvent] {
        struct Key: Hashable {
            var uid: String
            var recurrenceID: InstanceSet?
        }
        var latest: [Key: Int] = [:]
        for (index, event) in events.enumerated() {
            guard let uid = event.uid else { continue }
            let key = Key(uid: uid, recurrenceID: event.recurrenceID)
            if let kept = latest[key], events[kept].sequence >= event.sequence { continue }
            latest[key] = index
        }
        return events.indices.compactMap { index in
            let event = events[index]
            guard let uid = event.uid else { return event }
            return latest[Key(uid: uid, recurrenceID: event.recurrenceID)] == index ? event : nil
        }
    }

    private mutating func report(_ message: String, line: Int?) {
        problems.append(ICalendarProblem(source: source, line: line, message: message))
    }

    /// Properties a `VEVENT` has at most once (RFC 5545, 3.6.1); a second is reported.
    private static let singular: Set<String> = [
        "DTSTART", "DTEND", "DURATION", "RECURRENCE-ID", "UID", "SUMMARY", "STATUS",
    ]

    /// The event of a `VEVENT`'s properties, or nil (reported) without a usable `DTSTART`.
    private mutating func event(_ properties: [ContentLine], line: Int, zones: inout ZoneResolver)
        -> ICalendarEvent?
    {
        var named: [String: ContentLine] = [:]
        for property in properties {
            guard let first = named[property.name] else {
                named[property.name] = property
                continue
            }
            if Self.singular.contains(property.name) {
                report(
                    "\(property.name): a second one in the same VEVENT; expected one, using "
                        + "the first (line \(first.line))", line: property.line)
            }
        }
        guard let dtstart = named["DTSTART"] else {
            report(
                "VEVENT has no DTSTART; expected a line such as DTSTART:20260115T090000Z",
                line: line)
            return nil
        }
        var start: ICalendarDateValue
        do {
            start = try zones.calendarClock(value(dtstart))
        } catch {
            report(error.message, line: dtstart.line)
            return nil
        }
        var length = start.time == nil ? EventLength(days: 1, seconds: 0) : .zero
        if let end = named["DTEND"] {
            do throws(ICalendarSyntaxError) {
                var value = try value(end)
                // A floating end of a zoned start is on the start's clock (as python-icalendar
                // and the calendar apps read it), not the display's.
                if value.time != nil, value.zone == .floating, start.time != nil {
                    value.zone = start.zone
                }
                if let swapped = try swap(start, value, line: end.line, zones: &zones) {
                    report(
                        "DTEND: expected an end after the start, found one before it; reading "
                            + "them the other way round", line: end.line)
                    start = value
                    length = swapped
                } else {
                    length = try self.length(from: start, to: value, line: end.line, zones: &zones)
                }
            } catch {
                report(error.message, line: end.line)
            }
        } else if let duration = named["DURATION"] {
            do {
                length = try EventLength(duration: duration.value)
            } catch {
                report("DURATION: \(error.message)", line: duration.line)
            }
        }
        var event = ICalendarEvent(
            summary: named["SUMMARY"].map { ContentLine.text($0.value) } ?? "Untitled",
            location: named["LOCATION"].map { ContentLine.text($0.value) }.flatMap {
                $0.isEmpty ? nil : $0
            },
            uid: named["UID"]?.value, start: start.date, time: start.time,
            zone: start.time == nil
                ? EventZone(zones.display) : zones.zone(start.zone, line: dtstart.line),
            length: length, line: line)
        event.isFloating = start.time != nil && start.zone == .floating
        event.isCancelled = named["STATUS"]?.value.uppercased() == "CANCELLED"
        event.sequence = named["SEQUENCE"].flatMap { Int($0.value.trimmingWhitespace()) } ?? -1
        if let id = named["RECURRENCE-ID"] {
            do {
                let value = try value(id)
                event.recurrenceID = instance(value, line: id.line, zones: &zones)
                if id.parameter("RANGE")?.uppercased() == "THISANDFUTURE" {
                    event.changesFrom =
                        (value.time == nil ? event.zone : zones.zone(value.zone, line: id.line))
                        .instant(value.date, at: value.time ?? TimeOfDay(seconds: 0))
                }
            } catch {
                report(error.message, line: id.line)
            }
        }
        readRecurrence(properties, into: &event, zones: &zones)
        return event
    }

    /// Reads the `RRULE`s, `RDATE`s and `EXDATE`s of an event; an override (`RECURRENCE-ID`)
    /// is one instance, so its own rules and dates are left aside, as python-recurring-ical-
    /// events does.
    private mutating func readRecurrence(
        _ properties: [ContentLine], into event: inout ICalendarEvent, zones: inout ZoneResolver
    ) {
        let isOverride = event.recurrenceID != nil
        for property in properties {
            do {
                switch property.name {
                case "RRULE" where !isOverride:
                    let rule = try RecurrenceRule(property.value)
                    for message in rule.skipped { report(message, line: property.line) }
                    event.rules.append(rule)
                case "RDATE" where !isOverride:
                    event.dates += try dates(property, of: event, zones: &zones)
                case "EXDATE":
                    for value in try ICalendarDateValue.list(property) {
                        event.exceptions.formUnion(
                            instance(value, line: property.line, zones: &zones))
                    }
                default:
                    break
                }
            } catch {
                let rest =
                    property.name == "RRULE" ? " (leaving out the instances of this rule)" : ""
                report(error.message + rest, line: property.line)
            }
        }
    }

    /// The length from `end` to `start` when a timed `end` comes before `start` (a file that
    /// swapped them); nil when they are in order.
    private func swap(
        _ start: ICalendarDateValue, _ end: ICalendarDateValue, line: Int,
        zones: inout ZoneResolver
    ) throws(ICalendarSyntaxError) -> EventLength? {
        guard let startTime = start.time, let endTime = end.time else { return nil }
        let begin = zones.zone(start.zone, line: line).instant(start.date, at: startTime)
        let finish = zones.zone(end.zone, line: line).instant(end.date, at: endTime)
        guard finish < begin else { return nil }
        return EventLength(days: 0, seconds: Int(begin.timeIntervalSince(finish)))
    }
}
