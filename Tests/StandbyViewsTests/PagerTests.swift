import Foundation
import StandbyViews
import Testing

/// Pages that follow a finger and settle with a spring, as numbers: the spring's closed form,
/// half-way and flick decisions, resistance at the ends, commands that wrap, and catching
/// pages in motion.
@Suite struct PagerTests {
    private let t0 = Date(timeIntervalSince1970: 1_000_000)

    private func at(_ seconds: Double) -> Date { t0.addingTimeInterval(seconds) }

    @Test(
        "the spring starts where and as fast as it is let go, never overshoots from rest, and comes to rest"
    )
    func spring() {
        let s = Spring(from: 0.4, velocity: -2, to: 0)
        #expect(s.position(after: 0) == 0.4)
        #expect(abs(s.speed(after: 0) - -2) < 1e-12)
        // The speed is the position's derivative.
        let h = 1e-6
        let numeric = (s.position(after: 0.1 + h) - s.position(after: 0.1 - h)) / (2 * h)
        #expect(abs(numeric - s.speed(after: 0.1)) < 1e-6)
        let fromRest = Spring(from: 0, velocity: 0, to: 1)
        var last = 0.0
        for step in 1...120 {
            let x = fromRest.position(after: Double(step) / 120)
            #expect(x >= last && x <= 1)
            last = x
        }
        #expect(!fromRest.isAtRest(after: 0.3, tolerance: 0.5 / 800))
        #expect(fromRest.isAtRest(after: 1, tolerance: 0.5 / 800))
    }

    @Test("pages follow the finger exactly, then settle on the next page past half-way")
    func dragPastHalf() {
        var pager = Pager(count: 3, wraps: false, extent: 800)
        pager.beginDrag(at: t0)
        pager.drag(translation: -200)
        #expect(pager.frame(at: t0) == .init(page: 0, neighbour: 1, offset: 0.25))
        pager.drag(translation: -480)
        #expect(pager.frame(at: t0) == .init(page: 0, neighbour: 1, offset: 0.6))
        pager.endDrag(translation: -480, velocity: 0, at: t0)
        #expect(pager.destination == 1)
        #expect(pager.isMoving(at: at(0.1)))
        let middle = pager.frame(at: at(0.1))
        #expect(middle.neighbour == 1 && middle.offset > 0.6 && middle.offset < 1)
        let moving = pager.update(at: at(1.5))
        #expect(!moving)
        #expect(pager.page == 1)
        #expect(pager.frame(at: at(1.5)) == .init(page: 1, neighbour: nil, offset: 0))
    }

    @Test("a short drag goes back, unless it was a flick")
    func shortDragAndFlick() {
        var pager = Pager(count: 3, wraps: false, extent: 800)
        pager.beginDrag(at: t0)
        pager.endDrag(translation: -120, velocity: -100, at: t0)
        #expect(pager.destination == 0)
        pager.update(at: at(2))
        #expect(pager.page == 0)

        pager.beginDrag(at: at(2))
        pager.endDrag(translation: -120, velocity: -900, at: at(2))
        #expect(pager.destination == 1)
        // The spring starts at the finger's speed: 900 px/s is 1.125 pages a second.
        let early = pager.frame(at: at(2.0001)).offset
        #expect(abs((early - 0.15) / 0.0001 - 1.125) < 0.05)
        pager.update(at: at(4))
        #expect(pager.page == 1)

        // Flicked back toward the previous page, from a drag that went slightly forward.
        pager.beginDrag(at: at(4))
        pager.endDrag(translation: -40, velocity: 900, at: at(4))
        #expect(pager.destination == 1)
        // Past half-way but flung back: it settles back, as the gesture's swipe rule says.
        pager.beginDrag(at: at(4))
        pager.endDrag(translation: -500, velocity: 400, at: at(4))
        #expect(pager.destination == 1)
        // A recognizer's decision wins: a short drag it called a swipe turns the page.
        pager.beginDrag(at: at(4))
        pager.endDrag(translation: -40, velocity: 0, direction: 1, at: at(4))
        #expect(pager.destination == 2)
    }

