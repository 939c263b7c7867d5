import Ambient
import DisplayCommands
import EventCore
import FoundationEssentials
import Raster
import StandbyViews
import SystemSupport

extension StandbyHost {
    /// The view drawn for `view` now: the clock for the photos at night, where they give way.
    func drawn(_ view: ViewName) -> ViewName {
        views.deck.drawn(view, isNight: appearance == .night)
    }

    // MARK: Verbs

    /// Shows the view named `name`, sliding it in; false (and a log line) when it is not one
    /// of `[layout] views`.
    @discardableResult
    func showView(named name: String) -> Bool {
        guard let view = ViewName(rawValue: name), views.deck.show(view, at: clock.now) else {
            let listed = views.deck.views.map(\.rawValue).joined(separator: ", ")
            log.warning("view \(name): not one of the views (\(listed))")
            return false
        }
        log.info("view \(view)")
        return true
    }

    /// Shows the view `delta` away, going round past the ends.
    func stepView(by delta: Int) {
        views.deck.step(delta, at: clock.now)
        log.info("view \(views.deck.current)")
    }

    /// The views follow a finger, then settle.
    func dragViews(_ phase: PagerDrag) {
        views.deck.drag(phase, at: clock.now)
    }

    /// Steps a stack by `delta`, sliding the widget in where the widgets show; its rotation
    /// pauses for ``SlotStacks/pause``.
    func stepStack(slot: Int, by delta: Int) {
        let now = clock.now
        guard stacks.slots.indices.contains(slot), stacks.members[slot].count > 1 else { return }
        guard widgetsShow(at: now) || views.stacks[slot] != nil else {
            // Not on screen: the stack steps without motion.
            let members = stacks.members[slot]
            let shown = members.firstIndex(of: shownInstance(ofSlot: slot, at: now)) ?? 0
            let next = ((shown + delta) % members.count + members.count) % members.count
            stacks.hold(slot: slot, runtime: members[next], until: now + SlotStacks.pause)
            return
        }
        var motion = views.stacks[slot] ?? stackMotion(slot: slot, at: now)
        motion.pager.step(delta, at: now)
        views.stacks[slot] = motion
    }

    /// A stack follows a finger, then settles; only where the widgets show.
    func dragStack(slot: Int, _ phase: PagerDrag) {
        let now = clock.now
        guard stacks.slots.indices.contains(slot), stacks.members[slot].count > 1,
            widgetsShow(at: now) || views.stacks[slot] != nil
        else { return }
        var motion = views.stacks[slot] ?? stackMotion(slot: slot, at: now)
        motion.pager.drag(phase, at: now)
        views.stacks[slot] = motion
    }

    /// Whether the widgets view shows at `now`, the views at rest (a stack may move then).
    private func widgetsShow(at now: Date) -> Bool {
        drawn(views.deck.current) == .widgets && !views.deck.isMoving(at: now)
    }

    /// The slot (0 from the left) whose rectangle holds `point` (screen pixels) while the
    /// widgets view shows; nil elsewhere (a margin, another view): where a vertical drag or a
    /// tap lands.
    func slot(at point: Point) -> Int? {
        let now = clock.now
        guard widgetsShow(at: now) else { return nil }
        return stacks.slots.indices.first { index in
            let rect = painter.slotRect(index, at: now)
            return point.x >= Double(rect.x) && point.x < Double(rect.maxX)
                && point.y >= Double(rect.y) && point.y < Double(rect.maxY)
        }
    }

    /// A stack's motion starting from the widget it shows at `now`.
    private func stackMotion(slot: Int, at now: Date) -> ViewStage.StackMotion {
        let members = stacks.members[slot]
        let page = members.firstIndex(of: shownInstance(ofSlot: slot, at: now)) ?? 0
        return ViewStage.StackMotion(
            pager: Pager(
                count: members.count, wraps: true,
                extent: Double(painter.slotRect(slot, at: now).height), page: page),
            members: members)
    }

    // MARK: Drawing

    /// Draws what changed at `now` and presents it: a moving frame while the views or a stack
    /// move, else the view on screen (the whole screen when it just came on).
    func drawChanges(at now: Date) {
        settleMotion(at: now)
        if views.deck.applySchedule(at: now) != nil {
            log.info("view \(views.deck.current) (view_schedule)")
        }
        if views.slides(at: now) {
            drawSlideFrame(at: now)
            return
        }
        let shown = drawn(views.deck.current)
        if shown != .photos {
            // Hidden: its first photo gets ready, so that it shows at once when swiped to.
            views.photos?.update(at: now, advancing: false)
        }
        if views.onScreen != shown {
            // A view comes on screen (or the screen showed moving frames): all of it anew.
            painter.invalidateScreen()
            views.clock?.painter.invalidateScreen()
            if shown == .photos { views.photos?.resume(at: now) }
            views.onScreen = shown
        }
        var damage: [IntRect] = []
        switch shown {
        case .widgets:
            let slots = stacks.slots.indices.map { shownInstance(ofSlot: $0, at: now) }
            let (drawn, ids) = painter.drawChanges(
                at: now, shown: slots, runtimes: runtimes, style: drawnStyle,
                reading: ambient.reading)
            for id in ids { statistics.draws[id, default: 0] += 1 }
            damage = drawn
        case .clock:
            guard let clockView = views.clock else { return }
            let (drawn, ids) = clockView.painter.drawChanges(
                at: now, shown: [clockView.runtime], runtimes: runtimes, style: drawnStyle,
                reading: ambient.reading)
            for id in ids { statistics.draws[id, default: 0] += 1 }
            damage = drawn
        case .photos:
            guard let photos = views.photos else { return }
            photos.update(at: now)
            let transform = drawnStyle.colorTransform
            if photos.needsDrawing(at: now, colorTransform: transform) {
                damage = photos.draw(on: screen, at: now, colorTransform: transform)
            }
        }
        guard !damage.isEmpty else { return }
        present(damage, at: now)
    }

