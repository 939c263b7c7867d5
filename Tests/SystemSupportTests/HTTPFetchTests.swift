import Foundation
import NightstandTesting
import Testing

@testable import SystemSupport

/// Downloads through curl against a server on 127.0.0.1 and from files: bodies, statuses, the
/// hard deadline, and curl's failures in words.
@Suite("HTTPFetch", .serialized)
struct HTTPFetchTests {
    @Test("a 200 answer gives its body")
    func body() async throws {
        let server = try LocalHTTPServer(response: LocalHTTPServer.response(body: #"{"a": 1}"#))
        defer { server.close() }
        let data = try await HTTPFetch.data(from: server.url("/x"), timeout: 5)
        #expect(String(decoding: data, as: UTF8.self) == #"{"a": 1}"#)
    }

    @Test("another status is an error naming it")
    func status() async throws {
        let server = try LocalHTTPServer(
            response: LocalHTTPServer.response(status: "404 Not Found", body: "no"))
        defer { server.close() }
        await #expect(throws: FetchError.status(host: "127.0.0.1", code: 404)) {
            try await HTTPFetch.data(from: server.url(), timeout: 5)
        }
    }

    @Test("credentials reach the server as headers (basic, bearer, a key header), waiting or not")
    func credentials() async throws {
        let server = try LocalHTTPServer(response: LocalHTTPServer.response(body: "ok"))
        defer { server.close() }
        let cases: [(HTTPCredentials, String)] = [
            (.basic(user: "pi", password: "se\"cret"), "Authorization: Basic cGk6c2UiY3JldA=="),
            (.bearer(token: "t0ken"), "Authorization: Bearer t0ken"),
            (.header(name: "x-api-key", value: "k3y"), "x-api-key: k3y"),
        ]
        for (credentials, header) in cases {
            let request = HTTPRequest(url: server.url("/c"), credentials: credentials)
            let answer = try await HTTPFetch.send(request, timeout: 5)
            #expect(answer.status == 200)
            #expect(server.requests.last?.contains(header + "\r\n") == true, "\(header)")
            let waited = try HTTPFetch.sendWaiting(request, timeout: 5)
            #expect(waited.body == Data("ok".utf8))
            #expect(server.requests.last?.contains(header + "\r\n") == true, "\(header)")
        }
    }

    @Test("a server that never answers times out")
    func timeout() async throws {
        let server = try LocalHTTPServer(response: nil)
        defer { server.close() }
        await #expect(throws: FetchError.timedOut(host: "127.0.0.1", seconds: 0.3)) {
            try await HTTPFetch.data(from: server.url(), timeout: 0.3)
        }
    }

    @Test("a file: URL gives the file's bytes")
    func file() async throws {
        let path = "/tmp/nightstand-fetch-\(getpid()).json"
        try Data(#"{"b": 2}"#.utf8).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        let data = try await HTTPFetch.data(from: URL(fileURLWithPath: path), timeout: 5)
        #expect(String(decoding: data, as: UTF8.self) == #"{"b": 2}"#)
    }

    @Test("curl's own failures read as reasons; a missing curl says what to install")
    func curlFailures() {
        let unresolved = ProgramOutput(
            standardOutput: Array("\n000".utf8),
            standardError: Array("curl: (6) Could not resolve host: example.invalid\n".utf8),
            ending: .exited(6))
        #expect(
            HTTPFetch.result(of: .success(unresolved), host: "example.invalid", timeout: 5)
                == .failure(
                    .transport(
                        host: "example.invalid", reason: "Could not resolve host: example.invalid"))
        )
        let slow = ProgramOutput(standardOutput: [], standardError: [], ending: .exited(28))
        #expect(
            HTTPFetch.result(of: .success(slow), host: "h", timeout: 5)
                == .failure(.timedOut(host: "h", seconds: 5)))
        #expect(
            HTTPFetch.result(of: .failure(.notFound(program: "curl")), host: "h", timeout: 5)
                == .failure(
                    .transport(host: "h", reason: "needs the curl program (apt install curl)")))
    }

    @Test("messages say which host and what was expected")
    func messages() {
        #expect(
            FetchError.timedOut(host: "api.open-meteo.com", seconds: 8).description
                == "api.open-meteo.com did not answer within 8 s")
        #expect(
            FetchError.status(host: "h", code: 503).description
                == "h answered HTTP 503; expected 200")
    }
}
