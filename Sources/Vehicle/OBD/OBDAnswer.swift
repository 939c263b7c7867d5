/// What the car (or the adapter in between) answered to one mode-01 request, the same for
/// every way to the car: an ELM327 adapter's text (``init(_:pid:)``) or the bytes of an
/// ISO-TP message on SocketCAN (``init(response:pid:)``).
///
/// An ELM327 echoes (until `ATE0`), may put spaces between bytes (until `ATS0`), says
/// `SEARCHING...` while it finds the car's protocol, and answers `NO DATA` when no ECU does
/// (the engine off), `UNABLE TO CONNECT` without a car, `?` to a command it does not know.
enum OBDAnswer: Equatable, Sendable {
    /// The data bytes after `41 <pid>` for a mode-01 request.
    case data([UInt8])
    /// `OK` and other text of an adapter (`ELM327 v1.5` after `ATZ`).
    case text(String)
    /// No ECU answered (the engine is off), or it refused the PID.
    case noData
    /// The adapter cannot reach the car's bus.
    case unableToConnect
    /// Something else: the words, at most 80 characters.
    case error(String)

    /// The answer in the bytes of a mode-01 response message (SAE J1979, ISO 15765-4): `41`,
    /// the PID and its data; `7F 01` and a code when the ECU refuses (ISO 14229's negative
    /// response: the PID not supported, or not now).
    init(response bytes: [UInt8], pid: UInt8) {
        if bytes.count > 2, bytes[0] == 0x41, bytes[1] == pid {
            self = .data(Array(bytes.dropFirst(2)))
        } else if bytes.count >= 2, bytes[0] == 0x7F, bytes[1] == 0x01 {
            self = .noData
        } else {
            let hex = bytes.prefix(26).map { OBDPID.hex($0) }.joined(separator: " ")
            self = .error("unexpected answer to 01 \(OBDPID.hex(pid)): \(hex)")
        }
    }

    /// The answer in an ELM327's `text` (without the prompt) to the mode-01 request for `pid`,
    /// or to an AT command when `pid` is nil.
    init(_ text: String, pid: UInt8?) {
        let lines = text.split(whereSeparator: { $0 == "\r" || $0 == "\n" })
            .map { $0.trimmingSpaces() }
            .filter { !$0.isEmpty && $0 != "SEARCHING..." }
        let words = lines.joined(separator: " ")
        if words.contains("NO DATA") {
            self = .noData
            return
        }
        if words.contains("UNABLE TO CONNECT") {
            self = .unableToConnect
            return
        }
        guard let pid else {
            self = .text(String(words.prefix(80)))
            return
        }
        for line in lines {
            let hex = line.filter { $0 != " " }
            guard hex.count.isMultiple(of: 2), hex.allSatisfy(\.isHexDigit) else { continue }
            var bytes: [UInt8] = []
            var index = hex.startIndex
            while index < hex.endIndex {
                let next = hex.index(index, offsetBy: 2)
                bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
                index = next
            }
            if case .data(let data) = OBDAnswer(response: bytes, pid: pid) {
                self = .data(data)
                return
            }
        }
        self = .error(String(words.prefix(80)))
    }
}

extension Substring {
    /// Without spaces at either end.
    fileprivate func trimmingSpaces() -> String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
