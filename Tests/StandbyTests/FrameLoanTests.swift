import Foundation
import Raster
import Synchronization
import Testing

@testable import Standby

/// A source that starts after the loop's first turn, recording how many frames were
/// presented by then.
private final class LateSource: EventSource {
    unowned let host: StandbyHost
    private(set) var framesAtStart: [Int] = []

    init(host: StandbyHost) {
        self.host = host
    }

    var startsAfterFirstTurn: Bool { true }

    func start(_ context: SourceContext) throws {
        framesAtStart.append(host.statistics.frames)
    }

    func stop() {}
}

/// The frame on the panel lent to another thread without a copy (``FrameFeed/lend(waking:_:)``):
/// the frame just presented or the one shown now, readable until the loop's next turn.
@Suite("Frames lent by the loop")
struct FrameLoanTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    private func host(clock: SimulatedClock) throws -> StandbyHost {
        try clockHost("[ambient]\nsensor = \"none\"\ntime_zone = \"UTC\"\nfade = 0", clock: clock)
    }

    @Test(
        "a loan asked without waking from a frame observer is the frame just presented, costs no wake-up, and lasts until the loop's next turn"
    )
    func loanWithTheFrame() throws {
        /// The loop's wake-ups over a change of mode, and the loans made, with or without an
        /// observer asking for one at each frame.
        func run(lending: Bool) throws -> (wakeups: Int, loans: [CanvasLoan], host: StandbyHost) {
            let clock = SimulatedClock(start: start)
            let host = try host(clock: clock)
            host.run(until: start + 30)
            let loans = Mutex<[CanvasLoan]>([])
            let feed = host.frames
            let watch = host.frames.observe { _ in
                guard lending else { return }
                feed.lend(waking: false) { loan in loans.withLock { $0.append(loan) } }
            }
            let wakeups = host.statistics.wakeups
            host.events.post(.command(.setMode(.night)))
            host.run(until: start + 45)
            watch.cancel()
            return (host.statistics.wakeups - wakeups, loans.withLock { $0 }, host)
        }
        let plain = try run(lending: false)
        let lending = try run(lending: true)
        #expect(lending.wakeups == plain.wakeups, "no wake-up for the loans")
        let lent = try #require(lending.loans.last)
        #expect(lent.isLent, "the frame stays lent while the loop sleeps")
        let png = try PNGEncoder.encode(lent)
        let screen = try PNGEncoder.encode(lending.host.screen)
        #expect(png == screen, "the exact pixels on the panel")
        // The next minute's clock: the loop turns and draws, and the loan ends first.
        lending.host.run(until: start + 95)
        #expect(!lent.isLent)
        #expect(throws: PNGError.self) { try PNGEncoder.encode(lent) }
    }

    @Test(
        "a loan asked from another thread wakes the loop, and lasts past the turn that lent it until the next"
    )
    func wakingLoan() throws {
        let clock = SimulatedClock(start: start)
        let host = try host(clock: clock)
        host.run(until: start + 30)
        let lent = Mutex<CanvasLoan?>(nil)
        let wakeups = host.statistics.wakeups
        let frames = host.frames
        Thread.detachNewThread {
            frames.lend { loan in lent.withLock { $0 = loan } }
        }
        let deadline = Date().addingTimeInterval(30)
        var t = start + 30
        while lent.withLock({ $0 == nil }) && Date() < deadline {
            t += 0.01
            host.run(until: t)
            Thread.sleep(forTimeInterval: 0.01)
        }
        let loan = try #require(lent.withLock { $0 })
        #expect(host.statistics.wakeups - wakeups >= 1)
        #expect(loan.isLent, "not ended by the turn that lent it")
        let png = try PNGEncoder.encode(loan)
        let screen = try PNGEncoder.encode(host.screen)
        #expect(png == screen)
        host.run(until: start + 95)
        #expect(!loan.isLent, "ended by the next minute's turn")
    }

    @Test("a source that starts late starts after the first frame, once per run of the loop")
    func lateSource() throws {
        let clock = SimulatedClock(start: start)
        let host = try host(clock: clock)
        let source = LateSource(host: host)
        host.add(source)
        host.run(until: start + 5)
        #expect(source.framesAtStart == [1])
        host.run(until: start + 10)
        #expect(source.framesAtStart.count == 2)
    }
}