    /// Ends the motion that came to rest at `now`: a stack that settled on another widget
    /// holds it (its rotation paused); the pictures go and the view is drawn anew.
    private func settleMotion(at now: Date) {
        let wasSliding = !views.pictures.isEmpty || !views.stacks.isEmpty
        views.deck.update(at: now)
        for (slot, var motion) in views.stacks {
            guard !motion.pager.update(at: now) else {
                views.stacks[slot] = motion
                continue
            }
            views.stacks[slot] = nil
            let runtime = motion.members[motion.pager.page]
            if runtime != shownInstance(ofSlot: slot, at: now) {
                stacks.hold(slot: slot, runtime: runtime, until: now + SlotStacks.pause)
            }
        }
        if wasSliding && !views.slides(at: now) {
            views.pictures = [:]
            views.onScreen = nil
        }
    }

    /// One frame of the views or stacks in motion, from pictures of their pages.
    private func drawSlideFrame(at now: Date) {
        var damage: [IntRect] = []
        if views.deck.isMoving(at: now) {
            let (view, neighbour, offset) = views.deck.frame(at: now)
            let page = picture(ofView: drawn(view), at: now)
            let side = neighbour.map { picture(ofView: drawn($0), at: now) }
            damage.append(
                PageSlide(axis: .horizontal, rect: screen.bounds).draw(
                    Pager.Frame(page: 0, neighbour: side == nil ? nil : 1, offset: offset),
                    page: page, neighbour: side, on: screen))
        } else {
            for slot in views.stacks.keys.sorted() {
                guard var motion = views.stacks[slot] else { continue }
                let frame = motion.pager.frame(at: now)
                let rect = painter.slotRect(slot, at: now)
                let page = stackPicture(&motion, page: frame.page, slot: slot, rect: rect, at: now)
                let side = frame.neighbour.map {
                    stackPicture(&motion, page: $0, slot: slot, rect: rect, at: now)
                }
                views.stacks[slot] = motion
                damage.append(
                    PageSlide(axis: .vertical, rect: rect).draw(
                        frame, page: page, neighbour: side, on: screen))
            }
        }
        // The screen shows a moving frame now, not a view.
        views.onScreen = nil
        present(damage, at: now)
    }

    /// The picture of `view`: the screen itself when it shows that view and no moving frame
    /// was drawn over it yet, else the view drawn on a canvas of its own; kept while motion
    /// lasts.
    private func picture(ofView view: ViewName, at now: Date) -> Bitmap {
        if let picture = views.pictures[view] { return picture }
        let picture: Bitmap
        if views.onScreen == view {
            picture = Bitmap(copying: screen)
        } else {
            let scratch = Canvas(size: screen.size)
            scratch.clear(.black)
            switch view {
            case .widgets:
                let painter = SlotPainter(
                    canvas: scratch, layout: configuration.layout, count: stacks.count,
                    fonts: fonts)
                _ = painter.drawChanges(
                    at: now, shown: stacks.slots.indices.map { shownInstance(ofSlot: $0, at: now) },
                    runtimes: runtimes, style: drawnStyle, reading: ambient.reading)
            case .clock:
                if let clockView = views.clock {
                    let painter = SlotPainter(
                        canvas: scratch, layout: configuration.layout, count: 1, fonts: fonts)
                    _ = painter.drawChanges(
                        at: now, shown: [clockView.runtime], runtimes: runtimes,
                        style: drawnStyle, reading: ambient.reading)
                }
            case .photos:
                if let photos = views.photos {
                    photos.update(at: now)
                    photos.invalidate()
                    photos.draw(on: scratch, at: now, colorTransform: drawnStyle.colorTransform)
                    photos.invalidate()
                }
            }
            picture = Bitmap(copying: scratch)
        }
        views.pictures[view] = picture
        return picture
    }

    /// The picture of a stack's page: the slot as the screen shows it for the widget it
    /// shows (before a moving frame covers it), else the widget drawn on its own.
    private func stackPicture(
        _ motion: inout ViewStage.StackMotion, page: Int, slot: Int, rect: IntRect, at now: Date
    ) -> Bitmap {
        if let picture = motion.pictures[page] { return picture }
        let runtime = motion.members[page]
        let picture =
            views.onScreen == .widgets && runtime == shownInstance(ofSlot: slot, at: now)
            ? Bitmap(copying: screen, rect: rect)
            : painter.picture(
                of: runtimes[runtime], slot: slot, at: now, style: drawnStyle,
                reading: ambient.reading)
        motion.pictures[page] = picture
        return picture
    }
}
