import CSystemSupport
import Foundation
import Testing

@testable import EventCore

/// A pipe whose ends close when released.
private final class Pipe {
    let read: Int32
    let write: Int32

    init() throws {
        var ends: [Int32] = [-1, -1]
        guard nightstand_pipe2(&ends, O_CLOEXEC | O_NONBLOCK) == 0 else {
            throw EventCoreError.system(call: "pipe2", errno: errno)
        }
        (read, write) = (ends[0], ends[1])
    }

    deinit {
        close(read)
        close(write)
    }

    func send(_ text: String) {
        _ = text.utf8CString.withUnsafeBytes { Glibc.write(write, $0.baseAddress, $0.count - 1) }
    }

    func drain() -> String {
        var bytes = [UInt8](repeating: 0, count: 256)
        let n = bytes.withUnsafeMutableBytes { Glibc.read(read, $0.baseAddress, $0.count) }
        return String(decoding: bytes.prefix(max(n, 0)), as: UTF8.self)
    }
}

@Suite("The run loop's one wait")
struct EventLoopTests {
    @Test("a watched descriptor runs its handler on the loop's thread when readable, not before")
    func watchesDescriptors() throws {
        let loop = EventLoop()
        let pipe = try Pipe()
        var seen: [String] = []
        let watch = loop.watch(pipe.read) { seen.append(pipe.drain()) }
        #expect(loop.wait(timeout: 0) == 0, "nothing to read yet")
        pipe.send("abc")
        #expect(loop.wait(timeout: 5) == 1)
        #expect(seen == ["abc"])
        watch.cancel()
        pipe.send("def")
        #expect(loop.wait(timeout: 0.01) == 0, "a cancelled watch runs no more")
        #expect(loop.watchCount == 0)
    }

    @Test("messages posted from other threads arrive in order, and wake a sleeping wait at once")
    func mailboxFromThreads() throws {
        let loop = EventLoop()
        let inbox = try Mailbox<Int>()
        var received: [Int] = []
        let watch = loop.receive(from: inbox) { received += $0 }
        defer { watch.cancel() }
        let started = Date()
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.05)
            for n in 1...100 { inbox.post(n) }
        }
        while received.count < 100 {
            #expect(loop.wait(timeout: 30) >= 1)
        }
        // Generous: it bounds a hang, it measures nothing.
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(received == Array(1...100))
        #expect(inbox.isEmpty)
    }

    @Test("a flood of keyed messages leaves one per key waiting, the latest, in its first place")
    func coalescing() throws {
        let loop = EventLoop()
        let inbox = try Mailbox<String>()
        var received: [String] = []
        let watch = loop.receive(from: inbox) { received += $0 }
        defer { watch.cancel() }
        inbox.post("own")
        for n in 0..<100_000 {
            inbox.post("mode \(n)", coalescing: "mode")
            inbox.post("reload", coalescing: "reload")
        }
        inbox.post("own again")
        #expect(inbox.coalesced == 2 * 99_999)
        #expect(loop.wait(timeout: 1) == 1)
        #expect(received == ["own", "mode 99999", "reload", "own again"])
        // Taken: the next keyed message waits again.
        #expect(inbox.post("mode 0", coalescing: "mode"))
        #expect(loop.wait(timeout: 1) == 1)
        #expect(received.last == "mode 0")
    }

    @Test("a wait with nothing to do returns after its timeout, rounded up to the millisecond")
    func timeout() {
        let loop = EventLoop()
        let started = Date()
        #expect(loop.wait(timeout: 0.03) == 0)
        #expect(Date().timeIntervalSince(started) >= 0.03)
        #expect(EventLoop.milliseconds(nil) == -1)
        #expect(EventLoop.milliseconds(0) == 0)
        #expect(EventLoop.milliseconds(0.0001) == 1)
        #expect(EventLoop.milliseconds(1e12) == Int32.max)
    }

    @Test("a handler may cancel another watch of the same round; a closed descriptor is dropped")
    func cancelInRound() throws {
        let loop = EventLoop()
        let (a, b) = (try Pipe(), try Pipe())
        var ran: [String] = []
        var second: FileWatch?
        let first = loop.watch(a.read) {
            ran.append("a")
            _ = a.drain()
            second?.cancel()
        }
        second = loop.watch(b.read) { ran.append("b") }
        a.send("x")
        b.send("y")
        loop.wait(timeout: 5)
        #expect(ran == ["a"])
        first.cancel()

        var closed: Pipe? = try Pipe()
        let fd = try #require(closed?.read)
        let stale = loop.watch(fd) { ran.append("stale") }
        closed = nil  // closes both ends without cancelling the watch
        loop.wait(timeout: 0)
        #expect(loop.watchCount == 0)
        stale.cancel()
        #expect(!ran.contains("stale"))
    }
}

@Suite("Kernel device events")
struct UeventTests {
    static let sensor = Array(
        ("add@/devices/platform/i2c-1/1-0023/iio:device0\0ACTION=add\0"
            + "DEVPATH=/devices/platform/i2c-1/1-0023/iio:device0\0SUBSYSTEM=iio\0"
            + "DEVNAME=iio:device0\0SEQNUM=1234\0").utf8)

    @Test("a kernel message reads into action, device, subsystem and properties; others do not")
    func parses() throws {
        let event = try #require(Uevent(message: Self.sensor))
        #expect(event.action == "add")
        #expect(event.devicePath == "/devices/platform/i2c-1/1-0023/iio:device0")
        #expect(event.subsystem == "iio")
        #expect(event.properties["SEQNUM"] == "1234")
        #expect(Uevent(message: Array("libudev\0\u{FE}\u{ED}".utf8)) == nil)
        #expect(Uevent(message: [UInt8]()) == nil)
        #expect(Uevent(message: Array("add@/devices/x\0ACTION=add\0".utf8)) == nil, "no subsystem")
    }

    @Test("a monitor keeps its subsystems' events, drops the rest and anything garbled")
    func filters() throws {
        var ends: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0, &ends) == 0)
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        defer { close(ends[1]) }
        let monitor = UeventMonitor(descriptor: ends[0], subsystems: ["iio"])
        let loop = EventLoop()
        var seen: [Uevent] = []
        let watch = monitor.watch(on: loop) { seen.append($0) }
        defer { watch.cancel() }
        let input = Array(
            "add@/devices/virtual/input/input9\0ACTION=add\0SUBSYSTEM=input\0".utf8)
        for message in [input, Array("garbage".utf8), Self.sensor] {
            _ = message.withUnsafeBytes { send(ends[1], $0.baseAddress, $0.count, 0) }
        }
        #expect(loop.wait(timeout: 5) == 1)
        #expect(seen.map(\.subsystem) == ["iio"])
    }

    @Test("the kernel's own socket opens without privilege checks in the way")
    func opensNetlink() throws {
        let monitor = try UeventMonitor(subsystems: ["mem"])
        #expect(monitor.fileDescriptor >= 0)
        #expect(monitor.receive().allSatisfy { $0.subsystem == "mem" })
    }
}
