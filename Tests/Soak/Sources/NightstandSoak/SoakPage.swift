import FoundationEssentials
import Glibc
import Synchronization

@testable import SystemSupport

/// The web page as a browser keeps it open during the soak.
///
/// An event stream (`GET /api/events` with the token in the `Authorization` header) is read
/// to the end, and the screen downloaded (`GET /screen.png`) after each frame event, at most
/// twice a second of real time, as the page does. A stream the server ends is opened again
/// after a second.
///
/// Counts what it got, so the soak can tell a page that followed the display from one that
/// went quiet: events, screens downloaded (whole PNGs: the signature and `IEND`), and streams
/// opened.
final class SoakPage: Sendable {
    let port: Int
    let token: String
    let events = Atomic(0)
    let screens = Atomic(0)
    let streams = Atomic(0)
    private let running = Atomic(false)
    private let holding = Atomic(false)
    private let downloading = Atomic(false)
    private let finished = Atomic(false)

    init(port: Int, token: String) { (self.port, self.token) = (port, token) }

    func start() {
        running.store(true, ordering: .releasing)
        let started = DetachedThread.start(name: "page") { [self] in
            while running.load(ordering: .acquiring) {
                follow()
                if running.load(ordering: .acquiring) { sleep(1) }
            }
            finished.store(true, ordering: .releasing)
        }
        if !started { Soak.fail("cannot start the page's thread") }
    }

    /// Stops following and waits (at most 5 s) until the thread has closed its socket.
    func stop() {
        running.store(false, ordering: .releasing)
        let deadline = ContinuousClock.now + .seconds(5)
        while !finished.load(ordering: .acquiring), ContinuousClock.now < deadline {
            usleep(20_000)
        }
    }

    /// Downloads no screen until ``resume()`` and waits (at most 5 s) until none is in flight,
    /// so that a sample counts only the stream's descriptors.
    func hold() {
        holding.store(true, ordering: .releasing)
        let deadline = ContinuousClock.now + .seconds(5)
        while downloading.load(ordering: .acquiring), ContinuousClock.now < deadline {
            usleep(10_000)
        }
    }

    /// Downloads screens again.
    func resume() { holding.store(false, ordering: .releasing) }

    /// One event stream, from opening to its end (or the soak's).
    private func follow() {
        guard let fd = request("/api/events") else { return }
        defer { close(fd) }
        streams.add(1, ordering: .relaxed)
        var pending: [UInt8] = []
        var lastScreen = ContinuousClock.now - .seconds(1)
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while running.load(ordering: .acquiring) {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && (errno == EAGAIN || errno == EINTR) { continue }
            guard n > 0 else { return }
            pending += buffer[..<n]
            // Bounded: a block never grows past 64 KiB (a status event is a few hundred bytes).
            if pending.count > 65_536 { pending.removeFirst(pending.count - 65_536) }
            while let end = Self.blockEnd(pending) {
                let block = String(decoding: pending[..<end], as: UTF8.self)
                pending.removeFirst(end + 2)
                events.add(1, ordering: .relaxed)
                if block.contains("event: frame"), !holding.load(ordering: .acquiring),
                    ContinuousClock.now - lastScreen >= .milliseconds(500)
                {
                    lastScreen = ContinuousClock.now
                    downloading.store(true, ordering: .releasing)
                    if downloadScreen() { screens.add(1, ordering: .relaxed) }
                    downloading.store(false, ordering: .releasing)
                }
            }
        }
    }

    /// Where the first event block ends (its blank line), if one is complete.
    private static func blockEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 2 else { return nil }
        for i in 0..<(bytes.count - 1) where bytes[i] == 10 && bytes[i + 1] == 10 { return i }
        return nil
    }

    /// `GET /screen.png` to its end; whether a whole PNG came back.
    private func downloadScreen() -> Bool {
        guard let fd = request("/screen.png") else { return false }
        defer { close(fd) }
        var body: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while body.count < 64 << 20 {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && (errno == EAGAIN || errno == EINTR) { continue }
            guard n > 0 else { break }
            body += buffer[..<n]
        }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47]
        let iend = Array("IEND".utf8)
        return body.firstRange(of: signature) != nil && body.suffix(12).firstRange(of: iend) != nil
    }

    /// A connection to the display with `GET path` sent; nil when it can't be made.
    ///
    /// Reads time out after a second, so the thread sees the soak's stop.
    private func request(_ path: String) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = SoakBroker.loopback(port: port)
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        let head = Array(
            ("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
                + "Authorization: Bearer \(token)\r\n\r\n").utf8)
        let sent = head.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        guard connected, sent == head.count else {
            close(fd)
            return nil
        }
        return fd
    }
}