    @Test("past the last view the pages resist the finger and come back")
    func rubberBand() {
        var pager = Pager(count: 3, wraps: false, extent: 800, page: 2)
        pager.beginDrag(at: t0)
        pager.drag(translation: -800)
        let pulled = pager.frame(at: t0)
        // One page pulled shows 1 − 1/1.55 = 0.355 of a page of black.
        #expect(pulled.neighbour == nil)
        #expect(abs(pulled.offset - 0.3548) < 1e-3)
        pager.endDrag(translation: -800, velocity: -2000, at: t0)
        #expect(pager.destination == 2)
        pager.update(at: at(2))
        #expect(pager.page == 2 && !pager.isMoving(at: at(2)))
    }

    @Test("a stack wraps: up from the last widget shows the first")
    func stackWraps() {
        var pager = Pager(count: 3, wraps: true, extent: 400, page: 2)
        pager.beginDrag(at: t0)
        pager.drag(translation: -100)
        #expect(pager.frame(at: t0) == .init(page: 2, neighbour: 0, offset: 0.25))
        pager.endDrag(translation: -300, velocity: 0, at: t0)
        pager.update(at: at(2))
        #expect(pager.page == 0)
    }

    @Test("steps slide the next view in, wrap past the ends, and chain from where the pages go")
    func steps() {
        var pager = Pager(count: 3, wraps: false, extent: 800)
        pager.step(1, at: t0)
        #expect(pager.destination == 1)
        #expect(pager.frame(at: at(0.05)).neighbour == 1)
        // A second press before the first settles goes on to the view after.
        pager.step(1, at: at(0.1))
        #expect(pager.destination == 2)
        let shown = pager.frame(at: at(0.1))
        #expect(shown.page == 1 && shown.offset < 0 && shown.neighbour == 0)
        pager.update(at: at(2))
        #expect(pager.page == 2)
        // Past the last view, a step cycles to the first, sliding in from the right.
        pager.step(1, at: at(2))
        #expect(pager.frame(at: at(2.05)).neighbour == 0)
        #expect(pager.frame(at: at(2.05)).offset > 0)
        pager.update(at: at(4))
        #expect(pager.page == 0)
        pager.step(-1, at: at(4))
        pager.update(at: at(6))
        #expect(pager.page == 2)
    }

    @Test("showing a view by name slides it in over the views between")
    func showByName() {
        var pager = Pager(count: 3, wraps: false, extent: 800)
        pager.show(2, at: t0)
        #expect(pager.frame(at: at(0.05)).neighbour == 2)
        pager.update(at: at(2))
        #expect(pager.page == 2)
        pager.show(0, at: at(2))
        let back = pager.frame(at: at(2.05))
        #expect(back.neighbour == 0 && back.offset < 0)
        pager.show(0, at: at(2.05))
        #expect(pager.destination == 0)
        // Asked again on its way, it goes on from where it is: the clock view beside it, not
        // the photos view its neighbour in the list.
        let again = pager.frame(at: at(2.06))
        #expect(again.page == 0 && again.neighbour == 2 && again.offset > 0)
        pager.jump(to: 1)
        #expect(pager.frame(at: at(2.1)) == .init(page: 1, neighbour: nil, offset: 0))
    }

    @Test("a finger catches settling pages where they are")
    func catchInMotion() {
        var pager = Pager(count: 3, wraps: false, extent: 800)
        pager.step(1, at: t0)
        let before = pager.frame(at: at(0.2))
        pager.beginDrag(at: at(0.2))
        let caught = pager.frame(at: at(0.2))
        // Past half-way the caught pages count from the view coming in: the same picture.
        #expect(before.offset > 0.5)
        #expect(caught.page == 1 && caught.neighbour == 0)
        #expect(abs((caught.offset + 1) - before.offset) < 1e-9)
        pager.drag(translation: 0)
        pager.endDrag(translation: 0, velocity: 0, at: at(0.2))
        pager.update(at: at(2))
        #expect(pager.page == 1)
    }
}
