import Glibc
import Testing

@testable import SystemSupport

/// Lines read from a descriptor with read(2): line breaks, the last line, long lines, the end.
@Suite("LineReader")
struct LineReaderTests {
    /// A reader of a pipe that `text` was written into and closed.
    private func reader(of text: String, limit: Int = 4096) throws -> LineReader {
        try reader(of: Array(text.utf8), limit: limit)
    }

    /// A reader of a pipe that `bytes` were written into and closed.
    private func reader(of bytes: [UInt8], limit: Int = 4096) throws -> LineReader {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        let written = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        #expect(written == bytes.count)
        close(ends[1])
        return LineReader(descriptor: ends[0], limit: limit)
    }

    @Test("lines come without their breaks, the text after the last break too, then nil")
    func lines() throws {
        var input = try reader(of: "blank\nunblank\n\nlast")
        #expect(input.next() == "blank")
        #expect(input.next() == "unblank")
        #expect(input.next() == "")
        #expect(input.next() == "last")
        #expect(input.next() == nil)
        #expect(input.next() == nil)
    }

    @Test("a line longer than the limit comes in pieces of the limit")
    func longLines() throws {
        var input = try reader(of: String(repeating: "a", count: 10) + "\nb\n", limit: 4)
        #expect(input.next() == "aaaa")
        #expect(input.next() == "aaaa")
        #expect(input.next() == "aa")
        #expect(input.next() == "b")
        #expect(input.next() == nil)
    }

    @Test("a line longer than one read(2) comes whole; invalid UTF-8 is replaced")
    func bigReads() throws {
        let long = String(repeating: "x", count: 1500)
        var input = try reader(of: long + "\n")
        #expect(input.next() == long)
        #expect(input.next() == nil)
        var invalid = try reader(of: [0xFF, 0x6F, 0x6B, 0x0A])
        #expect(invalid.next() == "\u{FFFD}ok")
    }

    @Test("an empty input or a descriptor that can't be read ends at once")
    func nothing() throws {
        var empty = try reader(of: "")
        #expect(empty.next() == nil)
        var closed = LineReader(descriptor: -1)
        #expect(closed.next() == nil)
    }
}
