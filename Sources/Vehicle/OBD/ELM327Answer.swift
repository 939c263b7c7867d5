/// What an ELM327 adapter answered to one command, read up to its `>` prompt.
///
/// The adapter echoes (until `ATE0`), may put spaces between bytes (until `ATS0`), says
/// `SEARCHING...` while it finds the car's protocol, and answers `NO DATA` when no ECU does
/// (the engine off), `UNABLE TO CONNECT` without a car, `?` to a command it does not know.
enum ELM327Answer: Equatable, Sendable {
    /// The data bytes after `41 <pid>` for a mode-01 request.
    case data([UInt8])
    /// `OK` and other text (`ELM327 v1.5` after `ATZ`).
    case text(String)
    /// No ECU answered: the engine is off or the PID is not supported.
    case noData
    /// The adapter cannot reach the car's bus.
    case unableToConnect
    /// Something else: the words, at most 80 characters.
    case error(String)

    /// The answer in `text` (without the prompt) to the mode-01 request for `pid`, or to an
    /// AT command when `pid` is nil.
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
        let prefix = [0x41, pid]
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
            if bytes.count > 2, Array(bytes.prefix(2)) == prefix {
                self = .data(Array(bytes.dropFirst(2)))
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
