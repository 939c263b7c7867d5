import CSystemSupport
import FoundationEssentials
import Glibc
import SystemSupport

/// OBD-II over SocketCAN (a CAN HAT's `can0`): mode-01 requests to the engine's ECU as ISO-TP
/// messages (ISO 15765-2) through the kernel's `can-isotp` socket, which does the framing
/// (single frames, flow control, padding); this link writes `01 <pid>` and reads the answer.
///
/// The ECU is asked at its physical address (ISO 15765-4, 11-bit ids): requests to 0x7E0,
/// answers from 0x7E8. The interface's bit rate is the system's (`ip link set can0 type can
/// bitrate 500000`).
struct ISOTPLink: OBDLink {
    let fd: Int32
    private(set) var lost: String?

    /// The engine ECU's request id.
    static let requestID: UInt32 = 0x7E0
    /// The engine ECU's response id.
    static let responseID: UInt32 = 0x7E8
    /// The longest message read: longer ones are cut (ISO-TP carries up to 4,095 bytes; a
    /// mode-01 answer has at most 6).
    static let limit = 64

    /// The link on an ISO-TP socket (or, in tests, any datagram socket).
    init(fd: Int32) {
        self.fd = fd
    }

    /// Opens an ISO-TP socket on `interface`: the descriptor, or -1 with errno.
    static func open(_ interface: String) -> Int32 {
        nightstand_isotp_socket(interface, requestID, responseID)
    }

    /// Nothing to ready: the kernel frames the messages.
    mutating func setUp() -> String? { nil }

    /// Writes `01 <pid>` and reads the answer to it.
    ///
    /// No answer within `timeout` is no ECU answering (the engine off). A late answer to an
    /// earlier request is dropped.
    mutating func request(_ pid: UInt8, timeout: Double) -> OBDAnswer? {
        var buffer = [UInt8](repeating: 0, count: Self.limit)
        while receive(&buffer) != nil {}
        guard lost == nil else { return nil }
        let message: [UInt8] = [0x01, pid]
        guard send(fd, message, message.count, Int32(MSG_NOSIGNAL)) == message.count else {
            lost = "the CAN interface is gone: \(systemError(errno))"
            return nil
        }
        let end = Date().addingTimeInterval(timeout)
        while end.timeIntervalSinceNow > 0 {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(end.timeIntervalSinceNow * 1000) + 1)
            guard ready > 0 else { continue }
            guard let bytes = receive(&buffer) else {
                if lost != nil { return nil }
                continue
            }
            let answer = OBDAnswer(response: bytes, pid: pid)
            if case .error = answer { continue }
            return answer
        }
        return .noData
    }

    /// One message, or nil when none is waiting (``lost`` says when the socket failed: the
    /// interface down or gone).
    private mutating func receive(_ buffer: inout [UInt8]) -> [UInt8]? {
        let count = buffer.withUnsafeMutableBytes {
            recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT))
        }
        if count > 0 { return Array(buffer[0..<count]) }
        if count < 0 && (errno == EAGAIN || errno == EINTR) { return nil }
        lost = "the CAN interface is gone: \(count == 0 ? "end of file" : systemError(errno))"
        return nil
    }
}
