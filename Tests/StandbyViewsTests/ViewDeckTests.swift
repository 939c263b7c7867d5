import Foundation
import StandbyViews
import Testing

/// The views in their order: shown by name, stepped round, dragged; the schedule of views by
/// time of day; the photos' night rule.
@Suite struct ViewDeckTests {
    /// 2026-11-21 06:59:00 UTC.
    private let t0 = Date(timeIntervalSince1970: 1_795_244_340)
    private let utc = TimeZone(identifier: "UTC") ?? .current

    @Test("views are shown by name, stepped round past the ends, and the first shows at start")
    func namesAndSteps() {
        var deck = ViewDeck(views: [.widgets, .photos, .clock, .photos], width: 800)
        #expect(deck.views == [.widgets, .photos, .clock])
        #expect(deck.current == .widgets)
        let shown = deck.show(.clock, at: t0)
        #expect(shown)
        #expect(deck.frame(at: t0.addingTimeInterval(0.05)).neighbour == .clock)
        deck.update(at: t0.addingTimeInterval(2))
        #expect(deck.current == .clock)
        deck.step(1, at: t0.addingTimeInterval(2))
        #expect(deck.current == .widgets)
        var alone = ViewDeck(views: [.widgets], width: 800)
        let missing = alone.show(.photos, at: t0)
        #expect(!missing)
        #expect(alone.current == .widgets)
    }

    @Test("a drag moves the views with the finger and a cancel settles them back")
    func drag() {
        var deck = ViewDeck(views: [.widgets, .clock], width: 800)
        deck.drag(.began, at: t0)
        deck.drag(.changed(translation: -200, velocity: -100), at: t0)
        let frame = deck.frame(at: t0)
        #expect(frame.view == .widgets && frame.neighbour == .clock && frame.offset == 0.25)
        deck.drag(.cancelled, at: t0)
        deck.update(at: t0.addingTimeInterval(2))
        #expect(deck.current == .widgets && !deck.isMoving(at: t0.addingTimeInterval(2)))
        deck.drag(.began, at: t0)
        deck.drag(.ended(translation: -100, velocity: 0, direction: 1), at: t0)
        #expect(deck.current == .clock)
    }

    @Test("the schedule turns the views at its times, and a swipe holds until the next entry")
    func schedule() throws {
        let entries = try ["07:00 widgets", "22:30 clock", "9:00 photos"].map {
            try #require(ViewSchedule.Entry(parsing: $0))
        }
        let schedule = ViewSchedule(entries: entries, timeZone: utc)
        #expect(schedule.entries.map(\.view) == [.widgets, .photos, .clock])
        #expect(schedule.view(at: t0) == .clock)  // 06:59: still last night's entry
        #expect(schedule.next(after: t0)?.date == t0.addingTimeInterval(60))
        var deck = ViewDeck(views: [.widgets, .photos, .clock], width: 800, schedule: schedule)
        let first = deck.applySchedule(at: t0)
        #expect(first == nil)  // the first look only notes the time
        #expect(deck.nextScheduledChange(after: t0) == t0.addingTimeInterval(60))
        let early = deck.applySchedule(at: t0.addingTimeInterval(30))
        #expect(early == nil)
        let seven = deck.applySchedule(at: t0.addingTimeInterval(61))
        #expect(seven == .widgets)
        // At 09:00 the photos; a swipe to the clock at 10:00 holds until 22:30.
        let nine = t0.addingTimeInterval(2 * 3600 + 60)
        let atNine = deck.applySchedule(at: nine)
        #expect(atNine == .photos)
        deck.update(at: nine.addingTimeInterval(2))
        deck.step(1, at: nine.addingTimeInterval(3600))
        let afterSwipe = deck.applySchedule(at: nine.addingTimeInterval(7200))
        #expect(afterSwipe == nil)
        #expect(deck.current == .clock)
        // Asleep across two entries (a long wait): the latest counts.
        var sleepy = ViewDeck(views: [.widgets, .photos, .clock], width: 800, schedule: schedule)
        sleepy.applySchedule(at: t0)
        let woken = sleepy.applySchedule(at: t0.addingTimeInterval(3 * 3600))
        #expect(woken == .photos)
    }

    @Test("schedule entries are HH:MM and a view name; anything else is refused")
    func entryParsing() {
        #expect(ViewSchedule.Entry(parsing: "07:05 clock") == .init(minute: 425, view: .clock))
        for bad in [
            "7 clock", "24:00 clock", "07:60 clock", "07:00", "07:00 tv", "07:00  clock x",
            "-1:00 clock",
        ] {
            #expect(ViewSchedule.Entry(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test("at night the photos give way to the clock unless kept")
    func nightRule() {
        let deck = ViewDeck(views: [.photos], width: 800)
        #expect(deck.drawn(.photos, isNight: true) == .clock)
        #expect(deck.drawn(.photos, isNight: false) == .photos)
        #expect(deck.drawn(.widgets, isNight: true) == .widgets)
        let kept = ViewDeck(views: [.photos], width: 800, photosGiveWayAtNight: false)
        #expect(kept.drawn(.photos, isNight: true) == .photos)
    }
}
