import Foundation
import NightstandTesting
import Settings
import Synchronization
import SystemSupport
import Testing

@testable import Network

/// The HTTP server against a careless or hostile neighbour on the network: requests at the
/// read buffer's edge, many idle connections from one machine, a kernel out of descriptors,
/// a leaked page URL used by another site's form, a base64 token in the URL.
@Suite("HTTP server under hostile input")
struct HTTPHostileTests {
    @Test(
        "a request whose head and body fill the read buffer is answered at once, not read for ever")
    func fullBuffer() throws {
        let server = try HTTPServerTests.server(FakeHost())
        defer { server.stop() }
        let http = RawHTTP(port: server.address.port)
        // A head ending right at the head limit, then a body at the body limit: the whole
        // request must fit (before, its last bytes never did, and the thread spun on the
        // readable socket until the request timed out).
        let start = "POST /api/reload HTTP/1.1\r\nContent-Length: 1024\r\nX-Pad: "
        let pad = String(repeating: "a", count: HTTPRequestParser.headLimit - start.utf8.count - 1)
        let request = start + pad + "\r\n\r\n" + String(repeating: "b", count: 1024)
        let answer = try http.exchange(Array(request.utf8), seconds: 8)
        #expect(answer.status == 401, "\(answer.head)")
    }

    @Test("idle connections from one address hold at most 4 places; another address is served")
    func perClient() throws {
        let server = try HTTPServerTests.server(FakeHost())
        defer { server.stop() }
        let port = server.address.port
        // Sixteen connections from 127.0.0.1 that say nothing: the server's whole limit.
        let idle = try (0..<HTTPServer.connectionLimit).map { _ in
            try Self.connect(from: "127.0.0.1", to: port)
        }
        defer { idle.forEach { close($0) } }
        // The fifth and later were answered 503 and closed.
        let refused = idle.dropFirst(HTTPServer.connectionsPerClient).filter { fd in
            var byte: UInt8 = 0
            var timeout = timeval(tv_sec: 5, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            return recv(fd, &byte, 1, 0) == 1
        }
        #expect(refused.count == HTTPServer.connectionLimit - HTTPServer.connectionsPerClient)
        // Another machine (another loopback address) still gets its answer.
        let other = try Self.connect(from: "127.0.0.2", to: port)
        defer { close(other) }
        let head =
            "GET /api/status HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(HTTPServerTests.token)\r\n\r\n"
        _ = head.withCString { send(other, $0, strlen($0), 0) }
        let answer = try RawHTTP.parse(RawHTTP(port: port).readAll(other, seconds: 10))
        #expect(answer.status == 200)
    }

    @Test("accept failing with EMFILE rests the listener and logs once, instead of spinning")
    func outOfDescriptors() throws {
        let calls = Mutex(0)
        let recorder = LogRecorder()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "nightstand-token-" + UUID().uuidString)
        try (HTTPServerTests.token + "\n").write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        var settings = try HTTPSettings(
            section: table(
                "http", ["listen": .string("127.0.0.1:8080"), "token_file": .string(file.path)]))
        settings.listen.port = 0
        let server = try HTTPServer(
            settings: settings, host: FakeHost(), log: recorder.logger(label: "test"),
            heartbeat: HTTPServer.heartbeatInterval,
            accept: { _ in
                calls.withLock { $0 += 1 }
                errno = EMFILE
                return nil
            })
        defer { server.stop() }
        // A client waits in the listener's backlog: the listener stays readable.
        let waiting = try Self.connect(from: "127.0.0.1", to: server.address.port)
        defer { close(waiting) }
        Thread.sleep(forTimeInterval: 2.5)
        let tries = calls.withLock { $0 }
        #expect(tries >= 1 && tries <= 5, "accept was tried \(tries) times in 2.5 s")
        let lines = recorder.messages.filter { $0.contains("accept failed") }
        #expect(lines.count == 1, "\(lines)")
    }

    @Test("?access_token= opens the page only; a POST needs JSON and its own page's Origin")
    func crossSite() throws {
        let host = FakeHost()
        let server = try HTTPServerTests.server(host)
        defer { server.stop() }
        let http = RawHTTP(port: server.address.port)
        let token = HTTPServerTests.token
        func exchange(_ head: String, body: String = "") throws -> Int {
            let length = body.isEmpty ? "" : "Content-Length: \(body.utf8.count)\r\n"
            return try http.exchange(
                Array((head + length + "Host: 127.0.0.1\r\n\r\n" + body).utf8)
            ).status
        }
        #expect(try exchange("GET /?access_token=\(token) HTTP/1.1\r\n") == 200)
        #expect(try exchange("GET /api/status?access_token=\(token) HTTP/1.1\r\n") == 401)
        #expect(try exchange("GET /screen.png?access_token=\(token) HTTP/1.1\r\n") == 401)
        // The form another site would send, with a leaked URL's token: refused.
        #expect(
            try exchange(
                "POST /api/mode?access_token=\(token) HTTP/1.1\r\nContent-Type: text/plain\r\n",
                body: #"{"mode":"off"}"#) == 401)
        // With the token in the header, still not as a form, and not from another page.
        let bearer = "Authorization: Bearer \(token)\r\n"
        #expect(
            try exchange(
                "POST /api/mode HTTP/1.1\r\n\(bearer)Content-Type: text/plain\r\n",
                body: #"{"mode":"off"}"#) == 415)
        #expect(
            try exchange(
                "POST /api/mode HTTP/1.1\r\n\(bearer)Content-Type: application/json\r\n"
                    + "Origin: http://evil.example\r\n", body: #"{"mode":"off"}"#) == 403)
        #expect(host.recorded.modeRequests.isEmpty)
        // The page's own request: its Origin is the server it was loaded from.
        #expect(
            try exchange(
                "POST /api/mode HTTP/1.1\r\n\(bearer)Content-Type: application/json; charset=utf-8\r\n"
                    + "Origin: http://127.0.0.1\r\n", body: #"{"mode":"night"}"#) == 200)
        // A POST with nothing in it (curl -X POST …/api/reload) needs no type.
        #expect(try exchange("POST /api/reload HTTP/1.1\r\n\(bearer)") == 200)
        #expect(host.recorded.modeRequests == ["night"])
    }

    @Test("a base64 token opens the page as written or percent-encoded")
    func base64Token() throws {
        let token = "Ab+c/dEfGhIjKlMn+oP="
        let server = try HTTPServerTests.server(FakeHost(), token: token)
        defer { server.stop() }
        let http = RawHTTP(port: server.address.port)
        let raw = try http.request("GET", "/?access_token=\(token)", token: nil)
        #expect(raw.status == 200)
        let encoded = token.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        #expect(try http.request("GET", "/?access_token=\(encoded)", token: nil).status == 200)
        #expect(HTTPRequestParser.percentDecoded("a+b%2Bc%3D") == "a+b+c=")
    }

    /// A TCP connection to 127.0.0.1:`port` from the loopback address `source`.
    static func connect(from source: String, to port: Int) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        var remote = sockaddr_in()
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_port = in_port_t(UInt16(port).bigEndian)
        remote.sin_addr.s_addr = inet_addr("127.0.0.1")
        let size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, size) == 0 }
        }
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Foundation.connect(fd, $0, size) == 0
            }
        }
        guard bound, connected else {
            close(fd)
            throw BrokerError("can't connect from \(source): \(String(cString: strerror(errno)))")
        }
        return fd
    }
}
