import Foundation
import NightstandTesting

/// A headless Chromium (Debian's `chromium`, which `scripts/deps --test` installs) driven over
/// the DevTools protocol: a page is opened, its script runs for real, and the test reads it,
/// clicks in it and takes screenshots, as a person's browser would.
final class Chromium: @unchecked Sendable {
    private let browser: Child
    private let profile: URL
    private let socket: WebSocket
    private var nextID = 0

    /// Starts the browser with an empty window of `width` × `height` and connects to its page;
    /// `languages` is what it sends as `Accept-Language` (`"ar"`), else its default.
    init(width: Int = 1000, height: Int = 800, languages: String? = nil) throws {
        guard let chromium = Broker.executable("chromium") else {
            throw BrokerError("no chromium on this machine: run scripts/deps --test")
        }
        profile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "nightstand-chromium-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        browser = try Child(
            [
                chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--hide-scrollbars", "--force-device-scale-factor=1",
                "--remote-debugging-port=0", "--user-data-dir=\(profile.path)",
                "--window-size=\(width),\(height)",
            ] + (languages.map { ["--accept-lang=\($0)"] } ?? []) + ["about:blank"],
            newSession: true)
        let portFile = profile.appendingPathComponent("DevToolsActivePort").path
        var port = 0
        let started = eventually(seconds: 60) {
            let text = (try? String(contentsOfFile: portFile, encoding: .utf8)) ?? ""
            port = Int(text.split(separator: "\n").first ?? "") ?? 0
            return port > 0
        }
        guard started else { throw BrokerError("chromium did not start its DevTools server") }
        let list = try RawHTTP(port: port).exchange(
            Array("GET /json/list HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8))
        let targets = try JSONSerialization.jsonObject(with: Data(list.body)) as? [[String: Any]]
        guard let page = targets?.first(where: { $0["type"] as? String == "page" }),
            let address = page["webSocketDebuggerUrl"] as? String,
            let start = address.range(of: "/devtools/")?.lowerBound
        else { throw BrokerError("chromium has no page to drive: \(list.text)") }
        socket = try WebSocket(port: port, path: String(address[start...]))
    }

    deinit {
        close()
        try? FileManager.default.removeItem(at: profile)
    }

    /// Ends the browser and its helpers (idempotent).
    func close() {
        browser.kill(SIGKILL, group: true)
        browser.wait()
    }

    /// Sends a DevTools command and returns its result.
    @discardableResult
    func call(_ method: String, _ parameters: [String: Any] = [:]) throws -> [String: Any] {
        nextID += 1
        let id = nextID
        let message = try JSONSerialization.data(
            withJSONObject: ["id": id, "method": method, "params": parameters])
        try socket.send(String(decoding: message, as: UTF8.self))
        while true {
            let text = try socket.receive()
            guard
                let reply = try JSONSerialization.jsonObject(with: Data(text.utf8))
                    as? [String: Any],
                reply["id"] as? Int == id
            else { continue }  // an event
            if let error = reply["error"] { throw BrokerError("\(method): \(error)") }
            return reply["result"] as? [String: Any] ?? [:]
        }
    }

    /// Opens `url` in the page.
    func open(_ url: String) throws {
        try call("Page.navigate", ["url": url])
    }

    /// The value of a JavaScript expression in the page.
    func evaluate(_ expression: String) throws -> Any? {
        let result = try call(
            "Runtime.evaluate", ["expression": expression, "returnByValue": true])
        return (result["result"] as? [String: Any])?["value"]
    }

    /// A screenshot of the page, as PNG bytes.
    func screenshot() throws -> [UInt8] {
        let result = try call("Page.captureScreenshot", ["format": "png"])
        guard let text = result["data"] as? String, let data = Data(base64Encoded: text) else {
            throw BrokerError("chromium sent no screenshot")
        }
        return Array(data)
    }
}

/// A WebSocket client (RFC 6455) for one local server: text messages each way, enough for the
/// DevTools protocol.
final class WebSocket {
    private let fd: Int32
    private var buffer: [UInt8] = []

    init(port: Int, path: String) throws {
        let http = RawHTTP(port: port)
        fd = try http.connect()
        let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        try http.send(
            Array(
                ("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\n"
                    + "Connection: Upgrade\r\nSec-WebSocket-Key: \(key)\r\n"
                    + "Sec-WebSocket-Version: 13\r\n\r\n").utf8), to: fd)
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        while !(buffer.count >= 4
            && (0...buffer.count - 4).contains { Array(buffer[$0..<$0 + 4]) == end })
        {
            try fill()
        }
        let headEnd = (0...buffer.count - 4).first { Array(buffer[$0..<$0 + 4]) == end } ?? 0
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        guard head.hasPrefix("HTTP/1.1 101") else {
            throw BrokerError("the WebSocket handshake failed: \(head)")
        }
        buffer.removeFirst(headEnd + 4)
    }

    deinit { close(fd) }

    /// Sends a text message (masked, as a client must).
    func send(_ text: String) throws {
        let payload = Array(text.utf8)
        var frame: [UInt8] = [0x81]
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else if payload.count < 65536 {
            // 126: a 16-bit length follows; with the mask bit, 0xFE.
            frame += [0xFE, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            frame.append(0xFF)  // 127: a 64-bit length follows; with the mask bit
            frame += (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
        }
        let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        try RawHTTP(port: 0).send(frame, to: fd)
    }

    /// The next whole text message (fragments joined, control frames skipped).
    func receive() throws -> String {
        var message: [UInt8] = []
        while true {
            while buffer.count < 2 { try fill() }
            let opcode = buffer[0] & 0x0F
            let final = buffer[0] & 0x80 != 0
            var length = Int(buffer[1] & 0x7F)
            var offset = 2
            if length == 126 {
                while buffer.count < 4 { try fill() }
                length = Int(buffer[2]) << 8 | Int(buffer[3])
                offset = 4
            } else if length == 127 {
                while buffer.count < 10 { try fill() }
                length = buffer[2..<10].reduce(0) { $0 << 8 | Int($1) }
                offset = 10
            }
            while buffer.count < offset + length { try fill() }
            let payload = Array(buffer[offset..<offset + length])
            buffer.removeFirst(offset + length)
            if opcode == 0x8 { throw BrokerError("the WebSocket was closed") }
            guard opcode == 0x1 || opcode == 0x0 else { continue }
            message += payload
            if final { return String(decoding: message, as: UTF8.self) }
        }
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else {
            throw BrokerError("the WebSocket ended: \(String(cString: strerror(errno)))")
        }
        buffer += chunk[..<count]
    }
}
