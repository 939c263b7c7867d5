import EventCore
import FoundationEssentials
import Raster
import SystemSupport

extension StandbyHost {
    /// The shortest time between two frames while something moves (``HostControl/animate(until:)``):
    /// 60 frames a second at most; a display that flips slower paces the loop itself.
    public static let frameInterval: TimeInterval = 1.0 / 60

    /// Adds a source of events, started when ``run(until:)`` starts and stopped when it ends.
    ///
    /// ```swift
    /// host.add(try SensorHotplug())
    /// ```
    public func add(_ source: any EventSource) {
        sources.add(source)
    }

    /// Runs the loop until stopped (``HostEvent/stop``), or until the clock reaches `end`; on
    /// the thread that owns the host.
    ///
    /// Each pass takes one turn (``turn(at:)``: fetches, appearance, drawing what changed),
    /// then sleeps in the clock's one wait until the earliest deadline
    /// (``nextDeadline(after:)``) or until an event arrives, applies the events that arrived
    /// in order, and runs the wakes sources asked for.
    ///
    /// Start-up and the first turn run code once: in the program's own run, the read-only pages
    /// they mapped in are given back (``SystemSupport/ResidentPages/trim()``) before the first
    /// turn and again after it, before the sources that start late
    /// (``EventSource/startsAfterFirstTurn``: the network) start: the resident set is then what
    /// the display uses, and the peak is not start-up's pages and the network's together.
    public func run(until end: Date? = nil) {
        let center = widgets.center
        center.onReloadRequest { [events] in
            // The request is taken at the start of the next turn; the event only wakes the loop.
            events.post(HostEvent(internal: "reload requested") { _ in })
        }
        let receiving = loop.receive(from: events) { [unowned self] arrived in
            for event in arrived { event.apply(self) }
        }
        sources.start(self)
        defer {
            sources.stop()
            receiving.cancel()
            center.onReloadRequest(nil)
            for runtime in runtimes { runtime.cancelFetch() }
            systemd.stopping()
        }
        var first = true
        while !stopped {
            let now = clock.now
            if let end, now >= end { break }
            if first { ResidentPages.trim() }
            turn(at: now)
            if first {
                ResidentPages.trim()
                sources.start(self, afterFirstTurn: true)
                first = false
            }
            systemd.ping()
            var deadline = nextDeadline(after: now)
            if let end { deadline = min(deadline ?? end, end) }
            let busy = widgets.isFetching || ambient.isReading
            clock.wait(until: deadline, on: loop, busy: busy)
            statistics.wakeups += 1
            sources.timers.fire(at: clock.now)
        }
    }

    /// Draws one frame at the clock's time once every provider answered or timed out.
    ///
    /// This is what `nightstand snapshot` shows. It waits real time, at most the provider
    /// timeout, for the providers and for the photos view's first photo.
    public func drawSettledFrame() {
        let receiving = loop.receive(from: events) { [unowned self] arrived in
            for event in arrived { event.apply(self) }
        }
        defer { receiving.cancel() }
        let now = clock.now
        turn(at: now)
        let giveUp = Date().addingTimeInterval(providerTimeout)
        while widgets.isFetching || views.isLoading {
            let remaining = giveUp.timeIntervalSinceNow
            loop.wait(timeout: max(remaining, 0))
            views.prepare(at: now)
            if remaining <= 0 {
                // Time out every fetch still running, at the host's deadline.
                for runtime in runtimes {
                    if let change = runtime.timeOutFetch(
                        now: .distantFuture, timeout: providerTimeout)
                    {
                        report(change, of: runtime)
                    }
                }
                break
            }
        }
        drawChanges(at: now)
    }
}
