import Foundation
import Testing

@testable import Standby

@Suite("systemd notify protocol")
struct SystemdNotifierTests {
    /// A datagram socket bound at a temporary path; returns its descriptor.
    private func listen(at path: String) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        #expect(result == 0)
        return fd
    }

    private func receive(_ fd: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let n = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        return n > 0 ? String(decoding: buffer[0..<n], as: UTF8.self) : ""
    }

    @Test("messages arrive on $NOTIFY_SOCKET, and the watchdog interval is half WATCHDOG_USEC")
    func notifies() throws {
        let path =
            NSTemporaryDirectory() + "notify-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = try listen(at: path)
        defer {
            close(fd)
            unlink(path)
        }
        let notifier = SystemdNotifier(environment: [
            "NOTIFY_SOCKET": path, "WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "\(getpid())",
        ])
        #expect(notifier.isActive)
        #expect(notifier.watchdogInterval == 15)
        notifier.notify("READY=1")
        #expect(receive(fd) == "READY=1")
        notifier.notify("WATCHDOG=1")
        #expect(receive(fd) == "WATCHDOG=1")
    }

    @Test("outside systemd, or with another process's watchdog, nothing is sent or pinged")
    func inactive() {
        let none = SystemdNotifier(environment: [:])
        #expect(!none.isActive && none.watchdogInterval == nil)
        none.notify("READY=1")
        let other = SystemdNotifier(environment: [
            "NOTIFY_SOCKET": "/nonexistent", "WATCHDOG_USEC": "1000000", "WATCHDOG_PID": "1",
        ])
        #expect(other.watchdogInterval == nil)
    }
}
