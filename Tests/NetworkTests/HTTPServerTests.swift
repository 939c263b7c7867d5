import Foundation
import NightstandTesting
import Raster
import Settings
import Synchronization
import SystemSupport
import Testing

@testable import Network

/// The HTTP API on a real socket: round trips, the token, and every kind of bad request.
@Suite("HTTP server")
struct HTTPServerTests {
    static let token = "0123456789abcdef0123456789abcdef"

    /// A server for `host` on a port the kernel picks, with the test token.
    static func server(
        _ host: FakeHost, token: String = token, log: Logger = Logger(label: "test"),
        heartbeat: Duration = HTTPServer.heartbeatInterval
    ) throws -> HTTPServer {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "nightstand-token-" + UUID().uuidString)
        try (token + "\n").write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        var settings = try HTTPSettings(
            section: table(
                "http", ["listen": .string("127.0.0.1:8080"), "token_file": .string(file.path)]))
        settings.listen.port = 0
        return try HTTPServer(settings: settings, host: host, log: log, heartbeat: heartbeat)
    }

    /// A frame of four colored quarters, 64 × 48, as the panel would show it.
    static func frame(_ tint: UInt32 = 0) -> Bitmap? {
        let colors: [UInt32] = [0xFF_FF3B30, 0xFF_34C759, 0xFF_0A84FF, 0xFF_FFD60A].map {
            $0 ^ tint
        }
        let pixels = (0..<48).flatMap { y in
            (0..<64).map { x in colors[(y < 24 ? 0 : 2) + (x < 32 ? 0 : 1)] }
        }
        return Bitmap(width: 64, height: 48, premultipliedPixels: pixels)
    }

    @Test("status, mode, reload and view go to the host; the answers are JSON")
    func roundTrips() throws {
        let host = FakeHost()
        let server = try Self.server(host)
        defer { server.stop() }
        let http = RawHTTP(port: server.address.port)

        let status = try http.request("GET", "/api/status", token: Self.token)
        #expect(status.status == 200)
        #expect(status.header("Content-Type") == "application/json")
        #expect(status.body == host.statusJSON())

        let mode = try http.request(
            "POST", "/api/mode", token: Self.token, body: #"{"mode":"night"}"#)
        #expect(mode.status == 200)
        #expect(mode.text == #"{"mode":"night"}"#)
        #expect(host.recorded.modeRequests == ["night"])

        let reload = try http.request("POST", "/api/reload", token: Self.token)
        #expect(reload.status == 200)
        #expect(host.recorded.reloads == 1)

        let noViews = try http.request(
            "POST", "/api/view", token: Self.token, body: #"{"view":"clock"}"#)
        #expect(noViews.status == 404)
        host.update { $0.state.views = ["widgets", "clock"] }
        let view = try http.request(
            "POST", "/api/view", token: Self.token, body: #"{"view":"clock"}"#)
        #expect(view.status == 200)
        #expect(host.recorded.viewRequests == ["clock"])
        let next = try http.request(
            "POST", "/api/view", token: Self.token, body: #"{"view":"next"}"#)
        #expect(next.status == 200)
        let unknown = try http.request(
            "POST", "/api/view", token: Self.token, body: #"{"view":"kitchen"}"#)
        #expect(unknown.status == 400)
        #expect(unknown.text.contains("expected one of widgets, clock, next, previous"))
        #expect(host.recorded.viewRequests == ["clock", "next"])
    }

    @Test("a client that shuts its side after the request still gets the whole answer")
    func halfClosed() throws {
        let host = FakeHost()
        host.update { $0.frame = Self.frame() }
        let server = try Self.server(host)
        defer { server.stop() }
        let http = RawHTTP(port: server.address.port)
        let socket = try http.connect()
        defer { close(socket) }
        try http.send(
            Array("GET /screen.png HTTP/1.1\r\nAuthorization: Bearer \(Self.token)\r\n\r\n".utf8),
            to: socket)
        shutdown(socket, Int32(SHUT_WR))
        let answer = try RawHTTP.parse(http.readAll(socket, seconds: 20))
        #expect(answer.status == 200)
        let image = try PNGDecoder.decode(data: answer.body)
        #expect(image.size == PixelSize(width: 64, height: 48))
    }

    @Test("/screen.png is the frame the panel shows, pixel for pixel")
    func screen() throws {
        let host = FakeHost()
        let server = try Self.server(host)
        defer { server.stop() }
        let http = RawHTTP(port: server.address.port)
        let none = try http.request("GET", "/screen.png", token: Self.token)
        #expect(none.status == 503)

        let frame = try #require(Self.frame())
        host.update { $0.frame = frame }
        let answer = try http.request("GET", "/screen.png", token: Self.token)
        #expect(answer.status == 200)
        #expect(answer.header("Content-Type") == "image/png")
        let image = try PNGDecoder.decode(data: answer.body)
        #expect(image.size == frame.size)
        let differing = (0..<frame.height).flatMap { y in (0..<frame.width).map { (x: $0, y: y) } }
            .filter { image[$0.x, $0.y] != frame[$0.x, $0.y] }
        #expect(differing.isEmpty)
    }

    @Test("without the right token every path answers 401, and nothing reaches the host")
    func token() throws {
        let host = FakeHost()
        let server = try Self.server(host)
        defer { server.stop() }
        let http = RawHTTP(port: server.address.port)
        for path in ["/", "/api/status", "/screen.png", "/api/events", "/nowhere"] {
            let answer = try http.request("GET", path, token: nil)
            #expect(answer.status == 401, "\(path)")
            #expect(answer.header("WWW-Authenticate") == #"Bearer realm="nightstand""#)
            #expect(answer.text.hasPrefix(#"{"error":"#))
        }
        for wrong in ["", "0123456789abcdef0123456789abcdeX", Self.token + "0", "0123"] {
            let answer = try http.request(
                "POST", "/api/mode", token: wrong, body: #"{"mode":"off"}"#)
            #expect(answer.status == 401, "token \"\(wrong)\"")
        }
        let basic = try http.exchange(
            Array("GET /api/status HTTP/1.1\r\nAuthorization: Basic \(Self.token)\r\n\r\n".utf8))
        #expect(basic.status == 401)
        #expect(host.recorded.modeRequests.isEmpty)

        // The page's address may carry the token instead (RFC 6750's access_token).
        let page = try http.request("GET", "/?access_token=\(Self.token)", token: nil)
        #expect(page.status == 200)
        #expect(page.header("Content-Type") == "text/html; charset=utf-8")
        #expect(page.header("Referrer-Policy") == "no-referrer")
        #expect(page.text.contains("<img id=\"screen\""))
    }

    @Test("constant-time comparison: equal only when every byte and the length match")
    func comparison() {
        let token = Array("abcdefghijklmnop".utf8)
        #expect(HTTPAPI.equalInConstantTime(token, token))
        #expect(!HTTPAPI.equalInConstantTime(Array("abcdefghijklmnoq".utf8), token))
        #expect(!HTTPAPI.equalInConstantTime(Array("abcdefghijklmno".utf8), token))
        #expect(!HTTPAPI.equalInConstantTime(token + [0], token))
        #expect(!HTTPAPI.equalInConstantTime([], token))
        #expect(!HTTPAPI.equalInConstantTime([], []))
    }

    @Test("bad requests get 4xx with a JSON error and never reach the host")
    func badRequests() throws {
        let host = FakeHost()
        let server = try Self.server(host)
        defer { server.stop() }
        let http = RawHTTP(port: server.address.port)
        let auth = "Authorization: Bearer \(Self.token)\r\n"
        let json = "Content-Type: application/json\r\n"
        let cases: [(String, [UInt8], Int)] = [
            (
                "a head over 8 KiB",
                Array(
                    ("GET /api/status HTTP/1.1\r\nX-Pad: " + String(repeating: "a", count: 9000)
                        + "\r\n\r\n").utf8), 431
            ),
            (
                "a body over 1 KiB",
                Array(
                    ("POST /api/mode HTTP/1.1\r\n\(auth)\(json)Content-Length: 2048\r\n\r\n"
                        + String(repeating: "{", count: 2048)).utf8), 413
            ),
            ("not HTTP", Array("HELLO\r\n\r\n".utf8), 400),
            ("a request line without a version", Array("GET /api/status\r\n\r\n".utf8), 400),
            ("HTTP/2 over plain text", Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8), 400),
            ("a header without a colon", Array("GET / HTTP/1.1\r\nNonsense\r\n\r\n".utf8), 400),
            (
                "two Content-Lengths",
                Array(
                    "POST /api/mode HTTP/1.1\r\n\(auth)\(json)Content-Length: 3\r\nContent-Length: 4\r\n\r\nabcd"
                        .utf8), 400
            ),
            (
                "a negative Content-Length",
                Array("POST /api/mode HTTP/1.1\r\n\(auth)\(json)Content-Length: -1\r\n\r\n".utf8),
                400
            ),
            (
                "a chunked body",
                Array(
                    "POST /api/mode HTTP/1.1\r\n\(auth)Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n"
                        .utf8), 501
            ),
            (
                "not JSON",
                Array(
                    "POST /api/mode HTTP/1.1\r\n\(auth)\(json)Content-Length: 5\r\n\r\nnight".utf8),
                400
            ),
            (
                "an unknown mode",
                Array(
                    "POST /api/mode HTTP/1.1\r\n\(auth)\(json)Content-Length: 17\r\n\r\n{\"mode\":\"purple\"}"
                        .utf8), 400
            ),
            (
                "a wrong key",
                Array(
                    "POST /api/mode HTTP/1.1\r\n\(auth)\(json)Content-Length: 16\r\n\r\n{\"view\":\"night\"}"
                        .utf8), 400
            ),
            ("the wrong method", Array("GET /api/mode HTTP/1.1\r\n\(auth)\r\n".utf8), 405),
            ("an unknown path", Array("GET /etc/passwd HTTP/1.1\r\n\(auth)\r\n".utf8), 404),
            (
                "more than 64 header fields",
                Array(
                    ("GET /api/status HTTP/1.1\r\n\(auth)"
                        + (0..<70).map { "X-\($0): 1\r\n" }.joined() + "\r\n").utf8), 431
            ),
            (
                "a body that is not UTF-8",
                Array("POST /api/mode HTTP/1.1\r\n\(auth)\(json)Content-Length: 4\r\n\r\n".utf8)
                    + [0xFF, 0xFE, 0x00, 0x7B], 400
            ),
            (
                "JSON nested deeper than anything expected",
                Array(
                    ("POST /api/mode HTTP/1.1\r\n\(auth)\(json)Content-Length: 1000\r\n\r\n"
                        + String(repeating: "[", count: 1000)).utf8), 400
            ),
            (
                "a control byte in a header",
                Array("GET / HTTP/1.1\r\n\(auth)X-Evil: a\u{01}b\r\n\r\n".utf8), 400
            ),
        ]
        for (name, bytes, status) in cases {
            let answer = try http.exchange(bytes)
            #expect(answer.status == status, "\(name)")
            #expect(answer.header("Content-Type") == "application/json", "\(name)")
            #expect(answer.text.hasPrefix(#"{"error":"#), "\(name): \(answer.text)")
        }
        #expect(host.recorded.modeRequests.isEmpty)
        #expect(host.recorded.reloads == 0)
        // And it still answers.
        let after = try http.request("GET", "/api/status", token: Self.token)
        #expect(after.status == 200)
    }

    @Test(
        "a client that sends nothing, or a byte at a time (slowloris), gets 408 after 10 s; a crowd beyond 16 connections gets 503"
    )
    func limits() throws {
        let server = try Self.server(FakeHost())
        defer { server.stop() }
        let http = RawHTTP(port: server.address.port)
        let silent = try http.connect()
        defer { close(silent) }
        // A header byte every 200 ms: each byte is news, but the request's 10 s run from the
        // connection.
        let trickling = try http.connect()
        defer { close(trickling) }
        let started = ContinuousClock.now
        // The thread stops, and is waited for, before `trickling` closes: a byte sent after
        // the close would go to whatever another test was given that number (it did: another
        // test's event stream got "a"s before its events).
        let done = Atomic(false)
        let ended = DispatchSemaphore(value: 0)
        let trickler = Thread {
            defer { ended.signal() }
            let head = Array("GET /api/status HTTP/1.1\r\nX-Slow: ".utf8)
            for byte in head + Array(repeating: UInt8(ascii: "a"), count: 100) {
                guard !done.load(ordering: .acquiring),
                    (try? http.send([byte], to: trickling)) != nil
                else { return }
                usleep(200_000)
            }
        }
        trickler.start()
        defer {
            done.store(true, ordering: .releasing)
            ended.wait()
        }
        let idle = try (0..<14).map { _ in try http.connect() }
        defer { idle.forEach { close($0) } }
        let crowd = try http.exchange(Array("GET / HTTP/1.1\r\n\r\n".utf8))
        #expect(crowd.status == 503)
        let timedOut = try RawHTTP.parse(http.readAll(silent, seconds: 30))
        #expect(timedOut.status == 408)
        let slow = try RawHTTP.parse(http.readAll(trickling, seconds: 30))
        #expect(slow.status == 408)
        let took = ContinuousClock.now - started
        #expect(took >= .seconds(9) && took < .seconds(15), "\(took)")
    }

    /// A socket reading `/api/events` with the token, and what came up to the first frame
    /// event (the head and the opening events); the caller closes the socket.
    static func openStream(_ http: RawHTTP) throws -> (socket: Int32, opening: String) {
        let socket = try http.connect()
        do {
            try http.send(
                Array("GET /api/events HTTP/1.1\r\nAuthorization: Bearer \(token)\r\n\r\n".utf8),
                to: socket)
        } catch {
            close(socket)
            throw error
        }
        return (socket, http.read(socket, until: "event: frame\ndata: 0\n\n"))
    }

    @Test("the event stream says the state and new frames as they change, and nothing else")
    func events() throws {
        let host = FakeHost()
        let server = try Self.server(host)
        defer { server.stop() }
        let http = RawHTTP(port: server.address.port)
        let (stream, opening) = try Self.openStream(http)
        defer { close(stream) }
        #expect(opening.hasPrefix("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"))
        #expect(
            opening.contains(
                #"event: status\#ndata: {"appearance":"day","lux":120,"mode":"auto","views":[]}"#))

        host.update { $0.state.mode = .night }
        server.stateChanged()
        #expect(http.read(stream, until: "\n\n").contains(#""mode":"night""#))
        server.frameChanged()
        #expect(http.read(stream, until: "\n\n") == "event: frame\ndata: 1\n\n")

        // An idle stream costs the server's thread no wake-up (counted once it is back
        // asleep after sending the event).
        let thread = ThreadSwitches(thread: try #require(server.thread))
        usleep(300_000)
        let before = thread.voluntary()
        usleep(3_000_000)
        #expect(thread.voluntary() == before)
    }

    @Test("a quiet event stream gets a comment every heartbeat, which the page counts as life")
    func heartbeat() throws {
        let server = try Self.server(FakeHost(), heartbeat: .milliseconds(400))
        defer { server.stop() }
        let http = RawHTTP(port: server.address.port)
        let stream = try Self.openStream(http).socket
        defer { close(stream) }
        let began = ContinuousClock.now
        #expect(http.read(stream, until: "\n\n") == ": heartbeat\n\n")
        #expect(http.read(stream, until: "\n\n") == ": heartbeat\n\n")
        // Two heartbeats, not sooner than their interval allows.
        #expect(ContinuousClock.now - began >= .milliseconds(700))
        // An event resets the count: the next comment comes a whole interval after it.
        server.frameChanged()
        #expect(http.read(stream, until: "\n\n") == "event: frame\ndata: 1\n\n")
        #expect(http.read(stream, until: "\n\n") == ": heartbeat\n\n")
    }

    @Test("a stream whose reader falls behind by more than its backlog is dropped; others go on")
    func slowReaderDropped() throws {
        let host = FakeHost()
        let recorder = LogRecorder()
        let server = try Self.server(host, log: recorder.logger(label: "test"))
        defer { server.stop() }
        let http = RawHTTP(port: server.address.port)
        let slow = try Self.openStream(http).socket
        defer { close(slow) }
        let reader = try Self.openStream(http).socket
        defer { close(reader) }

        // Status events of about 4 KiB each, one at a time; `slow` reads none of them.
        let views = (0..<100).map { "view-\($0)-" + String(repeating: "x", count: 30) }
        let dropped = "notice: http: dropped an event stream whose reader fell behind"
        var sent = 0
        while !recorder.messages.contains(dropped) && sent < 5000 {
            sent += 1
            host.update { $0.state.views = views + ["\(sent)"] }
            server.stateChanged()
            // `reader` takes each event as it comes.
            _ = http.read(reader, until: "\"\(sent)\"]}\n\n", seconds: 5)
        }
        #expect(recorder.messages.contains(dropped), "after \(sent) events of about 4 KiB")
        #expect(recorder.messages.filter { $0 == dropped }.count == 1)
        // More than the backlog went out before the drop; the dropped stream ends (what the
        // kernel held, then the end) and the other one carries on.
        #expect(sent * 4096 > HTTPServer.streamBacklog)
        var received = 0
        var chunk = [UInt8](repeating: 0, count: 65536)
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(slow, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        while case let count = recv(slow, &chunk, chunk.count, 0), count > 0 { received += count }
        #expect(received < sent * 4200)
        #expect(recv(slow, &chunk, 1, 0) == 0)
        host.update { $0.state.mode = .night }
        server.stateChanged()
        #expect(http.read(reader, until: "\n\n").contains(#""mode":"night""#))
    }

    @Test("a token file that is missing, short or a link stops the server from starting")
    func tokenFiles() throws {
        #expect(throws: HTTPServerError.self) { try Self.server(FakeHost(), token: "short") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "nightstand-token-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let real = folder.appendingPathComponent("token").path
        try Self.token.write(toFile: real, atomically: true, encoding: .utf8)
        let link = folder.appendingPathComponent("link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
        for (path, problem) in [
            (link, "token_file: can't use \(link): a symbolic link, not a regular file"),
            (
                "/nonexistent/token",
                "token_file: can't use /nonexistent/token: No such file or directory"
            ),
        ] {
            let settings = try HTTPSettings(section: table("http", ["token_file": .string(path)]))
            #expect(throws: HTTPServerError.token(problem)) {
                try HTTPServer(settings: settings, host: FakeHost())
            }
        }
    }

    @Test("a server stopped frees its port at once: the next one (a reload) listens on it")
    func restartOnTheSamePort() throws {
        let first = try Self.server(FakeHost())
        let port = first.address.port
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "nightstand-token-" + UUID().uuidString)
        try (Self.token + "\n").write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        var settings = try HTTPSettings(
            section: table(
                "http", ["listen": .string("127.0.0.1:8080"), "token_file": .string(file.path)]))
        settings.listen.port = port
        first.stop()
        // Many times: the listener closed with the loop, before stop() returned.
        var server: HTTPServer? = try HTTPServer(settings: settings, host: FakeHost())
        for _ in 0..<20 {
            server?.stop()
            server = try HTTPServer(settings: settings, host: FakeHost())
        }
        let http = RawHTTP(port: port)
        #expect(try http.request("GET", "/api/status", token: Self.token).status == 200)
        server?.stop()
    }
}
