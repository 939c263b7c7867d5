import CSystemSupport
import Display
import Foundation
import Raster
import Synchronization
import Testing
import Widgets

@testable import Standby

/// A source that watches a pipe on the loop: each byte written is a mode (d: dim, n: night).
private final class PipeSource: EventSource {
    let ends: (read: Int32, write: Int32)
    private var watch: FileWatch?
    private(set) var started = 0
    private(set) var stopped = 0
    private(set) var configurations: [Configuration] = []

    init() throws {
        var fds: [Int32] = [-1, -1]
        guard nightstand_pipe2(&fds, O_CLOEXEC | O_NONBLOCK) == 0 else { throw Broken() }
        ends = (fds[0], fds[1])
    }

    deinit {
        close(ends.read)
        close(ends.write)
    }

    func send(_ byte: Character) {
        var value = byte.asciiValue ?? 0
        _ = write(ends.write, &value, 1)
    }

    func start(_ context: SourceContext) throws {
        started += 1
        watch = context.watch(ends.read) { [ends] control in
            var byte: UInt8 = 0
            while read(ends.read, &byte, 1) == 1 {
                control.apply(.setMode(byte == UInt8(ascii: "n") ? .night : .dim))
            }
        }
    }

    func stop() {
        stopped += 1
        watch?.cancel()
    }

    func configurationChanged(_ configuration: Configuration) {
        configurations.append(configuration)
    }
}

/// A source that posts from a thread of its own, as a network client's thread would: the
/// thread starts with the first loop and posts once, a moment later.
private final class ThreadSource: EventSource {
    private var thread: Thread?

    func start(_ context: SourceContext) throws {
        guard thread == nil else { return }
        let events = context.events
        let thread = Thread {
            Thread.sleep(forTimeInterval: 0.05)
            events.post(HostEvent("remote: night") { $0.apply(.setMode(.night)) })
        }
        self.thread = thread
        thread.start()
    }

    func stop() {
        // The thread ends by itself after its one post (a real source would end it here).
    }
}

/// A source that asks, as the first loop starts, to be woken at instants of the host's clock.
private final class AlarmSource: EventSource {
    let at: [TimeInterval]
    private(set) var rang: [Date] = []
    private var wakes: [ScheduledWake] = []

    init(at: [TimeInterval]) {
        self.at = at
    }

    func start(_ context: SourceContext) throws {
        // Once, with the first loop: a later loop finds the wakes cancelled.
        guard wakes.isEmpty else { return }
        let start = context.now
        wakes = at.map { offset in
            context.wake(at: start + offset) { [unowned self, unowned context] _ in
                rang.append(context.now)
            }
        }
    }

    func stop() {
        for wake in wakes { wake.cancel() }
    }
}

