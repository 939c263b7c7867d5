import SystemSupport

/// One HTTP/1.1 request as the server read it: bounded, checked, nothing left to interpret.
struct HTTPRequest: Equatable, Sendable {
    /// The method: `GET`, `POST`.
    var method: String
    /// The path, without the query: `/api/status`.
    var path: String
    /// The query's parameters, percent-decoded, in order.
    var query: [(name: String, value: String)]
    /// The header fields, names lower-cased, in order.
    var headers: [(name: String, value: String)]
    /// The body (empty without `Content-Length`).
    var body: [UInt8]

    /// The first value of a header field (`name` lower case).
    func header(_ name: String) -> String? {
        headers.first { $0.name == name }?.value
    }

    /// The first value of a query parameter.
    func parameter(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    static func == (a: HTTPRequest, b: HTTPRequest) -> Bool {
        a.method == b.method && a.path == b.path && a.body == b.body
            && a.query.map(\.name) == b.query.map(\.name)
            && a.query.map(\.value) == b.query.map(\.value)
            && a.headers.map(\.name) == b.headers.map(\.name)
            && a.headers.map(\.value) == b.headers.map(\.value)
    }
}

/// Reads a request from the bytes a connection received so far, within fixed limits.
///
/// Request line and header fields are at most ``headLimit`` bytes, 64 fields at most; a body
/// needs `Content-Length` and is at most ``bodyLimit`` bytes. Lines end with CRLF (a bare LF
/// is accepted, as RFC 9112 allows). Anything else is refused with the status and message
/// the client gets.
enum HTTPRequestParser {
    /// The most bytes of request line and header fields.
    static let headLimit = 8192
    /// The most bytes of body.
    static let bodyLimit = 1024
    /// The most a whole request can be: the head, its blank line (`\r\n\r\n` after the last
    /// field's line break) and the body.
    static let requestLimit = headLimit + 4 + bodyLimit
    /// The most header fields.
    static let fieldLimit = 64

    /// What the bytes so far amount to.
    enum Outcome: Equatable {
        /// Not a whole request yet: read more.
        case incomplete
        /// A request.
        case request(HTTPRequest)
        /// Not a request the server takes: the status to answer with, and why.
        case refused(status: Int, message: String)
    }

    /// Parses `bytes`, everything the connection has received.
    static func parse(_ bytes: [UInt8]) -> Outcome {
        guard let headEnd = endOfHead(bytes) else {
            return bytes.count > headLimit
                ? .refused(status: 431, message: "the request head is over \(headLimit) bytes")
                : .incomplete
        }
        guard headEnd.start <= headLimit else {
            return .refused(status: 431, message: "the request head is over \(headLimit) bytes")
        }
        var lines = split(bytes[..<headEnd.start])
        guard !lines.isEmpty else { return .refused(status: 400, message: "no request line") }
        let requestLine = lines.removeFirst()
        guard case .success(let (method, target)) = parseRequestLine(requestLine) else {
            return .refused(
                status: 400, message: "expected a request line such as \"GET / HTTP/1.1\"")
        }
        guard lines.count <= fieldLimit else {
            return .refused(status: 431, message: "more than \(fieldLimit) header fields")
        }
        var headers: [(name: String, value: String)] = []
        for line in lines {
            guard let field = parseField(line) else {
                return .refused(status: 400, message: "a malformed header field")
            }
            headers.append(field)
        }
        if headers.contains(where: { $0.name == "transfer-encoding" }) {
            return .refused(
                status: 501, message: "chunked request bodies are not accepted; send Content-Length"
            )
        }
        let lengths = Set(headers.filter { $0.name == "content-length" }.map(\.value))
        var length = 0
        if let text = lengths.first {
            guard lengths.count == 1, text.utf8.count <= 7, text.utf8.allSatisfy(isDigit),
                let value = Int(text)
            else { return .refused(status: 400, message: "a malformed Content-Length") }
            guard value <= bodyLimit else {
                return .refused(status: 413, message: "the body is over \(bodyLimit) bytes")
            }
            length = value
        }
        let bodyStart = headEnd.end
        guard bytes.count - bodyStart >= length else { return .incomplete }
        let (path, query) = splitTarget(target)
        return .request(
            HTTPRequest(
                method: method, path: path, query: query, headers: headers,
                body: Array(bytes[bodyStart..<bodyStart + length])))
    }

