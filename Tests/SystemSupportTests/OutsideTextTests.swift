import NightstandTesting
import Synchronization
import Testing

@testable import SystemSupport

/// Outside text in the log: escaped as one line, and limited per source.
@Suite("Outside text in the log")
struct OutsideTextTests {
    @Test("a payload with a line break and an escape sequence logs as one escaped line")
    func forgedLine() {
        let recorder = LogRecorder()
        let log = recorder.logger(label: "test")
        let payload = Array("night\n2026-01-01T00:00:00+0000 critical nightstand : \u{1B}[2K".utf8)
        log.notice("ignored \"\(escaping: payload)\" on \(escaping: "a/b\r")")
        #expect(
            recorder.messages == [
                "notice: ignored \"night\\n2026-01-01T00:00:00+0000 critical nightstand : "
                    + "\\u{1B}[2K\" on a/b\\r"
            ])
        #expect(!recorder.messages[0].contains("\n") && !recorder.messages[0].contains("\u{1B}"))
    }

    @Test("C1, DEL, bidi controls, invalid UTF-8 and backslashes show as escapes")
    func escapes() {
        #expect(OutsideText.escaped([0x61, 0x7F, 0xC2, 0x85, 0x62]) == "a\\u{7F}\\u{85}b")
        #expect(OutsideText.escaped([0xFF, 0xC3, 0x28, 0xE2, 0x82]) == "\\xFF\\xC3(\\xE2\\x82")
        #expect(OutsideText.escaped([0xED, 0xA0, 0x80]) == "\\xED\\xA0\\x80", "a surrogate")
        #expect(OutsideText.escaped([0xC0, 0xAF]) == "\\xC0\\xAF", "an overlong /")
        #expect(OutsideText.escaped("abc\u{202E}cba\u{2028}") == "abc\\u{202E}cba\\u{2028}")
        #expect(OutsideText.escaped("a\\nb") == "a\\\\nb")
        #expect(OutsideText.escaped("Zürich 🌙") == "Zürich 🌙")
    }

    @Test("long text is cut at the limit, and the line says how long it was")
    func limit() {
        let long = [UInt8](repeating: UInt8(ascii: "x"), count: 70_000)
        let line = OutsideText.escaped(long)
        #expect(line == String(repeating: "x", count: 200) + "… (70000 bytes)")
        #expect(OutsideText.escaped("abcdef", limit: 3) == "abc… (6 bytes)")
        #expect(OutsideText.escaped("abc", limit: 3) == "abc")
    }

    @Test("20,000 bad commands from one source log ten lines, then how many were left out")
    func rateLimit() {
        let recorder = LogRecorder()
        let clock = ManualInstant()
        let limiter = LogLimiter(
            log: recorder.logger(label: "test"), lines: 10, per: .seconds(60),
            now: { clock.now })
        let built = Mutex(0)
        for index in 0..<20_000 {
            limiter.notice(
                source: "mode/set",
                { () -> String in
                    built.withLock { $0 += 1 }
                    return "ignored \(index)"
                }())
        }
        // Another source has a window of its own.
        limiter.warning(source: "view/set", "ignored on view/set")
        #expect(recorder.messages.count == 11)
        #expect(built.withLock { $0 } == 10, "lines left out are not built")
        #expect(limiter.flush() == clock.now + .seconds(60))
        clock.advance(.seconds(61))
        limiter.notice(source: "mode/set", "ignored again")
        #expect(
            Array(recorder.messages.suffix(2)) == [
                "notice: 19990 more line(s) about mode/set left out in 60 s",
                "notice: ignored again",
            ])
        #expect(limiter.flush() == nil)
    }

    @Test("made-up sources share one window beyond the sources followed")
    func manySources() {
        let recorder = LogRecorder()
        let clock = ManualInstant()
        let limiter = LogLimiter(
            log: recorder.logger(label: "test"), lines: 1, per: .seconds(60),
            now: { clock.now })
        for index in 0..<10_000 { limiter.warning(source: "topic/\(index)", "bad \(index)") }
        #expect(recorder.messages.count == LogLimiter.sourceLimit + 1)
        clock.advance(.seconds(60))
        limiter.flush()
        #expect(
            recorder.messages.last
                == "warning: \(10_000 - LogLimiter.sourceLimit - 1) more line(s) about other "
                + "sources left out in 60 s")
    }
}

/// A clock the test moves.
private final class ManualInstant: Sendable {
    private let current = Mutex(ContinuousClock.now)

    var now: ContinuousClock.Instant { current.withLock { $0 } }

    func advance(_ duration: Duration) { current.withLock { $0 += duration } }
}
