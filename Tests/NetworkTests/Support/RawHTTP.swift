import Foundation

/// An HTTP client over a plain socket, so that a test can send exactly the bytes it wants,
/// malformed ones included, and read exactly what the server answers.
struct RawHTTP {
    let port: Int

    /// What came back.
    struct Answer {
        var status: Int
        var head: String
        var body: [UInt8]

        var text: String { String(decoding: body, as: UTF8.self) }

        /// A header field's value (name in any case).
        func header(_ name: String) -> String? {
            head.split(separator: "\r\n").dropFirst().first {
                $0.lowercased().hasPrefix(name.lowercased() + ":")
            }.map { String($0.dropFirst(name.count + 1)).trimmingCharacters(in: .whitespaces) }
        }
    }

    /// Connects, sends `bytes`, and reads until the server closes (at most `seconds`).
    func exchange(_ bytes: [UInt8], seconds: Int = 20) throws -> Answer {
        let socket = try connect()
        defer { close(socket) }
        try send(bytes, to: socket)
        let received = readAll(socket, seconds: seconds)
        return try Self.parse(received)
    }

    /// A request with the token (unless `token` is nil) and an optional JSON body.
    func request(
        _ method: String, _ path: String, token: String?, body: String? = nil
    ) throws -> Answer {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        if let token { head += "Authorization: Bearer \(token)\r\n" }
        if let body {
            head += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
        }
        return try exchange(Array((head + "\r\n" + (body ?? "")).utf8))
    }

    /// An open socket to the server.
    func connect() throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Foundation.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else {
            close(fd)
            throw BrokerError(
                "can't connect to 127.0.0.1:\(port): \(String(cString: strerror(errno)))")
        }
        return fd
    }

    /// Sends every byte (the server may close early: that is an answer too).
    func send(_ bytes: [UInt8], to socket: Int32) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes {
                Foundation.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard count > 0 else { return }
            sent += count
        }
    }

    /// Reads until the peer closes, the answer's `Content-Length` is in, or `seconds` pass.
    func readAll(_ socket: Int32, seconds: Int) -> [UInt8] {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            received += chunk[..<count]
            if let answer = try? Self.parse(received),
                let length = answer.header("Content-Length").flatMap({ Int($0) }),
                answer.body.count >= length
            {
                break
            }
        }
        return received
    }

    /// Reads from an open stream until `text` has arrived (at most `seconds`); all of it.
    func read(_ socket: Int32, until text: String, seconds: Int = 20) -> String {
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        let deadline = Date().addingTimeInterval(TimeInterval(seconds))
        while !String(decoding: received, as: UTF8.self).contains(text), Date() < deadline {
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count == 0 { break }
            if count > 0 { received += chunk[..<count] }
        }
        return String(decoding: received, as: UTF8.self)
    }

    static func parse(_ received: [UInt8]) throws -> Answer {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard
            let end = (0...max(0, received.count - 4)).first(where: {
                received.count >= 4 && Array(received[$0..<$0 + 4]) == separator
            })
        else {
            throw BrokerError(
                "no HTTP answer: \(String(decoding: received.prefix(200), as: UTF8.self))")
        }
        let head = String(decoding: received[..<end], as: UTF8.self)
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        return Answer(status: status, head: head, body: Array(received[(end + 4)...]))
    }
}
