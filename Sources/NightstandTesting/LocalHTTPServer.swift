import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An HTTP server on 127.0.0.1 for tests: it answers every request with one fixed response,
/// or (with no response) accepts connections and never answers, as a hanging server does.
///
/// ```swift
/// let server = try LocalHTTPServer(response: LocalHTTPServer.response(body: "{}"))
/// defer { server.close() }
/// fetch(server.url("/data"))
/// server.requests   // ["GET /data HTTP/1.1\r\nHost: …"]
/// ```
public final class LocalHTTPServer: @unchecked Sendable {
    // @unchecked: `held` and `received` are touched by the accept thread and by the test's
    // thread under `lock`.
    /// The port it listens on.
    public let port: UInt16
    private let socketDescriptor: Int32
    private let lock = NSLock()
    private var held: [Int32] = []
    private var received: [String] = []

    /// The requests answered so far, oldest first: each request line and its headers.
    public var requests: [String] { lock.withLock { received } }

    /// Starts listening; `response` is the whole answer, status line to body, or nil to hang.
    public init(response: String?) throws {
        let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard server >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(server, 8) == 0 else {
            Glibc.close(server)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getsockname(server, $0, &length)
            }
        }
        port = UInt16(bigEndian: address.sin_port)
        socketDescriptor = server
        Thread.detachNewThread { [self] in
            while true {
                let connection = accept(server, nil, nil)
                guard connection >= 0 else { return }
                guard let response else {
                    lock.withLock { held.append(connection) }
                    continue
                }
                var buffer = [UInt8](repeating: 0, count: 65_536)
                var request = [UInt8]()
                while !request.contains(subsequence: [13, 10, 13, 10]) {
                    let count = recv(connection, &buffer, buffer.count, 0)
                    if count <= 0 { break }
                    request += buffer.prefix(count)
                }
                lock.withLock { received.append(String(decoding: request, as: UTF8.self)) }
                let bytes = Array(response.utf8)
                _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, bytes.count, 0) }
                Glibc.close(connection)
            }
        }
    }

    /// `http://127.0.0.1:<port><path>`.
    public func url(_ path: String = "/") -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/")
    }

    /// Stops listening and drops held connections.
    public func close() {
        shutdown(socketDescriptor, Int32(SHUT_RDWR))
        Glibc.close(socketDescriptor)
        lock.withLock {
            for connection in held { Glibc.close(connection) }
            held = []
        }
    }

    /// A response with a status and a body.
    public static func response(status: String = "200 OK", body: String) -> String {
        "HTTP/1.1 \(status)\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
    }
}

extension Array where Element: Equatable {
    /// Whether the array contains `subsequence` as consecutive elements.
    fileprivate func contains(subsequence: [Element]) -> Bool {
        guard count >= subsequence.count else { return false }
        return (0...(count - subsequence.count)).contains {
            Array(self[$0..<($0 + subsequence.count)]) == subsequence
        }
    }
}
