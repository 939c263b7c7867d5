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
