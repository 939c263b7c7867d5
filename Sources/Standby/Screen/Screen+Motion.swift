import Display
import EventCore
import FoundationEssentials

extension Screen {
    /// Whether anything moves at `now`: the views, a stack, or the view on screen by itself
    /// (a photo fading into the next).
    func isMoving(at now: Date) -> Bool {
        guard alarm == nil else { return false }
        return slides(at: now) || onScreen.flatMap { pages[$0] }?.isMoving(at: now) == true
    }

    /// Whether the views or a stack move at `now`: frames are made from pictures.
    func slides(at now: Date) -> Bool {
        deck.isMoving(at: now) || stacks.values.contains { $0.pager.isMoving(at: now) }
    }

    /// When the view on screen next changes by itself after `now`: a widget's live text, the
    /// clock's minute, the photos' next photo or the time over them; the alarm view's minute;
    /// the end of a message's banner.
    func nextChange(after now: Date) -> Date? {
        let view =
            alarm.map { $0.nextChange(after: now) }
            ?? onScreen.flatMap { pages[$0] }?.nextChange(after: now)
        guard let end = banner?.until else { return view }
        return min(view ?? end, end)
    }

    /// When the next moving frame is due after `now` on `sink`, paced by the display
    /// (`Display.FramePacing`); nil at rest, and while a finger holds the pages (they move
    /// when it does: each of its moves is an event).
    ///
    /// - Page-flip events (DRM): the card's descriptor is watched on `loop` while something
    ///   moves, and the loop turns when the last frame is on screen; the deadline, two
    ///   refreshes away, only guards against an event that never comes.
    /// - Vertical blank (fbdev): the next turn at once; it waits for the blank before drawing.
    /// - Timer: one refresh from now.
    func nextMotionFrame(after now: Date, on sink: any FrameSink, loop: EventLoop) -> Date? {
        let moving =
            alarm == nil
            && ((deck.isMoving(at: now) && !deck.pager.isDragging)
                || stacks.values.contains { $0.pager.isMoving(at: now) && !$0.pager.isDragging }
                || onScreen.flatMap { pages[$0] }?.isMoving(at: now) == true)
        guard moving else {
            flipWatch = nil
            return nil
        }
        switch sink.framePacing {
        case .pageFlipEvents(let fd):
            if flipWatch == nil {
                flipWatch = loop.watch(fd) { sink.takeFrameEvents() }
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
    func waitForFrameSlot(at now: Date, on sink: any FrameSink) {
        guard sink.framePacing == .verticalBlank, isMoving(at: now) else { return }
        sink.waitForVerticalBlank()
    }
}
