import DisplayCommands
import FoundationEssentials
import Raster
import StandbyViews

extension Screen {
    /// Steps slot `slot`'s stack of `widgets` by `delta`, sliding the widget in where the
    /// widgets show; its rotation pauses for ``SlotStacks/pause``.
    func stepStack(slot: Int, by delta: Int, _ content: ViewContent, at now: Date) {
        let widgets = content.widgets
        guard widgets.stacks.slots.indices.contains(slot), widgets.stacks.members[slot].count > 1
        else { return }
        guard widgetsShow(content, at: now) || stacks[slot] != nil else {
            // Not on screen: the stack steps without motion.
            let members = widgets.stacks.members[slot]
            let shown = members.firstIndex(of: widgets.shown(ofSlot: slot, at: now)) ?? 0
            let next = ((shown + delta) % members.count + members.count) % members.count
            widgets.stacks.hold(slot: slot, runtime: members[next], until: now + SlotStacks.pause)
            return
        }
        var motion = stacks[slot] ?? stackMotion(slot: slot, widgets, at: now)
        motion.pager.step(delta, at: now)
        stacks[slot] = motion
    }

    /// Slot `slot`'s stack follows a finger, then settles; only where the widgets show.
    func dragStack(slot: Int, _ phase: PagerDrag, _ content: ViewContent, at now: Date) {
        let widgets = content.widgets
        guard widgets.stacks.slots.indices.contains(slot), widgets.stacks.members[slot].count > 1,
            widgetsShow(content, at: now) || stacks[slot] != nil
        else { return }
        var motion = stacks[slot] ?? stackMotion(slot: slot, widgets, at: now)
        motion.pager.drag(phase, at: now)
        stacks[slot] = motion
    }

    /// The slot (0 from the left) whose rectangle holds `point` (screen pixels) while the
    /// widgets view shows; nil elsewhere (a margin, another view): where a vertical drag or a
    /// tap lands.
    func slot(at point: Point, _ content: ViewContent, at now: Date) -> Int? {
        guard widgetsShow(content, at: now) else { return nil }
        return content.widgets.stacks.slots.indices.first { index in
            let rect = painter.slotRect(index, at: now)
            return point.x >= Double(rect.x) && point.x < Double(rect.maxX)
                && point.y >= Double(rect.y) && point.y < Double(rect.maxY)
        }
    }

    /// Where a tap at `point` leads, on the view at rest on screen.
    func link(at point: Point, at now: Date) -> URL? {
        guard !slides(at: now), let onScreen else { return nil }
        return pages[onScreen]?.destination(at: point)
    }

    /// Whether the widgets view shows at `now`, the views at rest (a stack may move then).
    private func widgetsShow(_ content: ViewContent, at now: Date) -> Bool {
        drawn(deck.current, isNight: content.isNight) == .widgets && !deck.isMoving(at: now)
    }

    /// A stack's motion starting from the widget it shows at `now`.
    private func stackMotion(slot: Int, _ widgets: WidgetSet, at now: Date) -> StackMotion {
        let members = widgets.stacks.members[slot]
        let page = members.firstIndex(of: widgets.shown(ofSlot: slot, at: now)) ?? 0
        return StackMotion(
            pager: Pager(
                count: members.count, wraps: true,
                extent: Double(painter.slotRect(slot, at: now).height), page: page),
            members: members)
    }
}
