import FoundationEssentials
import Glibc
import Testing

@testable import SystemSupport

/// The small text, path and error helpers that stand in for Foundation's full module.
@Suite("Text, paths and errors")
struct TextAndPathTests {
    @Test("trimming removes white space or chosen characters at both ends only")
    func trimming() {
        #expect(" \t42 lx\n".trimmingWhitespace() == "42 lx")
        #expect("   ".trimmingWhitespace() == "")
        #expect(".a.b.".trimming { $0 == "." } == "a.b")
        #expect("\"key\"".trimming { $0 == "\"" || $0 == "'" } == "key")
    }

    @Test("fixed decimals are C's %.*f: rounded, a point in any locale, any length")
    func fixed() {
        #expect(0.4159.fixed(2) == "0.42")
        #expect(12.0.fixed(3) == "12.000")
        #expect((-0.05).fixed(1) == "-0.1")
        #expect(1e20.fixed(1) == "100000000000000000000.0")
        #expect(Float(2.5).fixed(0) == "2")
    }

    @Test("a path's directory and a joined path read as NSString's do")
    func paths() {
        #expect(Paths.directory(of: "/run/nightstand/control") == "/run/nightstand")
        #expect(Paths.directory(of: "/run/nightstand/") == "/run")
        #expect(Paths.directory(of: "/x") == "/")
        #expect(Paths.directory(of: "control.sock") == "")
        #expect(Paths.join("/sys/class", "thermal") == "/sys/class/thermal")
        #expect(Paths.join("/sys/", "thermal") == "/sys/thermal")
        #expect(Paths.join("", "thermal") == "thermal")
    }

    @Test("a file error reads as the system's words for its errno")
    func errors() {
        do {
            _ = try Data(contentsOf: URL(fileURLWithPath: "/no/such/file"))
            Issue.record("read a missing file")
        } catch {
            #expect(reason(of: error) == "No such file or directory")
        }
        #expect(reason(of: POSIXError(.EACCES)) == "Permission denied")
    }

    @Test("a detached thread runs its work; a condition wakes a waiting thread")
    func threads() {
        let condition = Condition()
        let box = Flag()
        DetachedThread.start(name: "test") {
            condition.lock()
            box.value = true
            condition.signal()
            condition.unlock()
        }
        condition.lock()
        while !box.value { condition.wait() }
        condition.unlock()
        #expect(box.value)
        condition.lock()
        #expect(!condition.wait(until: Date().addingTimeInterval(0.05)))
        condition.unlock()
    }

    @Test("huge pages can be turned off for the process, as /proc/self/status then says")
    func hugePages() throws {
        #expect(HugePages.disable() == nil)
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = status.split(separator: "\n").first { $0.hasPrefix("THP_enabled:") }
        try #require(line != nil, "this kernel reports THP_enabled")
        #expect(line?.split(separator: "\t").last == "0")
    }

    @Test("a screen-sized block freed and made again is mapped of its own each time")
    func largeBlocks() {
        #expect(LargeBlocks.fixThreshold())
        // glibc's chunk header, the word before the block: bit 1 says "mapped of its own".
        func isMapped(_ block: UnsafeMutableRawPointer) -> Bool {
            block.load(fromByteOffset: -MemoryLayout<UInt>.size, as: UInt.self) & 2 != 0
        }
        let screen = 1920 * 1080 * 4
        // A heap's free top larger than the threshold goes back with this free, whichever way
        // the block came: the next screen cannot come from a top left by earlier tests.
        free(malloc(screen))
        let first = malloc(screen)!
        #expect(isMapped(first))
        free(first)
        // With glibc's moving threshold, the free above raised it past a screen, and this
        // block would come from the heap, to stay there once freed.
        let second = malloc(screen)!
        #expect(isMapped(second))
        free(second)
        let small = malloc(LargeBlocks.threshold / 2)!
        #expect(!isMapped(small))
        free(small)
    }

    @Test("durations read in their two largest units, the same in every message")
    func durationWords() {
        #expect(DurationWords.seconds(8) == "8 s")
        #expect(DurationWords.seconds(0.25) == "0.2 s")
        #expect(DurationWords.seconds(90) == "1 min 30 s")
        #expect(DurationWords.seconds(3600) == "1 h")
        #expect(DurationWords.seconds(3661) == "1 h 1 min")
        #expect(DurationWords.seconds(273_845) == "3 d 4 h")
        #expect(ProgramFailure.timedOut(seconds: 120).description == "did not finish within 2 min")
    }
}

/// A flag shared between threads under ``Condition``'s mutex.
private final class Flag: @unchecked Sendable {
    var value = false
}
