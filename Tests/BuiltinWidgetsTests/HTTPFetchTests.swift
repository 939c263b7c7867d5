import Foundation
import Testing

@testable import BuiltinWidgets

/// Downloads through URLSession against a server on 127.0.0.1: bodies, statuses, and the
/// hard deadline.
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
