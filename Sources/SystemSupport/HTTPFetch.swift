import FoundationEssentials
import Glibc

/// Fetches the body of a URL (HTTP, HTTPS, or `file:`) with a hard deadline, through `curl`.
///
/// `curl` runs as a program of its own (``SystemSupport/Program``), so the host never loads a
/// TLS stack: it costs its memory only while it runs. It must be installed (Debian's `curl`
/// package; `scripts/deps` installs it). Cancelling the calling task stops the transfer.
package enum HTTPFetch {
    /// A way to download a URL within a timeout: ``data(from:timeout:)``, or a test's stand-in.
    package typealias Download = @Sendable (URL, TimeInterval) async throws -> Data
    /// A way to send a request within a timeout: ``send(_:timeout:)``, or a test's stand-in.
    package typealias Send = @Sendable (HTTPRequest, TimeInterval) async throws -> HTTPResponse

    /// The most bytes of a body: 8 MiB.
    package static let bodyLimit = 8 << 20

    /// The response body of a `GET` of `url`; throws ``FetchError`` on any failure, including a
    /// status other than 2xx.
    package static func data(from url: URL, timeout: TimeInterval) async throws -> Data {
        let response = try await send(HTTPRequest(url: url), timeout: timeout)
        guard response.isSuccess else {
            throw FetchError.status(host: url.host ?? url.absoluteString, code: response.status)
        }
        return response.body
    }

    /// Sends `request` and returns the answer, whatever its status.
    ///
    /// Throws ``FetchError`` when there is none (no connection, the deadline, curl's own
    /// failures). Redirects are followed.
    package static func send(_ request: HTTPRequest, timeout: TimeInterval) async throws
        -> HTTPResponse
    {
        let curl = try Curl(request, timeout: timeout)
        defer { curl.removeSecrets() }
        // curl keeps the exact deadline; this one, a second later, catches a curl that hangs.
        let run = await Program.run(
            curl.arguments, timeout: timeout + 1, outputLimit: bodyLimit + 512)
        return try result(of: run, host: curl.host, timeout: timeout).get()
    }

    /// ``send(_:timeout:)`` for a thread of its own that may wait (the photos view's): blocks
    /// the calling thread until the answer or the deadline.
    package static func sendWaiting(_ request: HTTPRequest, timeout: TimeInterval) throws
        -> HTTPResponse
    {
        let curl = try Curl(request, timeout: timeout)
        defer { curl.removeSecrets() }
        let run = Program.run(curl.arguments, timeout: timeout + 1, outputLimit: bodyLimit + 512)
        return try result(of: run, host: curl.host, timeout: timeout).get()
    }

    /// curl's command line for a request, and the file of its credentials, if any.
    private struct Curl {
        let host: String
        var arguments: [String]
        var secrets: String?

        init(_ request: HTTPRequest, timeout: TimeInterval) throws(FetchError) {
            let url = request.url
            host = url.host ?? url.absoluteString
            arguments = [
                "curl", "--silent", "--show-error", "--location", "--globoff",
                "--max-time", timeout.fixed(3), "--max-filesize", "\(bodyLimit)",
                "--user-agent", "nightstand", "--write-out",
                "\n%{http_code}\n%header{etag}\n%{content_type}",
                "--request", request.method,
            ]
            arguments += request.headers.flatMap { ["--header", $0] }
            if let body = request.body { arguments += ["--data-binary", body] }
            if let credentials = request.credentials {
                guard let path = credentials.curlConfig() else {
                    throw FetchError.transport(
                        host: host, reason: "could not write the credentials for curl")
                }
                secrets = path
                arguments += ["--config", path]
            }
            arguments += ["--", url.absoluteString]
        }

        func removeSecrets() {
            if let secrets { unlink(secrets) }
        }
    }

    /// The answer, or why there is none, from curl's run.
    package static func result(
        of run: Result<ProgramOutput, ProgramFailure>, host: String, timeout: TimeInterval
    ) -> Result<HTTPResponse, FetchError> {
        let output: ProgramOutput
        switch run {
        case .success(let finished): output = finished
        case .failure(.timedOut): return .failure(.timedOut(host: host, seconds: timeout))
        case .failure(.notFound):
            return .failure(
                .transport(host: host, reason: "needs the curl program (apt install curl)"))
        case .failure(.outputTooLong):
            return .failure(
                .transport(host: host, reason: "sent more than \(bodyLimit >> 20) MiB"))
        case .failure(let failure):
            return .failure(.transport(host: host, reason: "curl \(failure)"))
        }
        switch output.ending {
        case .exited(0): break
        case .exited(28): return .failure(.timedOut(host: host, seconds: timeout))
        case .exited, .signalled:
            // "curl: (6) Could not resolve host: example.invalid" → "Could not resolve host: …"
            var reason = Substring(output.errorLine)
            if reason.hasPrefix("curl: ("), let close = reason.firstIndex(of: ")") {
                reason = reason[reason.index(after: close)...].drop { $0 == " " }
            }
            return .failure(
                .transport(host: host, reason: reason.isEmpty ? "curl failed" : String(reason)))
        }
        // The body, then the three lines `--write-out` adds: status, ETag, content type.
        var body = output.standardOutput[...]
        var trailer: [String] = []
        for _ in 0..<3 {
            guard let newline = body.lastIndex(of: UInt8(ascii: "\n")) else { break }
            trailer.insert(String(decoding: body[(newline + 1)...], as: UTF8.self), at: 0)
            body = body[..<newline]
        }
        guard trailer.count == 3, let code = Int(trailer[0]) else {
            return .failure(.transport(host: host, reason: "curl gave no status"))
        }
        return .success(
            HTTPResponse(
                status: code, contentType: trailer[2], etag: trailer[1].isEmpty ? nil : trailer[1],
                body: Data(body)))
    }
}

/// Why fetching a URL failed, in words for the widget and the log.
package enum FetchError: Error, Equatable, CustomStringConvertible {
    /// No answer within the timeout.
    case timedOut(host: String, seconds: TimeInterval)
    /// An HTTP status other than 2xx.
    case status(host: String, code: Int)
    /// No connection, a DNS failure, a TLS error, …
    case transport(host: String, reason: String)

    package var description: String {
        switch self {
        case .timedOut(let host, let seconds):
            "\(host) did not answer within \(DurationWords.seconds(seconds))"
        case .status(let host, let code):
            "\(host) answered HTTP \(code); expected 200"
        case .transport(let host, let reason):
            "could not reach \(host): \(reason)"
        }
    }
}
