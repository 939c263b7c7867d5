import FoundationEssentials
import SystemSupport

/// A calendar at a URL: an iCalendar file, or a CalDAV collection (Nextcloud, iCloud,
/// Fastmail, Radicale), told apart by the server's answer to a `PROPFIND`; with HTTP basic or
/// bearer authentication.
///
/// A collection is read with a `REPORT calendar-query` for the days the widget shows (and a
/// month more), not whole; its sync-token (or `getctag`) is kept beside the cache, so an
/// unchanged calendar costs one small `PROPFIND`. A file is fetched with the `ETag` of the
/// last copy (`If-None-Match`), so an unchanged one costs an empty `304`.
package struct CalendarRemote: Sendable {
    /// What a fetch found.
    package enum Fetched: Equatable, Sendable {
        /// The calendar is as the cache holds it.
        case unchanged
        /// The calendar's text, and the state to keep for the next fetch.
        case calendar(Data, RemoteState)
    }

    package let url: URL
    package let credentials: HTTPCredentials?
    package let timeout: TimeInterval
    package let send: HTTPFetch.Send

    package init(
        url: URL, credentials: HTTPCredentials?, timeout: TimeInterval,
        send: @escaping HTTPFetch.Send
    ) {
        self.url = url
        self.credentials = credentials
        self.timeout = timeout
        self.send = send
    }

    /// The URL as messages name it: scheme and host, not the path, which may hold a token.
    private var name: String { CalendarSources.name(url) }

    /// Fetches the calendar for the days `start`..<`end`, given what the last fetch kept
    /// (`state`, nil without a cache).
    package func fetch(from start: Date, to end: Date, state: RemoteState?) async throws
        -> Fetched
    {
        if let state, state.kind == .file {
            return try await file(etag: state.tag)
        }
        let found = try await request("PROPFIND", headers: ["Depth: 0"], body: CalDAV.propfind)
        let text = String(decoding: found.body, as: UTF8.self)
        if found.status == 207, !CalDAV.isCalendar(text) {
            // A file on a WebDAV server (an .ics among others), or a folder that is no calendar.
            guard !CalDAV.isCollection(text) else {
                throw problem(
                    "is a WebDAV folder but not a calendar; expected the URL of a calendar")
            }
            return try await file(etag: nil)
        }
        if found.status == 207 {
            let tag = CalDAV.state(text)
            if let state, state.kind == .collection, tag != nil, state.tag == tag,
                state.through >= end
            {
                return .unchanged
            }
            return try await collection(from: start, to: end, tag: tag)
        }
        try check(found)
        if found.status != 304, found.isSuccess, Self.isCalendar(found.body) {
            // A server that answers every method as a GET.
            return .calendar(found.body, RemoteState(kind: .file, tag: found.etag, through: end))
        }
        return try await file(etag: nil)
    }

    /// A `GET` of an iCalendar file, with the last copy's `ETag`.
    private func file(etag: String?) async throws -> Fetched {
        let answer = try await request(
            "GET", headers: etag.map { ["If-None-Match: \($0)"] } ?? [], body: nil)
        if answer.status == 304 { return .unchanged }
        try check(answer)
        guard Self.isCalendar(answer.body) else {
            throw problem(
                "answered something else than a calendar; expected an iCalendar file "
                    + "(BEGIN:VCALENDAR) or a CalDAV calendar")
        }
        return .calendar(
            answer.body, RemoteState(kind: .file, tag: answer.etag, through: .distantFuture))
    }

    /// The events of a collection in the days asked for (and 31 more, so that the next days'
    /// windows need no new query while it is unchanged), as one text of its resources'
    /// calendars.
    private func collection(from start: Date, to end: Date, tag: String?) async throws
        -> Fetched
    {
        let through = end.addingTimeInterval(31 * 86_400)
        let answer = try await request(
            "REPORT", headers: ["Depth: 1", "Content-Type: application/xml; charset=utf-8"],
            body: CalDAV.calendarQuery(from: start, to: through))
        try check(answer)
        guard answer.status == 207 else {
            throw problem("answered HTTP \(answer.status) to a calendar-query; expected 207")
        }
        let calendars = CalDAV.calendarData(String(decoding: answer.body, as: UTF8.self))
        // One text with each resource's VCALENDAR in turn, which the reader takes whole.
        let text =
            calendars.isEmpty
            ? "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n"
            : calendars.joined(separator: "\r\n")
        return .calendar(
            Data(text.utf8), RemoteState(kind: .collection, tag: tag, through: through))
    }

    private func request(_ method: String, headers: [String], body: String?) async throws
        -> HTTPResponse
    {
        try await send(
            HTTPRequest(
                url: url, method: method, headers: headers, body: body, credentials: credentials),
            timeout)
    }

    /// Refuses an answer that is a login page or a refusal, or another failure.
    private func check(_ answer: HTTPResponse) throws {
        if answer.status == 401 || answer.status == 403 {
            throw problem(
                "refused the user name or password (HTTP \(answer.status)): check username and "
                    + "password_file")
        }
        // An error page (nginx's 405 to a PROPFIND is HTML too) is no login page.
        if answer.isSuccess, Self.isLoginPage(answer) {
            throw problem("answered a login page, not a calendar: check the URL or the password")
        }
        guard
            answer.isSuccess || answer.status == 207 || answer.status == 304
                || answer.status == 405 || answer.status == 501
        else {
            throw FetchError.status(host: url.host ?? url.absoluteString, code: answer.status)
        }
    }

    private func problem(_ message: String) -> RemoteProblem {
        RemoteProblem(description: "\(name) \(message)")
    }

    /// An HTML page: what a server that wants a login sends (or redirects to) instead.
    static func isLoginPage(_ answer: HTTPResponse) -> Bool {
        if answer.contentType.lowercased().contains("html") { return true }
        let start = String(decoding: answer.body.prefix(256), as: UTF8.self)
            .trimmingWhitespace().lowercased()
        return start.hasPrefix("<!doctype html") || start.hasPrefix("<html")
    }

    /// Whether a body is an iCalendar text (its first line `BEGIN:VCALENDAR`).
    static func isCalendar(_ body: Data) -> Bool {
        let start = String(decoding: body.prefix(64), as: UTF8.self)
        let trimmed = start.hasPrefix("\u{FEFF}") ? String(start.dropFirst()) : start
        return trimmed.trimmingWhitespace().uppercased().hasPrefix("BEGIN:VCALENDAR")
    }
}

