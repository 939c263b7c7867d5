import FoundationEssentials

/// One HTTP response: a status, header fields, a body.
///
/// Every response closes its connection (`Connection: close`), carries `Cache-Control:
/// no-store` (the frame and the state change) and `Referrer-Policy: no-referrer` (the page's
/// address may hold its token); errors are JSON objects, `{"error": "…"}`.
struct HTTPResponse: Equatable, Sendable {
    /// The status code.
    var status: Int
    /// The header fields besides the ones every response has.
    var headers: [(name: String, value: String)]
    /// The body.
    var body: [UInt8]

    init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON body with status 200, or another.
    static func json(bytes body: [UInt8], status: Int = 200) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: [("Content-Type", "application/json")], body: body)
    }

    /// A JSON object from an encodable value.
    static func json(_ value: some Encodable, status: Int = 200) -> HTTPResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings, numbers and Booleans always encode.
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return json(bytes: Array(data), status: status)
    }

    /// An error: `{"error": message}` with its status.
    static func error(_ status: Int, _ message: String) -> HTTPResponse {
        json(["error": message], status: status)
    }

    /// The response as bytes on the wire.
    var bytes: [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body.count)\r\n"
        head += "Cache-Control: no-store\r\nReferrer-Policy: no-referrer\r\n"
        head += "X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + body
    }

    /// The head that starts a server-sent event stream (no length: it lasts).
    static let eventStreamHead = Array(
        ("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n"
            + "X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n").utf8)

    /// The reason phrase of the statuses the server sends.
    static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }

    static func == (a: HTTPResponse, b: HTTPResponse) -> Bool {
        a.status == b.status && a.body == b.body && a.headers.map(\.name) == b.headers.map(\.name)
            && a.headers.map(\.value) == b.headers.map(\.value)
    }
}
