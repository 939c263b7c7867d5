import FoundationEssentials
import Glibc
import SystemSupport

/// The serial line to an ELM327 adapter: a command out, the answer in up to the `>` prompt.
struct ELM327Line: OBDLink {
    let fd: Int32
    /// Why the line is gone (the adapter unplugged), once a read or write failed.
    private(set) var lost: String?

    /// The longest answer kept: longer ones are garbage.
    static let limit = 1024

    init(fd: Int32) {
        self.fd = fd
    }

    /// Raw mode at 38400 baud (a pseudo-terminal ignores the speed).
    func makeRaw() {
        var settings = termios()
        guard tcgetattr(fd, &settings) == 0 else { return }
        cfmakeraw(&settings)
        cfsetispeed(&settings, speed_t(B38400))
        cfsetospeed(&settings, speed_t(B38400))
        tcsetattr(fd, TCSANOW, &settings)
    }

    /// Resets the adapter: echo, line feeds, spaces and headers off, automatic protocol.
    mutating func setUp() -> String? {
        for command in ["ATZ", "ATE0", "ATL0", "ATS0", "ATH0", "ATSP0"] {
            guard ask(command, timeout: command == "ATZ" ? 3 : 1) != nil else {
                return lost ?? "the OBD adapter does not answer as an ELM327"
            }
        }
        return nil
    }

    /// Sends `01` and the PID, and reads the answer.
    mutating func request(_ pid: UInt8, timeout: Double) -> OBDAnswer? {
        ask("01" + OBDPID.hex(pid), timeout: timeout).map { OBDAnswer($0, pid: pid) }
    }

    /// Sends `command` and returns the answer before the prompt, or nil when none came within
    /// `timeout` seconds (``lost`` says when the line itself failed).
    mutating func ask(_ command: String, timeout: Double) -> String? {
        tcflush(fd, TCIFLUSH)
        let bytes = Array((command + "\r").utf8)
        guard bytes.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == bytes.count else {
            lost = "the OBD adapter is gone: \(systemError(errno))"
            return nil
        }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let wait = max(1, Int32(end.timeIntervalSinceNow * 1000))
            let ready = poll(&poller, 1, min(wait, 1000))
            if ready < 0 && errno == EINTR { continue }
            if ready > 0 && poller.revents & Int16(POLLHUP | POLLERR) != 0
                && poller.revents & Int16(POLLIN) == 0
            {
                lost = "the OBD adapter is gone (the device hung up)"
                return nil
            }
            guard ready > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && (errno == EAGAIN || errno == EINTR) { continue }
            guard count > 0 else {
                lost = "the OBD adapter is gone: \(count == 0 ? "end of file" : systemError(errno))"
                return nil
            }
            for byte in buffer[0..<count] {
                if byte == UInt8(ascii: ">") {
                    return String(decoding: answer, as: UTF8.self)
                }
                // Garbage beyond the limit: keep the newest bytes only.
                if answer.count == Self.limit { answer.removeFirst(Self.limit / 2) }
                answer.append(byte)
            }
        }
        return nil
    }
}
