import Foundation
import SystemSupport

/// A CalDAV server of a test's own: Radicale (Debian's `radicale`, which `scripts/deps --test`
/// installs) on loopback with a user `pi` whose password is `secret`, and a calendar
/// `/pi/family/`; stopped at the end.
public final class Radicale {
    /// Its folder: configuration, users, collections; removed by ``stop()``.
    public let directory: String
    /// The port it listens on, on 127.0.0.1.
    public let port: Int
    private let process = Process()

    /// A server on port 40,000 + `offset` + this process's id modulo 10,000 (suites run at
    /// once, each with a server of its own).
    public init(offset: Int = 0) throws {
        directory = NSTemporaryDirectory() + "nightstand-radicale-" + UUID().uuidString
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true)
        port = 40_000 + offset + Int(getpid() % 10_000)
        try "pi:secret\n".write(toFile: directory + "/users", atomically: true, encoding: .utf8)
        try """
        [server]
        hosts = 127.0.0.1:\(port)
        [auth]
        type = htpasswd
        htpasswd_filename = \(directory)/users
        htpasswd_encryption = plain
        [storage]
        filesystem_folder = \(directory)/collections
        [rights]
        type = owner_only
        """.write(toFile: directory + "/config", atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/radicale")
        process.arguments = ["--config", directory + "/config"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// The calendar collection `/pi/family/` (made by a `MKCALENDAR` to it).
    public var calendar: URL {
        URL(string: "http://127.0.0.1:\(port)/pi/family/") ?? URL(fileURLWithPath: "/")
    }

    /// Sends a request as `pi`, waiting up to five seconds for the server to listen.
    @discardableResult
    package func send(_ method: String, _ path: String = "", body: String? = nil) async throws
        -> HTTPResponse
    {
        let request = HTTPRequest(
            url: calendar.appendingPathComponent(path), method: method,
            headers: ["Content-Type: text/calendar"], body: body,
            credentials: .basic(user: "pi", password: "secret"))
        for _ in 0..<50 {
            if let answer = try? await HTTPFetch.send(request, timeout: 5) { return answer }
            try await Task.sleep(for: .milliseconds(100))
        }
        return try await HTTPFetch.send(request, timeout: 5)
    }

    /// Stops the server and removes its folder.
    public func stop() {
        // Radicale's server loop outlives SIGTERM while it waits; SIGKILL ends it.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: directory)
    }
}
