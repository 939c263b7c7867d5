import FoundationEssentials
import Glibc

/// One HTTP request for ``HTTPFetch/send(_:timeout:)``: a method, headers, a body, and who
/// asks.
package struct HTTPRequest: Sendable, Equatable {
    package var url: URL
    /// `GET`, or WebDAV's `PROPFIND` and `REPORT`.
    package var method = "GET"
    /// Header lines: `Depth: 1`.
    package var headers: [String] = []
    package var body: String?
    package var credentials: HTTPCredentials?

    package init(
        url: URL, method: String = "GET", headers: [String] = [], body: String? = nil,
        credentials: HTTPCredentials? = nil
    ) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.credentials = credentials
    }
}

/// Who asks: HTTP basic authentication, a bearer token, or a key in a header of its own
/// (Immich's `x-api-key`).
///
/// Handed to curl in a file only the user can read (``HTTPCredentials/curlConfig()``),
/// removed after the request, never on its command line, which every user may read in
/// `/proc`.
package enum HTTPCredentials: Sendable, Equatable {
    case basic(user: String, password: String)
    case bearer(token: String)
    /// A header that carries a key: `header(name: "x-api-key", value: key)`.
    case header(name: String, value: String)

    /// curl's configuration lines for these credentials (`user = "name:password"`).
    package var curlLines: String {
        switch self {
        case .basic(let user, let password): "user = \(Self.quoted(user + ":" + password))\n"
        case .bearer(let token): "header = \(Self.quoted("Authorization: Bearer " + token))\n"
        case .header(let name, let value): "header = \(Self.quoted(name + ": " + value))\n"
        }
    }

    /// A value in double quotes as curl's configuration reads it: `\` and `"` escaped, line
    /// breaks (which a secret file's first line never has) left out.
    private static func quoted(_ value: String) -> String {
        var result = "\""
        for character in value where character != "\n" && character != "\r" {
            if character == "\\" || character == "\"" { result.append("\\") }
            result.append(character)
        }
        return result + "\""
    }

    /// Writes ``curlLines`` to a new file of mode 0600 under the temporary directory and
    /// returns its path (the caller removes it); nil when it can't be made.
    package func curlConfig() -> String? {
        let directory = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
        var template = Array((directory + "/nightstand-curl-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard descriptor >= 0 else { return nil }
        let path = String(
            decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let bytes = Array(curlLines.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == bytes.count else {
            unlink(path)
            return nil
        }
        return path
    }
}

/// What a server answered: its status, the type and `ETag` of the body, the body.
package struct HTTPResponse: Sendable, Equatable {
    /// The HTTP status; 0 for a URL without statuses (`file:`).
    package var status: Int
    /// `Content-Type`, as sent: `text/calendar; charset=utf-8`.
    package var contentType: String
    /// The `ETag`, if the server sent one.
    package var etag: String?
    package var body: Data

    package init(status: Int, contentType: String = "", etag: String? = nil, body: Data) {
        self.status = status
        self.contentType = contentType
        self.etag = etag
        self.body = body
    }

    /// A 2xx status, or none (`file:`).
    package var isSuccess: Bool { status == 0 || (200..<300).contains(status) }
}
