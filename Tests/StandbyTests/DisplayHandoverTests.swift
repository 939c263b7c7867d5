import Display
import Foundation
import NightstandTesting
import Raster
import Testing
import Widgets

@testable import Standby

/// A sink that records what the host asks of it, and says the display is lost when told to.
private final class RecordingSink: FrameSink {
    let size = PixelSize(width: 400, height: 240)
    let format = PixelFormat.xrgb8888
    let rotation = Rotation.degrees0
    var presents: [[IntRect]] = []
    var releases = 0
    var acquires = 0
    var retryInterval: Double?
    /// Whether presents fail (as a lost DRM master's do).
    var failing = false

    func present(_ canvas: Canvas, damage: [IntRect]) throws {
        presents.append(damage)
        if failing { throw DRMError.notMaster(connector: "HDMI-A-1") }
    }
    func blank(_ blanked: Bool) throws {}
    func releaseDisplay() { releases += 1 }
    func acquireDisplay() { acquires += 1 }
    func close() {}
    var description: String { "recording" }
}

@Suite("The host hands the display over on VT switches and retries a lost one")
struct DisplayHandoverTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)  // a whole minute

    private func host(_ sink: RecordingSink, clock: SimulatedClock) throws -> StandbyHost {
        try clockHost(sink: sink, clock: clock)
    }

    @Test("Release gives the display up; acquire takes it back and presents the whole screen")
    func vtSwitch() async throws {
        let sink = RecordingSink()
        let clock = SimulatedClock(start: start)
        let host = try host(sink, clock: clock)
        host.run(until: start + 10)
        let drawn = sink.presents.count
        host.events.post(.command(.releaseDisplay))
        host.run(until: start + 20)
        #expect(sink.releases == 1)
        #expect(sink.acquires == 0)
        #expect(sink.presents.count == drawn)
        host.events.post(.command(.acquireDisplay))
        host.run(until: start + 30)
        #expect(sink.acquires == 1)
        #expect(sink.presents.count == drawn + 1)
        #expect(sink.presents.last == [IntRect(size: sink.size)])
    }

    @Test("While the sink asks for a retry, the whole screen is presented again at that interval")
    func retry() async throws {
        let sink = RecordingSink()
        sink.retryInterval = 1
        let clock = SimulatedClock(start: start)
        let host = try host(sink, clock: clock)
        host.run(until: start + 5.5)
        // The first frames, then one full present a second.
        let retries = sink.presents.suffix(5)
        #expect(retries.count == 5)
        #expect(retries.allSatisfy { $0 == [IntRect(size: sink.size)] })
        sink.retryInterval = nil  // the display is back
        let count = sink.presents.count
        host.run(until: start + 59)
        #expect(sink.presents.count == count + 1)  // the retry that found it back, no more
    }

    @Test("A failing display is logged once when it starts failing and once when it recovers")
    func failuresLoggedOnce() throws {
        let sink = RecordingSink()
        let clock = SimulatedClock(start: start)
        let recorder = LogRecorder()
        sink.retryInterval = 1  // the whole screen again every second
        let host = try clockHost(
            sink: sink, clock: clock, log: recorder.logger(label: "nightstand"))
        host.run(until: start + 10)
        sink.failing = true
        let before = sink.presents.count
        host.run(until: start + 30)
        #expect(sink.presents.count >= before + 19)  // a retry a second, each failing
        sink.failing = false
        host.run(until: start + 40)
        sink.failing = true
        host.run(until: start + 50)
        let display = recorder.messages.filter { $0.contains("display:") }
        #expect(
            display == [
                "error: display: \(DRMError.notMaster(connector: "HDMI-A-1")); "
                    + "not logged again until a frame is shown",
                "notice: display: recovered, frames are shown again",
                "error: display: \(DRMError.notMaster(connector: "HDMI-A-1")); "
                    + "not logged again until a frame is shown",
            ])
    }
}