@Suite("Event sources, verbs, timers and observers of the host")
struct EventSourceTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    private func host(clock: SimulatedClock) throws -> StandbyHost {
        try clockHost("[ambient]\nsensor = \"none\"\ntime_zone = \"UTC\"\nfade = 0", clock: clock)
    }

    @Test("a source's descriptor is watched on the loop; its handler acts through the verbs")
    func descriptorSource() throws {
        let clock = SimulatedClock(start: start)
        let host = try host(clock: clock)
        let source = try PipeSource()
        host.add(source)
        source.send("n")
        host.run(until: start + 5)
        #expect(host.appearance == .night)
        #expect(host.ambient.mode == .night)
        #expect(source.started == 1 && source.stopped == 1, "started and stopped with the loop")
        source.send("d")
        host.run(until: start + 10)
        #expect(host.appearance == .dim)
        #expect(source.started == 2 && source.stopped == 2)
    }

    @Test("a source's thread posts events; they arrive on the loop's thread")
    func threadSource() throws {
        let clock = SimulatedClock(start: start)
        let host = try host(clock: clock)
        host.add(ThreadSource())
        // Real time passes while the loop waits for the thread's event (the clock is busy
        // only with fetches, so let it run over simulated time in small steps).
        let deadline = Date().addingTimeInterval(20)
        var t = start
        while host.appearance != .night && Date() < deadline {
            t += 1
            host.run(until: t)
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(host.appearance == .night)
    }

    @Test("a source's wakes run at their instants of the host's clock, and a cancelled one not")
    func wakes() throws {
        let clock = SimulatedClock(start: start)
        let host = try host(clock: clock)
        let alarm = AlarmSource(at: [90.5, 3600.25])
        host.add(alarm)
        host.run(until: start + 100)
        #expect(alarm.rang == [start + 90.5])
        // The second wake was cancelled when the loop stopped.
        host.run(until: start + 7200)
        #expect(alarm.rang == [start + 90.5])
    }

    @Test(
        "observers see each status that changes and each frame presented; a capture copies the screen"
    )
    func observers() throws {
        let clock = SimulatedClock(start: start)
        let host = try host(clock: clock)
        let seen = Mutex<[String]>([])
        let frames = Mutex<[Int]>([])
        let statusWatch = host.status.observe { status in
            seen.withLock { $0.append(status.appearance + "/" + status.mode) }
        }
        let frameWatch = host.frames.observe { frame in frames.withLock { $0.append(frame.number) }
        }
        host.run(until: start + 30)
        host.events.post(.command(.setMode(.night)))
        host.run(until: start + 40)
        #expect(seen.withLock { $0.contains("night/night") })
        #expect(seen.withLock { $0.filter { $0 == "night/night" }.count } <= 2)
        #expect(frames.withLock { $0 } == Array(1...host.statistics.frames))

        let captured = Mutex<Bitmap?>(nil)
        host.frames.capture { bitmap in captured.withLock { $0 = bitmap } }
        host.run(until: start + 41)
        let bitmap = try #require(captured.withLock { $0 })
        #expect(bitmap.size == host.screen.size)
        let png = try PNGEncoder.encode(bitmap)
        let screen = try PNGEncoder.encode(host.screen)
        #expect(png == screen, "the exact pixels on the panel")

        statusWatch.cancel()
        frameWatch.cancel()
        let before = frames.withLock { $0.count }
        host.events.post(.command(.setMode(.day)))
        host.run(until: start + 50)
        #expect(frames.withLock { $0.count } == before, "a cancelled observer hears no more")
    }

    @Test(
        "a capture asked without waking from a frame observer gets the frame just presented, and costs the loop no turn"
    )
    func captureWithTheFrame() throws {
        /// The loop's wake-ups over a change of mode, and the captures taken, with or without
        /// an observer asking for one at each frame.
        func run(capturing: Bool) throws -> (wakeups: Int, captured: [Int], frames: Int) {
            let clock = SimulatedClock(start: start)
            let host = try host(clock: clock)
            host.run(until: start + 30)
            let captured = Mutex<[Int]>([])
            let feed = host.frames
            let watch = host.frames.observe { frame in
                guard capturing else { return }
                feed.capture(waking: false) { bitmap in
                    captured.withLock { $0.append(frame.number) }
                    #expect(bitmap.size == frame.size)
                }
            }
            let (wakeups, frames) = (host.statistics.wakeups, host.statistics.frames)
            host.events.post(.command(.setMode(.night)))
            host.run(until: start + 45)
            watch.cancel()
            return (
                host.statistics.wakeups - wakeups, captured.withLock { $0 },
                host.statistics.frames - frames
            )
        }
        let plain = try run(capturing: false)
        let capturing = try run(capturing: true)
        #expect(capturing.frames > 0)
        #expect(capturing.captured.count == capturing.frames, "one copy per frame, each its own")
        #expect(capturing.wakeups == plain.wakeups, "no wake-up for the copies")
    }

    @Test("a capture from another thread waits for the loop and gets the frame")
    func blockingCapture() throws {
        let clock = SimulatedClock(start: start)
        let host = try host(clock: clock)
        host.run(until: start + 1)
        let result = Mutex<Bitmap?>(nil)
        let frames = host.frames
        Thread.detachNewThread {
            let bitmap = frames.capture(timeout: 30)
            result.withLock { $0 = bitmap }
        }
        let deadline = Date().addingTimeInterval(30)
        var t = start + 1
        while result.withLock({ $0 == nil }) && Date() < deadline {
            t += 1
            host.run(until: t)
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(result.withLock { $0?.size } == host.screen.size)
        #expect(frames.capture(timeout: 0.01) == nil, "no loop running: no frame, no hang")
    }

    @Test("an animation turns the loop at the display's pace, then it sleeps again")
    func animation() throws {
        let clock = SimulatedClock(start: start)
        let host = try host(clock: clock)
        host.run(until: start + 1)
        let before = host.statistics.wakeups
        host.events.post(HostEvent("animate") { $0.animate(until: clock.now + 1) })
        host.run(until: start + 2)
        let during = host.statistics.wakeups - before
        #expect((55...66).contains(during), "\(during) wakes for a second of animation")
        let after = host.statistics.wakeups
        host.run(until: start + 59)
        #expect(host.statistics.wakeups - after <= 2, "back to sleeping until the minute")
    }
}
