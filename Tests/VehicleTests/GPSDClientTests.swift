import Foundation
import Glibc
import MosquittoHarness
import Testing
import Widgets

@testable import Vehicle

/// The client against a real gpsd: gpsfake (Debian's gpsd-tools; `scripts/deps --test`)
/// replays Fixtures/drive.nmea through gpsd on a loopback port.
///
/// The drive: two seconds standing, four east at 50 km/h (27 kn), a turn through south-east to
/// south at 30 km/h, then three seconds without a fix.
@Suite("gpsd on loopback: a drive, a lost fix, gpsd leaving and coming back", .serialized)
struct GPSDClientTests {
    private static let drive = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/drive.nmea").path

    /// gpsfake replaying the drive once, one fix every `cycle` seconds, on 127.0.0.1:`port`;
    /// its gpsd runs until ``stop()``.
    private final class GPSFake {
        let process = Process()

        init(port: Int, cycle: Double = 0.25) throws {
            let paths = ["/usr/bin/gpsfake", "/usr/local/bin/gpsfake"]
            guard let path = paths.first(where: FileManager.default.isExecutableFile) else {
                throw GPSFakeMissing()
            }
            // Through python3, which unblocks the signals the test's thread blocks (a child
            // inherits its mask) before it becomes gpsfake: SIGTERM then ends gpsfake, and
            // gpsfake its gpsd.
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = [
                "-c",
                "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); "
                    + "os.execv(sys.argv[1], sys.argv[1:])",
                path, "-q", "-1", "-P", "\(port)", "-c", "\(cycle)", drive,
            ]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        func stop() {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
    }

    private struct GPSFakeMissing: Error, CustomStringConvertible {
        var description: String { "no gpsfake on this machine: run scripts/deps --test" }
    }

    /// Whether something listens on 127.0.0.1:`port` within 20 seconds.
    private func listens(_ port: Int) -> Bool {
        let end = Date().addingTimeInterval(20)
        while Date() < end {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(fd) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            let connected = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
            if connected { return true }
            usleep(50_000)
        }
        return false
    }

    /// What the board shows, in a few words: `fix 50 km/h 90°`, `no fix`, `problem`.
    private func state(_ reading: GPSBoard.Reading) -> String? {
        if reading.fix.hasFix, let speed = reading.fix.speed {
            let track = reading.fix.track.map { " \(Int($0))°" } ?? ""
            return "fix \(Int((speed * 3.6).rounded())) km/h" + track
        }
        if reading.problem != nil { return "problem" }
        if reading.fix.quality == .none { return "no fix" }
        return nil
    }

    /// The states the board shows for `address` until `done` sees them, at most `limit`
    /// seconds, each once in order of first sight.
    private func watch(
        _ board: GPSBoard, _ address: GPSDAddress, limit: Double,
        until done: ([String]) -> Bool
    ) -> [String] {
        var seen: [String] = []
        let end = Date().addingTimeInterval(limit)
        while Date() < end, !done(seen) {
            if let state = state(board.reading(address)), seen.last != state { seen.append(state) }
            usleep(5000)
        }
        return seen
    }

    @Test("the board follows the drive; a lost gpsd is a problem; a new gpsd is read again")
    func drive() throws {
        let port = try MosquittoBroker.freePort()
        let address = GPSDAddress(host: "127.0.0.1", port: port)
        let board = GPSBoard(center: WidgetCenter())
        board.watch(address)
        let fake = try GPSFake(port: port)
        defer { fake.stop() }
        // gpsd opens the receiver at the first watch: the drive starts with the client.
        try #require(listens(port), "gpsfake's gpsd did not listen on \(port)")
        let client = GPSDClient(address: address, board: board)
        #expect(client.start())
        defer { client.stop() }
        let seen = watch(board, address, limit: 30) { $0.contains("no fix") }
        // Standing, east at 50 km/h, the turn at 30 km/h, south, then no fix.
        let expected = [
            "fix 0 km/h", "fix 50 km/h 90°", "fix 30 km/h 135°", "fix 30 km/h 180°", "no fix",
        ]
        #expect(expected.allSatisfy(seen.contains), "\(seen)")
        #expect(seen.firstIndex(of: "fix 50 km/h 90°") ?? 0 < seen.firstIndex(of: "no fix") ?? 0)
        // gpsd goes (gpsfake stops, and its gpsd with it), and the board says so.
        fake.stop()
        let gone = watch(board, address, limit: 10) { $0.last == "problem" }
        #expect(gone.last == "problem")
        #expect(board.reading(address).problem?.contains("gpsd at 127.0.0.1:\(port)") == true)
        // A gpsd on the same port again: the client reconnects by itself.
        let again = try GPSFake(port: port)
        defer { again.stop() }
        let back = watch(board, address, limit: 40) { $0.contains("fix 50 km/h 90°") }
        #expect(back.contains("fix 50 km/h 90°"), "\(back)")
    }
}
