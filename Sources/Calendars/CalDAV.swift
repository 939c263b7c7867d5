import FoundationEssentials
import SystemSupport

/// The WebDAV and CalDAV words the calendar speaks (RFC 4918, RFC 4791, RFC 6578): the
/// requests' bodies, and what is read of a `207 Multi-Status` answer, by scanning for
/// elements whatever their namespace prefix.
package enum CalDAV {
    /// `PROPFIND` (depth 0): whether the URL is a calendar collection, and its sync-token and
    /// `getctag`, which change with any event in it.
    package static let propfind = """
        <?xml version="1.0" encoding="utf-8"?>
        <d:propfind xmlns:d="DAV:" xmlns:cs="http://calendarserver.org/ns/">\
        <d:prop><d:resourcetype/><d:sync-token/><cs:getctag/></d:prop></d:propfind>
        """

    /// `REPORT calendar-query` (depth 1): the events that overlap `start`..<`end`, each with
    /// its `ETag` and data (RFC 4791, 7.8).
    package static func calendarQuery(from start: Date, to end: Date) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">\
        <d:prop><d:getetag/><c:calendar-data/></d:prop><c:filter>\
        <c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT">\
        <c:time-range start="\(utc(start))" end="\(utc(end))"/>\
        </c:comp-filter></c:comp-filter></c:filter></c:calendar-query>
        """
    }

    /// `20260301T000000Z`.
    static func utc(_ date: Date) -> String {
        let (day, time) = EventZone.utc.wallClock(date)
        return "\(day.year.padded(to: 4))\(day.month.padded(to: 2))\(day.day.padded(to: 2))T"
            + "\(time.hour.padded(to: 2))\(time.minute.padded(to: 2))\(time.second.padded(to: 2))Z"
    }

    /// Whether a `PROPFIND` answer's `resourcetype` says calendar (`<C:calendar/>`).
    package static func isCalendar(_ multistatus: String) -> Bool {
        guard let types = elements("resourcetype", in: multistatus).first else { return false }
        return types.contains(":calendar") || types.contains("<calendar")
    }

    /// Whether a `PROPFIND` answer's `resourcetype` says collection (a folder).
    package static func isCollection(_ multistatus: String) -> Bool {
        guard let types = elements("resourcetype", in: multistatus).first else { return false }
        return types.contains(":collection") || types.contains("<collection")
    }

    /// The collection's state: its sync-token, else its `getctag`; nil with neither.
    package static func state(_ multistatus: String) -> String? {
        (elements("sync-token", in: multistatus) + elements("getctag", in: multistatus)).first {
            !$0.isEmpty
        }
    }

    /// Each `calendar-data` of a `REPORT` answer, its XML escapes undone.
    package static func calendarData(_ multistatus: String) -> [String] {
        elements("calendar-data", in: multistatus).map(unescape)
    }

    /// The contents of every element called `name` (with any prefix), in order.
    static func elements(_ name: String, in text: String) -> [String] {
        var found: [String] = []
        var rest = text[...]
        while let open = rest.firstRange(of: name) {
            // An opening tag: `<name` or `<prefix:name`, then `>` or attributes; not `</…`.
            let before = rest[..<open.lowerBound]
            guard let angle = before.lastIndex(of: "<"),
                before[before.index(after: angle)...].allSatisfy({ $0 != ">" && $0 != "/" }),
                before[before.index(after: angle)...].allSatisfy({ !$0.isWhitespace }),
                let end = rest[open.upperBound...].firstIndex(of: ">")
            else {
                rest = rest[open.upperBound...]
                continue
            }
            let tag = rest[open.upperBound..<end]
            guard tag.isEmpty || tag.first == " " || tag == "/" || tag.last == "/" else {
                rest = rest[open.upperBound...]
                continue
            }
            if tag.last == "/" {
                found.append("")
                rest = rest[rest.index(after: end)...]
                continue
            }
            let prefix = before[before.index(after: angle)...]
            let body = rest[rest.index(after: end)...]
            guard let close = body.firstRange(of: "</\(prefix)\(name)>") else { break }
            found.append(String(body[..<close.lowerBound]))
            rest = body[close.upperBound...]
        }
        return found
    }

    /// Text with XML's escapes undone (`&lt;`, `&amp;`, `&#13;`, …) and `CDATA` sections
    /// opened.
    static func unescape(_ text: String) -> String {
        var text = text.trimmingWhitespace()
        if text.hasPrefix("<![CDATA["), text.hasSuffix("]]>") {
            return String(text.dropFirst(9).dropLast(3))
        }
        guard text.contains("&") else { return text }
        for (entity, character) in [
            ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&#13;", "\r"),
            ("&#xD;", "\r"), ("&#xd;", "\r"), ("&#10;", "\n"), ("&#xA;", "\n"),
        ] {
            text = text.replacing(entity, with: character)
        }
        return text.replacing("&amp;", with: "&")
    }
}
