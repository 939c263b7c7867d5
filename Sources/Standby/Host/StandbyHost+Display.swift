import Display
import FoundationEssentials
import Raster

/// The display the host draws on, and how it is doing.
struct DisplayOutput {
    /// Where frames go.
    var sink: any FrameSink
    /// When to present the frame again because the display could not show it (see
    /// `FrameSink.retryInterval`).
    var retry: Date?
    /// Whether the last present failed: a failing display is logged when it starts failing
    /// and when it recovers, not at every frame.
    var failing = false
}

extension StandbyHost {
    /// Hands the canvas's `damage` to the display, and plans a retry when the display could
    /// not show it (master or connector lost).
    ///
    /// A failure is logged once, when the display starts failing, and its recovery once.
    func present(_ damage: [IntRect], at now: Date) {
        do {
            try sink.present(screen, damage: damage)
            if output.failing {
                output.failing = false
                log.notice("display: recovered, frames are shown again")
            }
            statistics.frames += 1
            systemd.ready()
            frames.presented(
                FrameFeed.Presented(
                    number: statistics.frames, time: now, damage: damage, size: screen.size))
            // What the observers asked for as they heard of it: a copy or a loan of this frame.
            frames.deliverCaptures(self)
            frames.deliverLoans(self, presented: true)
        } catch {
            if !output.failing {
                output.failing = true
                log.error("display: \(error); not logged again until a frame is shown")
            }
        }
        output.retry = sink.retryInterval.map { now.addingTimeInterval($0) }
    }

    /// Gives the display up: the console switches to another VT.
    func releaseDisplay() {
        log.info("display released: the console switched to another VT")
        sink.releaseDisplay()
        output.retry = nil
    }

    /// Takes the display back and shows the whole frame: the console switched back.
    func acquireDisplay() {
        log.info("display back: the console switched back to our VT")
        sink.acquireDisplay()
        present([screen.bounds], at: clock.now)
    }
}
