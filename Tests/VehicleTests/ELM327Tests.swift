import EventCore
import Foundation
import Glibc
import Testing
import Widgets

@testable import Vehicle

/// OBD-II through an ELM327 adapter: the PIDs, the adapter's answers (as ELM327-emulator 4.0.0
/// writes them), and the client against the emulator on a pseudo-terminal, unplugged and
/// plugged in again.
@Suite("OBD-II through an ELM327", .serialized)
struct ELM327Tests {
    @Test("PIDs by name and number, and their values from the data bytes")
    func pids() throws {
        let rpm = try #require(OBDPID("rpm"))
        #expect(OBDPID("0x0C") == rpm && OBDPID("12") == rpm && OBDPID("RPM") == rpm)
        #expect(rpm.value(of: [0x14, 0x5F]) == 1303.75)
        #expect(rpm.value(of: [0x14]) == nil, "too few bytes")
        #expect(OBDPID("speed")?.value(of: [0x0A]) == 10)
        #expect(OBDPID("coolant")?.value(of: [0x5F]) == 55)
        #expect(OBDPID("voltage")?.value(of: [0x39, 0x4B]) == 14.667)
        #expect(OBDPID("fuel")?.value(of: [0xFF]) == 100)
        for bad in ["turbo", "0x99", "300", ""] { #expect(OBDPID(bad) == nil, "\(bad)") }
    }

    @Test("answers: data after 41 and the PID, with or without spaces; no data; errors")
    func answers() {
        #expect(
            OBDAnswer("SEARCHING...\r4100BE3FA813\r\r", pid: 0)
                == .data([0xBE, 0x3F, 0xA8, 0x13]))
        #expect(OBDAnswer("410C145F\r\r", pid: 0x0C) == .data([0x14, 0x5F]))
        #expect(OBDAnswer("41 0C 14 5F \r\r", pid: 0x0C) == .data([0x14, 0x5F]))
        #expect(OBDAnswer("7E8 04 41 0D 0A\r410D0A\r", pid: 0x0D) == .data([0x0A]))
        #expect(OBDAnswer("NO DATA\r\r", pid: 0x0C) == .noData)
        #expect(OBDAnswer("SEARCHING...\rUNABLE TO CONNECT\r", pid: 0x00) == .unableToConnect)
        #expect(OBDAnswer("?\r\r", pid: 0x0C) == .error("?"))
        #expect(
            OBDAnswer("\u{0}\u{7F}garbage 41 0C\r", pid: 0x0C)
                == .error("\u{0}\u{7F}garbage 41 0C"))
        #expect(OBDAnswer("ATZ\r\r\rELM327 v1.5\r\r", pid: nil) == .text("ATZ ELM327 v1.5"))
    }

    /// The emulator of `scripts/deps --test` (a venv under `.build`).
    private static let emulator = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/elm327-emulator/bin/elm").path

    /// ELM327-emulator's `car` scenario on a new pseudo-terminal, and the terminal's path.
    private final class Emulator {
        let process = Process()
        let input = Pipe()
        let device: String

        init(folder: URL) throws {
            guard FileManager.default.isExecutableFile(atPath: emulator) else {
                throw EmulatorMissing()
            }
            let out = folder.appendingPathComponent("elm-\(UUID().uuidString).txt").path
            // Through python3, which unblocks the signals the test's thread blocks, so that
            // SIGTERM ends it (and closes its terminal: the adapter unplugged).
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = [
                "-c",
                "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); "
                    + "os.execv(sys.argv[1], sys.argv[1:])",
                emulator, "-s", "car", "-b", out,
            ]
            // The emulator writes its log (elm.log) where it runs.
            process.currentDirectoryURL = folder
            process.standardInput = input
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            var device = ""
            for _ in 0..<200 where device.isEmpty {
                usleep(50_000)
                device =
                    (try? String(contentsOfFile: out, encoding: .utf8))?
                    .split(separator: "\n").first.map(String.init) ?? ""
            }
            self.device = device
        }

        func stop() {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
    }

    private struct EmulatorMissing: Error, CustomStringConvertible {
        var description: String { "no ELM327-emulator under .build: run scripts/deps --test" }
    }

    /// Waits up to `limit` seconds for `check` to hold of `device`'s reading.
    private func wait(
        _ board: OBDBoard, _ device: String, limit: Double, _ check: (OBDBoard.Reading) -> Bool
    ) -> OBDBoard.Reading {
        let end = Date().addingTimeInterval(limit)
        var reading = board.reading(device)
        while Date() < end, !check(reading) {
            usleep(20_000)
            reading = board.reading(device)
        }
        return reading
    }

    @Test("the client reads speed and rpm from the emulator; unplugged and back, it recovers")
    func emulator() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "nightstand-obd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A stable name for the adapter, as udev's /dev/serial/by-id links are.
        let link = folder.appendingPathComponent("obd0").path
        let first = try Emulator(folder: folder)
        defer { first.stop() }
        try #require(!first.device.isEmpty, "the emulator gave no terminal")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: first.device)
        let board = OBDBoard(center: WidgetCenter())
        let (speed, rpm) = (try #require(OBDPID("speed")), try #require(OBDPID("rpm")))
        board.watch(link, speed)
        board.watch(link, rpm)
        // No kernel events: the dangling link is tried again by time.
        let client = OBDClient(device: link, board: board, hotplug: { nil })
        #expect(client.start())
        defer { client.stop() }
        let running = wait(board, link, limit: 30) { $0.values.count == 2 }
        #expect(running.values[rpm.number].map { (0...16_383).contains($0) } == true, "\(running)")
        #expect(running.values[speed.number].map { (0...255).contains($0) } == true)
        #expect(running.problem == nil && running.unsupported.isEmpty)
        // Unplugged: the terminal closes; the board says so and forgets the values.
        first.stop()
        let gone = wait(board, link, limit: 15) { $0.problem != nil }
        #expect(gone.values.isEmpty)
        #expect(gone.problem?.contains("OBD adapter") == true, "\(gone)")
        // Plugged in again (a new terminal behind the same name): values come back.
        let second = try Emulator(folder: folder)
        defer { second.stop() }
        try FileManager.default.removeItem(atPath: link)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: second.device)
        let back = wait(board, link, limit: 45) { $0.values.count == 2 }
        #expect(back.values.count == 2, "\(back)")
    }

    @Test("a pulled-out adapter is opened again on the kernel's tty event, not by looking")
    func hotplug() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "nightstand-obd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var ends: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0, &ends) == 0)
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        defer {
            close(ends[0])
            close(ends[1])
        }
        let (monitorEnd, kernel) = (ends[0], ends[1])
        let link = folder.appendingPathComponent("obd0").path
        let board = OBDBoard(center: WidgetCenter())
        let speed = try #require(OBDPID("speed"))
        board.watch(link, speed)
        let client = OBDClient(device: link, board: board) {
            UeventMonitor(descriptor: dup(monitorEnd), subsystems: ["tty"])
        }
        #expect(client.start())
        defer { client.stop() }
        let absent = wait(board, link, limit: 5) { $0.problem != nil }
        #expect(absent.problem?.contains("cannot open the OBD adapter") == true, "\(absent)")

        // The adapter is there, but no event said so: nothing looks for it (a client
        // retrying by time would have opened it 1 and 3 s after it failed).
        let emulator = try Emulator(folder: folder)
        defer { emulator.stop() }
        try #require(!emulator.device.isEmpty, "the emulator gave no terminal")
        try FileManager.default.createSymbolicLink(
            atPath: link, withDestinationPath: emulator.device)
        let unseen = wait(board, link, limit: 8) { !$0.values.isEmpty }
        #expect(unseen.values.isEmpty, "\(unseen)")

        // Another subsystem's event is not the adapter's; a tty one is.
        func announce(_ subsystem: String) {
            let message = Array(
                ("add@/devices/usb1/1-1/tty/ttyUSB0\0ACTION=add\0"
                    + "DEVPATH=/devices/usb1/1-1/tty/ttyUSB0\0SUBSYSTEM=\(subsystem)\0").utf8)
            _ = message.withUnsafeBytes { send(kernel, $0.baseAddress, $0.count, 0) }
        }
        announce("net")
        let still = wait(board, link, limit: 4) { !$0.values.isEmpty }
        #expect(still.values.isEmpty, "\(still)")
        announce("tty")
        let read = wait(board, link, limit: 30) { !$0.values.isEmpty }
        #expect(read.values[speed.number].map { (0...255).contains($0) } == true, "\(read)")
    }
}
