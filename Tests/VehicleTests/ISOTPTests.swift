import Foundation
import Glibc
import Testing
import Widgets

@testable import Vehicle

/// OBD-II over SocketCAN: the mode-01 messages ISO-TP carries, and the link that writes and
/// reads them, here on a Unix socket pair that keeps message boundaries as an ISO-TP socket
/// does (the kernel's can-isotp is proven in the QEMU VM's car case).
@Suite("OBD-II over ISO-TP", .serialized)
struct ISOTPTests {
    @Test("answers: 41 and the PID then data; 7F 01 refusals; anything else is an error")
    func responses() {
        #expect(OBDAnswer(response: [0x41, 0x0C, 0x14, 0x5F], pid: 0x0C) == .data([0x14, 0x5F]))
        #expect(
            OBDAnswer(response: [0x41, 0x00, 0xBE, 0x1F, 0xB8, 0x13], pid: 0x00)
                == .data([0xBE, 0x1F, 0xB8, 0x13]))
        #expect(OBDAnswer(response: [0x7F, 0x01, 0x31], pid: 0x0C) == .noData)
        #expect(
            OBDAnswer(response: [0x41, 0x0D, 0x50], pid: 0x0C)
                == .error("unexpected answer to 01 0C: 41 0D 50"))
        #expect(
            OBDAnswer(response: [0x41, 0x0C], pid: 0x0C)
                == .error("unexpected answer to 01 0C: 41 0C"))
        #expect(OBDAnswer(response: [], pid: 0x0C) == .error("unexpected answer to 01 0C: "))
        // The ELM327's text goes through the same reading of the bytes.
        #expect(
            OBDAnswer("410C145F\r", pid: 0x0C)
                == OBDAnswer(response: [0x41, 0x0C, 0x14, 0x5F], pid: 0x0C))
    }

    /// An ECU on the other end of a socket pair: answers each request from `answers` (the
    /// request's bytes → the messages sent back), until the link's end closes.
    private final class ECU: @unchecked Sendable {
        let link: Int32
        private let end: Int32
        private let done = DispatchSemaphore(value: 0)

        init(_ answers: [[UInt8]: [[UInt8]]]) {
            var ends: [Int32] = [-1, -1]
            _ = socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue), 0, &ends)
            (link, end) = (ends[0], ends[1])
            _ = fcntl(link, F_SETFL, O_NONBLOCK)
            let (end, done) = (end, done)
            Thread {
                var buffer = [UInt8](repeating: 0, count: 64)
                while true {
                    let count = recv(end, &buffer, buffer.count, 0)
                    guard count > 0 else { break }
                    for message in answers[Array(buffer[0..<count])] ?? [] {
                        _ = send(end, message, message.count, Int32(MSG_NOSIGNAL))
                    }
                }
                done.signal()
            }.start()
        }

        /// Sends `message` unasked (an answer coming late).
        func sendLate(_ message: [UInt8]) {
            _ = Glibc.send(end, message, message.count, Int32(MSG_NOSIGNAL))
        }

        /// Unplugs the ECU: its end closes.
        func unplug() {
            shutdown(end, Int32(SHUT_RDWR))
        }

        deinit {
            shutdown(link, Int32(SHUT_RDWR))
            done.wait()
            close(link)
            close(end)
        }
    }

    @Test("the link asks 01 <pid> and reads the answer; refusals and silence are no data")
    func link() {
        let ecu = ECU([
            [0x01, 0x0C]: [[0x41, 0x0C, 0x1A, 0xF8]],
            [0x01, 0x0D]: [[0x41, 0x0C, 0x1A, 0xF8], [0x41, 0x0D, 0x57]],
            [0x01, 0x05]: [[0x7F, 0x01, 0x12]],
        ])
        var link = ISOTPLink(fd: ecu.link)
        #expect(link.setUp() == nil)
        #expect(link.request(0x0C, timeout: 1) == .data([0x1A, 0xF8]))
        // An answer to another PID first is skipped, not taken.
        #expect(link.request(0x0D, timeout: 1) == .data([0x57]))
        #expect(link.request(0x05, timeout: 1) == .noData)
        let start = Date()
        #expect(link.request(0x2F, timeout: 0.3) == .noData, "no ECU answers")
        #expect(Date().timeIntervalSince(start) >= 0.3)
        #expect(link.lost == nil)
        ecu.unplug()
        #expect(link.request(0x0C, timeout: 1) == nil)
        #expect(link.lost?.hasPrefix("the CAN interface is gone") == true, "\(link.lost ?? "")")
    }

    @Test("a late answer to an earlier request is dropped before the next request")
    func late() {
        let ecu = ECU([[0x01, 0x0D]: [[0x41, 0x0D, 0x57]]])
        var link = ISOTPLink(fd: ecu.link)
        #expect(link.request(0x0D, timeout: 1) == .data([0x57]))
        // An earlier answer to 010D comes after its request timed out: the next 010D gets
        // the ECU's new answer, not that one.
        ecu.sendLate([0x41, 0x0D, 0x99])
        usleep(50_000)
        #expect(link.request(0x0D, timeout: 1) == .data([0x57]))
    }

    @Test("the PIDs the car supports: the bitmaps of 0100 and 0120, shared with the ELM327")
    func supported() {
        let ecu = ECU([
            // 0x01, 0x03…0x07, 0x0C, 0x0D, 0x0F, 0x10, 0x11, 0x13, 0x15, 0x1C, 0x1F, 0x20
            [0x01, 0x00]: [[0x41, 0x00, 0xBE, 0x1F, 0xB8, 0x13]],
            // 0x2F only, no 0x40
            [0x01, 0x20]: [[0x41, 0x20, 0x00, 0x02, 0x00, 0x00]],
        ])
        var link = ISOTPLink(fd: ecu.link)
        guard case .success(let pids) = link.supportedPIDs() else {
            Issue.record("no bitmap")
            return
        }
        #expect(pids.isSuperset(of: [0x01, 0x04, 0x05, 0x0C, 0x0D, 0x0F, 0x20, 0x2F]))
        #expect(!pids.contains(0x02) && !pids.contains(0x42) && !pids.contains(0x40))
    }

    @Test("a CAN interface that is not there: the board says so, clearly")
    func missingInterface() {
        let board = OBDBoard(center: WidgetCenter())
        let device = "nocan7"
        board.watch(device, OBDPID("rpm")!)
        let client = OBDClient(device: device, board: board, hotplug: { nil })
        #expect(client.start())
        defer { client.stop() }
        let end = Date().addingTimeInterval(5)
        while Date() < end, board.reading(device).problem == nil { usleep(20_000) }
        let problem = board.reading(device).problem ?? ""
        #expect(problem.hasPrefix("cannot open the CAN interface nocan7: "), "\(problem)")
    }
}
