import FoundationEssentials

extension StandbyHost {
    /// The earliest instant after `now` at which something must happen; nil when nothing
    /// will (the loop then sleeps until an event).
    ///
    /// The candidates, each from the part that owns it: a provider's reload or timeout, a
    /// timeline's next entry or the end of its relevance, the view on screen's next change (a
    /// drawn widget's live text, the next photo), a stack's rotation, the burn-in step, a
    /// fade's next frame, the ambient controller's next evaluation, a display retry, an
    /// animation's next frame, motion's next frame, the view schedule, the end of the panel's
    /// wake, a source's wake, an alarm (its ring, snooze, wake-up light), and systemd's watchdog.
    func nextDeadline(after now: Date) -> Date? {
        var deadline: Date?
        func consider(_ date: Date?) {
            guard let date else { return }
            deadline = min(deadline ?? date, date)
        }
        for runtime in runtimes {
            consider(runtime.nextReload)
            consider(runtime.fetch?.deadline)
            consider(runtime.nextEntryDate(after: now))
            consider(runtime.relevance(at: now).until)
        }
        // A dark panel draws nothing: the view's live text waits until it is lit.
        if appearance != .off { consider(views.nextChange(after: now)) }
        consider(views.nextMotionFrame(after: now, on: sink, loop: loop))
        consider(views.deck.nextScheduledChange(after: now))
        consider(widgets.stacks.nextRotation(after: now))
        consider(output.retry)
        consider(
            views.painter.burnIn.nextChange(after: now.timeIntervalSince1970)
                .map(Date.init(timeIntervalSince1970:)))
        consider(director.nextFrame(after: now))
        consider(ambient.nextDue)
        consider(panel.nextChange(after: now))
        if let end = views.animationEnd, now < end {
            consider(now.addingTimeInterval(Self.frameInterval))
        }
        consider(sources.timers.next)
        consider(alarms.clock?.nextDeadline(after: now))
        consider(systemd.nextDue(displayNow: now))
        return deadline.map { max($0, now) }
    }
}