/// Why a calendar URL gave no calendar, in words that name it by scheme and host:
/// `https://cloud.example.com/… answered a login page, not a calendar: check the URL or the
/// password`.
package struct RemoteProblem: Error, Equatable, CustomStringConvertible {
    package let description: String
}

/// What the last fetch of a calendar URL kept beside its cache (`<cache>.state`), to tell
/// whether the calendar changed.
package struct RemoteState: Equatable, Sendable {
    package enum Kind: String, Sendable {
        case file, collection
    }

    package var kind: Kind
    /// The file's `ETag`, or the collection's sync-token or `getctag`.
    package var tag: String?
    /// How far ahead the cached events reach (a file: all of them).
    package var through: Date

    package init(kind: Kind, tag: String?, through: Date) {
        self.kind = kind
        self.tag = tag
        self.through = through
    }

    /// Three lines: the kind, the seconds since 1970 it reaches through, the tag.
    package var text: String {
        "\(kind.rawValue)\n\(Int(min(through.timeIntervalSince1970, 1e15)))\n\(tag ?? "")\n"
    }

    /// The state in `text`; nil for anything else.
    package init?(text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 3, let kind = Kind(rawValue: String(lines[0])),
            let seconds = Double(lines[1])
        else { return nil }
        self.init(
            kind: kind, tag: lines[2].isEmpty ? nil : String(lines[2]),
            through: Date(timeIntervalSince1970: seconds))
    }
}
