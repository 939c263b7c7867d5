import FoundationEssentials
import Raster

extension StandbyHost {
    /// Hands the canvas's `damage` to the display, and plans a retry when the display could
    /// not show it (master or connector lost).
    ///
    /// A failure is logged once, when the display starts failing, and its recovery once.
    func present(_ damage: [IntRect], at now: Date) {
        do {
            try sink.present(screen, damage: damage)
            if displayFailing {
                displayFailing = false
                log.notice("display: recovered, frames are shown again")
            }
            statistics.frames += 1
            if !announcedReady {
                announcedReady = true
                notifier.notify("READY=1")
            }
            frames.presented(
                FrameFeed.Presented(
                    number: statistics.frames, time: now, damage: damage, size: screen.size))
        } catch {
            if !displayFailing {
                displayFailing = true
                log.error("display: \(error); not logged again until a frame is shown")
            }
        }
        displayRetry = sink.retryInterval.map { now.addingTimeInterval($0) }
    }

    /// Gives the display up: the console switches to another VT.
    func releaseDisplay() {
        log.info("display released: the console switched to another VT")
        sink.releaseDisplay()
        displayRetry = nil
    }

    /// Takes the display back and shows the whole frame: the console switched back.
    func acquireDisplay() {
        log.info("display back: the console switched back to our VT")
        sink.acquireDisplay()
        present([screen.bounds], at: clock.now)
    }
}
