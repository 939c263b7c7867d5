import FoundationEssentials
import Glibc
import Testing

@testable import SystemSupport

/// Text from outside printed on a terminal: escape, bell, C1 and bidirectional controls become
/// visible escapes, everywhere the program writes a line.
@Suite("Terminal text")
struct TerminalTextTests {
    private let hostile = "a\u{1B}[2J\u{07}b\u{9B}31m\u{7F}\u{202E}c\td\ne\r"

    @Test("every control is escaped; with keepingLines tabs and line feeds stay; twice is once")
    func escapes() {
        #expect(
            hostile.escapedForTerminal()
                == #"a\u{1B}[2J\u{07}b\u{9B}31m\u{7F}\u{202E}c\td\ne\r"#)
        #expect(
            hostile.escapedForTerminal(keepingLines: true)
                == "a\\u{1B}[2J\\u{07}b\\u{9B}31m\\u{7F}\\u{202E}c\td\ne\\r")
        #expect(hostile.escapedForTerminal().escapedForTerminal() == hostile.escapedForTerminal())
        #expect("Café ☕ \\u{1B} 日本".escapedForTerminal() == "Café ☕ \\u{1B} 日本")
        let left = hostile.escapedForTerminal().unicodeScalars.filter(\.isTerminalControl)
        #expect(left.isEmpty)
    }

    @Test("JSON keeps its value: the controls an encoder leaves become \\u escapes")
    func json() throws {
        let value = ["title": "x\u{9B}y\u{202E}z\u{7F}"]
        let encoded = String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
        let escaped = encoded.jsonEscapedForTerminal()
        #expect(escaped == #"{"title":"x\u009by\u202ez\u007f"}"#)
        #expect(try JSONDecoder().decode([String: String].self, from: Data(escaped.utf8)) == value)
    }

    @Test("a line written to standard error or output has its controls escaped")
    func writtenLines() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        writeLine(hostile, to: ends[1])
        close(ends[1])
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = read(ends[0], &bytes, bytes.count)
        #expect(
            String(decoding: bytes[..<max(0, count)], as: UTF8.self)
                == "a\\u{1B}[2J\\u{07}b\\u{9B}31m\\u{7F}\\u{202E}c\td\ne\\r\n")
    }
}
