import FoundationEssentials

/// The dates of an event's lines: `RDATE`s, periods and their lengths, a value's instants.
extension ICalendar {
    /// The instances an `RDATE` adds (RFC 5545, 3.8.5.2): date-times, dates, or periods
    /// (`start/end` or `start/duration`) with their own length.
    package func dates(_ line: ContentLine, of event: ICalendarEvent, zones: inout ZoneResolver)
        throws(ICalendarSyntaxError) -> [ICalendarEvent.ExtraDate]
    {
        var dates: [ICalendarEvent.ExtraDate] = []
        for item in line.value.split(separator: ",") {
            let parts = item.split(separator: "/", maxSplits: 1).map { $0.trimmingWhitespace() }
            let start: ICalendarDateValue
            do {
                start = try ICalendarDateValue(
                    parts[0], tzid: line.parameter("TZID"))
            } catch {
                throw ICalendarSyntaxError("RDATE: \(error.message)")
            }
            let begin: ICalendarEvent.ExtraDate.Start
            if let time = start.time {
                let instant = zones.zone(start.zone, line: line.line).instant(start.date, at: time)
                begin = event.isAllDay ? .day(event.zone.day(instant)) : .instant(instant)
            } else {
                begin = .day(start.date)
            }
            var extra = ICalendarEvent.ExtraDate(start: begin)
            if parts.count == 2 {
                extra.length = try periodLength(
                    from: start, to: parts[1], line: line, zones: &zones)
            }
            dates.append(extra)
        }
        return dates
    }

    /// The length of a `PERIOD` from `start` to `end`, a date-time or a duration.
    package func periodLength(
        from start: ICalendarDateValue, to end: String, line: ContentLine,
        zones: inout ZoneResolver
    ) throws(ICalendarSyntaxError) -> EventLength {
        let first = end.first
        if first == "P" || first == "+" || first == "-" {
            do {
                return try EventLength(duration: end)
            } catch {
                throw ICalendarSyntaxError("RDATE: \(error.message)")
            }
        }
        do {
            let value = try ICalendarDateValue(end, tzid: line.parameter("TZID"))
            return try length(from: start, to: value, line: line.line, zones: &zones)
        } catch {
            throw ICalendarSyntaxError("RDATE: \(error.message)")
        }
    }

    /// A date property's single value, errors naming the property.
    package func value(_ line: ContentLine) throws(ICalendarSyntaxError) -> ICalendarDateValue {
        do {
            return try ICalendarDateValue(
                line.value, tzid: line.parameter("TZID"))
        } catch {
            throw ICalendarSyntaxError("\(line.name): \(error.message)")
        }
    }

    /// The length from a start to an end (`DTEND`, a period's): whole days for an all-day
    /// event (at least one), else the seconds between the two instants.
    package func length(
        from start: ICalendarDateValue, to end: ICalendarDateValue, line: Int,
        zones: inout ZoneResolver
    ) throws(ICalendarSyntaxError) -> EventLength {
        if start.time == nil {
            // A date-time end of an all-day event names its day as written, like UNTIL.
            return EventLength(days: max(end.date.dayNumber - start.date.dayNumber, 1), seconds: 0)
        }
        let begin = zones.zone(start.zone, line: line).instant(
            start.date, at: start.time ?? TimeOfDay(seconds: 0))
        let finishZone =
            end.time == nil ? EventZone(zones.display) : zones.zone(end.zone, line: line)
        let finish = finishZone.instant(end.date, at: end.time ?? TimeOfDay(seconds: 0))
        guard finish >= begin else {
            throw ICalendarSyntaxError("expected an end after the start, found one before it")
        }
        return EventLength(days: 0, seconds: Int(finish.timeIntervalSince(begin)))
    }

    /// The instance a `RECURRENCE-ID` or `EXDATE` value names.
    package func instance(_ value: ICalendarDateValue, line: Int, zones: inout ZoneResolver)
        -> InstanceSet
    {
        guard let time = value.time else { return InstanceSet(days: [value.date]) }
        return InstanceSet(
            instants: [zones.zone(value.zone, line: line).instant(value.date, at: time)],
            writtenDays: [value.date])
    }
}
