import FoundationEssentials
import Raster
import StandbyViews
import WidgetUI

extension Screen {
    /// Draws what changed of the views at `now`; the rectangles drawn and the ids of the
    /// widgets drawn.
    ///
    /// A moving frame while the views or a stack move, else the view on screen (all of it
    /// when it just came on). ``drawChanges(_:at:)`` puts the banner over them.
    func drawViews(_ content: ViewContent, at now: Date) -> (damage: [IntRect], drawn: [String]) {
        if let alarm { return (drawAlarm(alarm, content, at: now), []) }
        settleMotion(content.widgets, at: now)
        if let view = deck.applySchedule(at: now) {
            log.info("view \(view) (view_schedule)")
        }
        if slides(at: now) {
            return (drawSlideFrame(content, at: now), [])
        }
        let shown = drawn(deck.current, isNight: content.isNight)
        // Hidden views take their threads' work and hold no more than they need.
        for (name, page) in pages where name != shown { page.prepare(at: now, shown: false) }
        guard let page = pages[shown] else { return ([], []) }
        if onScreen != shown {
            // A view comes on screen (or the screen showed moving frames): all of it anew.
            page.comesOnScreen(at: now)
            onScreen = shown
        }
        return page.drawChanges(content, at: now)
    }

    /// Ends the motion that came to rest at `now`: a stack that settled on another widget
    /// holds it (its rotation paused); the pictures go and the view is drawn anew.
    private func settleMotion(_ widgets: WidgetSet, at now: Date) {
        let wasSliding = !pictures.isEmpty || !stacks.isEmpty
        deck.update(at: now)
        for (slot, var motion) in stacks {
            guard !motion.pager.update(at: now) else {
                stacks[slot] = motion
                continue
            }
            stacks[slot] = nil
            let runtime = motion.members[motion.pager.page]
            if runtime != widgets.shown(ofSlot: slot, at: now) {
                widgets.stacks.hold(slot: slot, runtime: runtime, until: now + SlotStacks.pause)
            }
        }
        if wasSliding && !slides(at: now) {
            pictures = [:]
            onScreen = nil
        }
    }

    /// One frame of the views or stacks in motion, from pictures of their pages; the
    /// rectangles drawn.
    private func drawSlideFrame(_ content: ViewContent, at now: Date) -> [IntRect] {
        var damage: [IntRect] = []
        if deck.isMoving(at: now) {
            let (view, neighbour, offset) = deck.frame(at: now)
            let page = picture(ofView: drawn(view, isNight: content.isNight), content, at: now)
            let side = neighbour.map {
                picture(ofView: drawn($0, isNight: content.isNight), content, at: now)
            }
            damage.append(
                PageSlide(axis: .horizontal, rect: canvas.bounds).draw(
                    Pager.Frame(page: 0, neighbour: side == nil ? nil : 1, offset: offset),
                    page: page, neighbour: side, on: canvas))
        } else {
            for slot in stacks.keys.sorted() {
                guard var motion = stacks[slot] else { continue }
                let frame = motion.pager.frame(at: now)
                let rect = painter.slotRect(slot, at: now)
                let page = stackPicture(&motion, page: frame.page, slot: slot, content, at: now)
                let side = frame.neighbour.map {
                    stackPicture(&motion, page: $0, slot: slot, content, at: now)
                }
                stacks[slot] = motion
                damage.append(
                    PageSlide(axis: .vertical, rect: rect).draw(
                        frame, page: page, neighbour: side, on: canvas))
            }
        }
        // The screen shows a moving frame now, not a view.
        onScreen = nil
        return damage
    }

    /// The picture of `view`: the screen itself when it shows that view and no moving frame
    /// or banner was drawn over it yet, else the view drawn on a canvas of its own; kept while motion
    /// lasts.
    private func picture(ofView view: ViewName, _ content: ViewContent, at now: Date) -> Bitmap {
        if let picture = pictures[view] { return picture }
        let picture: Bitmap
        if onScreen == view && banner == nil {
            picture = Bitmap(copying: canvas)
        } else {
            let scratch = Canvas(size: canvas.size)
            scratch.clear(.black)
            pages[view]?.drawPicture(on: scratch, content, at: now)
            picture = Bitmap(copying: scratch)
        }
        // A view still loading (the photos view decodes its photo when it starts to come in)
        // is drawn again on the next frame, so its photo shows as soon as it is there.
        if pages[view]?.isLoading != true { pictures[view] = picture }
        return picture
    }

    /// The picture of a stack's page: the slot as the screen shows it for the widget it
    /// shows (before a moving frame covers it), else the widget drawn on its own.
    private func stackPicture(
        _ motion: inout StackMotion, page: Int, slot: Int, _ content: ViewContent, at now: Date
    ) -> Bitmap {
        if let picture = motion.pictures[page] { return picture }
        let runtime = motion.members[page]
        let rect = painter.slotRect(slot, at: now)
        let picture =
            onScreen == .widgets && banner == nil
                && runtime == content.widgets.shown(ofSlot: slot, at: now)
            ? Bitmap(copying: canvas, rect: rect)
            : painter.picture(
                of: content.widgets.runtimes[runtime], slot: slot, at: now, style: content.style,
                reading: content.reading)
        motion.pictures[page] = picture
        return picture
    }
}

extension Screen {
    /// The alarm view over everything, drawn when it comes and each minute (its time); the
    /// views behind it stay where they were, their motion ended.
    private func drawAlarm(_ face: AlarmFace, _ content: ViewContent, at now: Date) -> [IntRect] {
        let minute = Date(
            timeIntervalSince1970: (now.timeIntervalSince1970 / 60).rounded(.down) * 60)
        guard alarmDrawn != minute else { return [] }
        pictures = [:]
        stacks = [:]
        onScreen = nil
        alarmDrawn = minute
        canvas.withSavedState {
            var environment = EnvironmentValues()
            content.style.apply(to: &environment, canvas: canvas)
            face.draw(
                time: ClockTime(now, timeZone: .current).text(
                    twentyFourHour: true, locale: environment.locale),
                on: canvas, fonts: painter.fonts,
                environment: environment)
        }
        return [canvas.bounds]
    }
}
