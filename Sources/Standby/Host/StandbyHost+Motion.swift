import Display
import FoundationEssentials
import StandbyViews

extension StandbyHost {
    /// When the view on screen next changes by itself after `now`: a widget's live text, the
    /// clock's minute, the photos' next photo or the time over them.
    func nextViewChange(after now: Date) -> Date? {
        switch views.onScreen {
        case .widgets?: return painter.nextChange
        case .clock?: return views.clock?.painter.nextChange
        case .photos?: return views.photos?.nextChange(after: now)
        case nil: return nil
        }
    }

    /// When the next moving frame is due after `now`, paced by the display
    /// (`Display.FramePacing`); nil at rest, and while a finger holds the pages (they move
    /// when it does: each of its moves is an event).
    ///
    /// - Page-flip events (DRM): the card's descriptor is watched while something moves, and
    ///   the loop turns when the last frame is on screen; the deadline, two refreshes away,
    ///   only guards against an event that never comes.
    /// - Vertical blank (fbdev): the next turn at once; it waits for the blank before drawing.
    /// - Timer: one refresh from now.
    func nextMotionFrame(after now: Date) -> Date? {
        let moving =
            (views.deck.isMoving(at: now) && !views.deck.pager.isDragging)
            || views.stacks.values.contains { $0.pager.isMoving(at: now) && !$0.pager.isDragging }
            || (views.onScreen == .photos && views.photos?.isMoving(at: now) == true)
        guard moving else {
            views.flipWatch = nil
            return nil
        }
        switch sink.framePacing {
        case .pageFlipEvents(let fd):
            if views.flipWatch == nil {
                let sink = self.sink
                views.flipWatch = loop.watch(fd) { sink.takeFrameEvents() }
            }
            return now.addingTimeInterval(2 * sink.refreshInterval)
        case .verticalBlank:
            return now
        case .timer:
            return now.addingTimeInterval(sink.refreshInterval)
        }
    }

    /// Before a moving frame on a display paced by its vertical blank: waits for it (at most
    /// one refresh).
    func waitForFrameSlot(at now: Date) {
        guard sink.framePacing == .verticalBlank, views.isMoving(at: now) else { return }
        sink.waitForVerticalBlank()
    }
}
