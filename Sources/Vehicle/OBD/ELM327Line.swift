import FoundationEssentials
import Glibc
import SystemSupport

/// The serial line to an ELM327 adapter: a command out, the answer in up to the `>` prompt.
struct ELM327Line {
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

    /// The mode-01 PIDs the car supports, from the bitmaps of `0100`, `0120` and `0140`
    /// (each says whether the next bitmap exists); or why there are none.
    mutating func supportedPIDs() -> Result<Set<UInt8>, Problem> {
        var supported: Set<UInt8> = []
        var base: UInt8 = 0
        while base <= 0x40 {
            guard let text = ask("01" + OBDPID.hex(base), timeout: 5) else {
                return .failure(Problem("the OBD adapter did not answer which PIDs the car has"))
            }
            switch ELM327Answer(text, pid: base) {
            case .data(let bitmap) where bitmap.count >= 4:
                for bit in 0..<32 where bitmap[bit / 8] & (0x80 >> (bit % 8)) != 0 {
                    supported.insert(base + UInt8(bit) + 1)
                }
                guard supported.contains(base + 0x20) else { return .success(supported) }
                base += 0x20
            case .noData, .unableToConnect:
                if base > 0 { return .success(supported) }
                return .failure(Problem("no answer from the car: is the engine on?"))
            default:
                return .success(supported)
            }
        }
        return .success(supported)
    }

    /// Why there is no answer.
    struct Problem: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
