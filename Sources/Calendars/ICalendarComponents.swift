/// The nesting of `BEGIN`/`END` components while reading an iCalendar file, and the
/// properties of the components the widget reads: each `VEVENT`, and each `VTIMEZONE` with its
/// `STANDARD` and `DAYLIGHT` observances.
package struct ICalendarComponents {
    /// A `VTIMEZONE` as written.
    package struct TimeZone {
        /// The line of its `BEGIN:VTIMEZONE`.
        package var line: Int
        /// Its own properties (`TZID`, `X-LIC-LOCATION`, …).
        package var properties: [ContentLine] = []
        /// Each `STANDARD` or `DAYLIGHT` sub-component: its name, properties and line.
        package var observances: [(name: String, properties: [ContentLine], line: Int)] = []

        /// The value of its first property called `name`.
        package func value(_ name: String) -> String? {
            properties.first { $0.name == name }?.value
        }
    }

    private(set) var stack: [(name: String, line: Int)] = [] {
        didSet { path = stack.map(\.name) }
    }
    /// The names in ``stack``, outermost first: where a property belongs.
    private var path: [String] = []
    private(set) var events: [(properties: [ContentLine], line: Int)] = []
    private(set) var timeZones: [TimeZone] = []
    /// The properties of the calendars themselves (`X-WR-TIMEZONE`, `PRODID`, …).
    private(set) var properties: [ContentLine] = []

    /// The `VTIMEZONE`s by `TZID` (the first of two with the same one).
    package var timeZonesByID: [String: TimeZone] {
        var zones: [String: TimeZone] = [:]
        for zone in timeZones {
            if let tzid = zone.value("TZID").map(ContentLine.text), zones[tzid] == nil {
                zones[tzid] = zone
            }
        }
        return zones
    }

    package mutating func read(_ line: ContentLine) throws(ICalendarSyntaxError) {
        switch line.name {
        case "BEGIN":
            let name = line.value.uppercased()
            // An event outside any calendar (between two `VCALENDAR`s of one file) counts too.
            if (path == ["VCALENDAR"] || path.isEmpty) && name == "VEVENT" {
                events.append(([], line.line))
            } else if path == ["VCALENDAR"] && name == "VTIMEZONE" {
                timeZones.append(TimeZone(line: line.line))
            } else if path == ["VCALENDAR", "VTIMEZONE"], name == "STANDARD" || name == "DAYLIGHT" {
                timeZones[timeZones.count - 1].observances.append((name, [], line.line))
            }
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
            switch path {
            case ["VCALENDAR", "VEVENT"], ["VEVENT"]:
                events[events.count - 1].properties.append(line)
            case ["VCALENDAR"]:
                properties.append(line)
            case ["VCALENDAR", "VTIMEZONE"]:
                timeZones[timeZones.count - 1].properties.append(line)
            case ["VCALENDAR", "VTIMEZONE", "STANDARD"], ["VCALENDAR", "VTIMEZONE", "DAYLIGHT"]:
                let zone = timeZones.count - 1
                timeZones[zone].observances[timeZones[zone].observances.count - 1].properties
                    .append(line)
            default:
                break
            }
        }
    }

    /// The components still open at the end of the file, innermost last; an event among them
    /// is dropped.
    package mutating func finish() -> [(name: String, line: Int)] {
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