    // MARK: Pieces

    /// Where the head ends: the blank line's start and the body's start.
    private static func endOfHead(_ bytes: [UInt8]) -> (start: Int, end: Int)? {
        var index = 0
        let lf = UInt8(ascii: "\n")
        while let newline = bytes[index...].firstIndex(of: lf) {
            let next = newline + 1
            if next < bytes.count, bytes[next] == lf { return (newline, next + 1) }
            if next + 1 < bytes.count, bytes[next] == UInt8(ascii: "\r"), bytes[next + 1] == lf {
                return (newline, next + 2)
            }
            index = next
            if index >= bytes.count { break }
        }
        return nil
    }

    /// The head's lines, without their CR.
    private static func split(_ head: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        head.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            line.last == UInt8(ascii: "\r") ? line.dropLast() : line
        }
    }

    private static func parseRequestLine(_ line: ArraySlice<UInt8>) -> Result<
        (String, String), HTTPParseError
    > {
        let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(isUpperLetter),
            parts[1].first == UInt8(ascii: "/"), parts[1].allSatisfy(isVisible),
            ["HTTP/1.1", "HTTP/1.0"].contains(String(decoding: parts[2], as: UTF8.self))
        else { return .failure(HTTPParseError()) }
        return .success(
            (String(decoding: parts[0], as: UTF8.self), String(decoding: parts[1], as: UTF8.self)))
    }

    private static func parseField(_ line: ArraySlice<UInt8>) -> (name: String, value: String)? {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex else {
            return nil
        }
        let name = line[..<colon]
        let value = line[(colon + 1)...]
        guard name.allSatisfy(isTokenCharacter),
            value.allSatisfy({ $0 == 0x09 || $0 >= 0x20 && $0 != 0x7F })
        else { return nil }
        return (
            String(decoding: name, as: UTF8.self).lowercased(),
            String(decoding: value, as: UTF8.self).trimming { $0 == " " || $0 == "\t" }
        )
    }

    /// The path and the decoded query parameters of a request target.
    private static func splitTarget(_ target: String) -> (String, [(name: String, value: String)]) {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0])
        guard parts.count == 2 else { return (path, []) }
        let query = parts[1].split(separator: "&").map { pair in
            let halves = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (
                name: percentDecoded(halves[0]),
                value: halves.count == 2 ? percentDecoded(halves[1]) : ""
            )
        }
        return (path, query)
    }

    /// A query part with its `%` escapes decoded: `a%20b+c%2B` → `a b+c+`.
    ///
    /// A malformed escape stays as it is. A `+` stays a plus (RFC 3986): it means a space
    /// only in a form's encoding, which nothing here reads, and a base64 token (`…+…/…=`)
    /// pasted into `?access_token=` must arrive as written.
    static func percentDecoded(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var input = Array(text.utf8)[...]
        while let byte = input.popFirst() {
            if byte == UInt8(ascii: "%"), input.count >= 2,
                let value = UInt8(String(decoding: input.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                input = input.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
    private static func isUpperLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) }
    private static func isVisible(_ byte: UInt8) -> Bool { (0x21...0x7E).contains(byte) }

    /// RFC 9110's `tchar`.
    private static func isTokenCharacter(_ byte: UInt8) -> Bool {
        isVisible(byte) && !"\"(),/:;<=>?@[\\]{}".utf8.contains(byte)
    }
}

/// A request line that is not one.
private struct HTTPParseError: Error {}
