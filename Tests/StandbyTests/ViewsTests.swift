import BuiltinWidgets
import Foundation
import NightstandTesting
import PhotoFixtures
import Raster
import StandbyViews
import Testing
import Widgets

@testable import Standby

/// StandBy's three views on a host: the first at start, switches that slide (goldens of each),
/// frames only while something moves, a drag the picture follows exactly, stacks stepped by
/// hand, the night rule, the schedule and `nightstand view`.
@Suite struct ViewsTests {
    /// 2026-11-21 09:41:00 UTC, a Saturday.
    private let start = Date(timeIntervalSince1970: 1_795_254_060)

    /// A host of the built-in widgets with the views `views` and the example photos.
    ///
    /// A stack of a clock and a date beside a date, without burn-in. The clocks show the
    /// machine's zone (UTC on our machines), as in AppearanceGoldenTests.
    private func host(
        views: [String] = ["widgets", "photos", "clock"], _ extra: String = "",
        clock: SimulatedClock, folder: TemporaryFolder
    ) throws -> StandbyHost {
        ExamplePhotos.write(to: folder.path(""))
        let list = views.map { "\"\($0)\"" }.joined(separator: ", ")
        return try testHost(
            """
            [layout]
            burn_in_shift = 0
            views = [\(list)]
            \(extra)
            [photos]
            folder = "\(folder.path(""))"
            order = "name"
            [[widget]]
            kind = "clock"
            [[widget]]
            kind = "date"
            time_zone = "UTC"
            locale = "en_US"
            [[slot]]
            widgets = ["clock", "date"]
            rotation = "off"
            [[slot]]
            widgets = ["date"]
            """, file: "views.toml", widgets: BuiltinWidgets.all, clock: clock)
    }

    @Test("each view switch slides the next view in (goldens half-way)")
    func switches() throws {
        let folder = try TemporaryFolder()
        let clock = SimulatedClock(start: start)
        let host = try host(clock: clock, folder: folder)
        host.drawSettledFrame()
        #expect(host.views.onScreen == .widgets)
        var now = start
        for (name, next) in [
            ("widgets-photos", ViewName.photos), ("photos-clock", .clock),
            ("clock-widgets", .widgets),
        ] {
            host.apply(.stepView(by: 1))
            now += 0.1
            clock.advance(to: now)
            host.turn(at: now)
            #expect(host.views.onScreen == nil, "a moving frame shows")
            if next == .photos {
                // Hidden, the photos view held no photo: it decodes one as it starts to come
                // in (the time over black on that frame), and the frames show the photo as
                // soon as it is there.
                #expect(host.views.isLoading)
                for _ in 0..<2_000 where host.views.isLoading {
                    usleep(10_000)
                    host.turn(at: now)
                }
                #expect(!host.views.isLoading)
            }
            assertGolden(host.screen, named: "switch-\(name)")
            now += 2
            clock.advance(to: now)
            host.turn(at: now)
            #expect(host.views.onScreen == next)
            #expect(host.status.current.view == next.rawValue)
        }
    }

    @Test("a switch draws frames only while it moves, at the refresh rate; at rest a minute's")
    func framesOnlyWhileMoving() throws {
        let folder = try TemporaryFolder()
        let clock = SimulatedClock(start: start)
        let host = try host(views: ["widgets", "clock"], clock: clock, folder: folder)
        host.drawSettledFrame()
        host.run(until: start + 10)
        let atRest = host.statistics.frames
        host.apply(.stepView(by: 1))
        host.run(until: start + 12)
        let moving = host.statistics.frames - atRest
        // About 0.6 s of spring at 60 frames a second, then the clock view drawn whole.
        #expect(moving > 20 && moving < 60, "\(moving) frames")
        host.run(until: start + 110)
        // At rest: the clock's minute (09:42, 09:43), nothing else.
        #expect(host.statistics.frames - atRest - moving <= 2)
    }

    @Test("a drag moves the views exactly as far as the finger, then settles back")
    func dragFollowsTheFinger() throws {
        let folder = try TemporaryFolder()
        let clock = SimulatedClock(start: start)
        let host = try host(views: ["widgets", "clock"], clock: clock, folder: folder)
        host.drawSettledFrame()
        let before = Bitmap(copying: host.screen)
        host.apply(.dragViews(.began))
        host.apply(.dragViews(.changed(translation: -100, velocity: -300)))
        host.turn(at: start)
        for (x, y) in [(0, 120), (150, 60), (299, 200)] {
            #expect(host.screen[x, y] == before[x + 100, y], "(\(x), \(y))")
        }
        host.apply(.dragViews(.ended(translation: -100, velocity: 0, direction: 0)))
        clock.advance(to: start + 2)
        host.turn(at: start + 2)
        #expect(host.views.onScreen == .widgets)
    }

    @Test("a stack stepped by hand slides its next widget in and holds it, rotation paused")
    func stackStep() throws {
        let folder = try TemporaryFolder()
        let clock = SimulatedClock(start: start)
        let host = try host(views: ["widgets"], clock: clock, folder: folder)
        host.drawSettledFrame()
        #expect(host.status.current.slots.first?.shown == "clock")
        host.apply(.stepStack(slot: 0, by: 1))
        clock.advance(to: start + 0.1)
        host.turn(at: start + 0.1)
        assertGolden(host.screen, named: "stack-swipe")
        clock.advance(to: start + 2)
        host.turn(at: start + 2)
        #expect(host.status.current.slots.first?.shown == "date")
        #expect(host.widgets.shown(ofSlot: 0, at: start + 599) == 1)
        // A slot of one widget does not move.
        host.apply(.stepStack(slot: 1, by: 1))
        #expect(host.views.stacks.isEmpty)
        // Where a finger lands: the slots of the widgets view, not its margins.
        #expect(host.info(atX: 100, y: 120).slot == 0)
        #expect(host.info(atX: 300, y: 120).slot == 1)
        #expect(host.info(atX: 5, y: 5).slot == nil)
    }

    @Test("at night the photos view shows the clock, in red only")
    func photosGiveWayAtNight() throws {
        let folder = try TemporaryFolder()
        let clock = SimulatedClock(start: start)
        let host = try host(views: ["photos"], clock: clock, folder: folder)
        host.drawSettledFrame()
        #expect(host.views.onScreen == .photos)
        host.apply(.setMode(.night))
        clock.advance(to: start + 5)
        host.turn(at: start + 5)
        #expect(host.views.onScreen == .clock)
        var greenOrBlue = 0
        for y in 0..<240 {
            for x in 0..<400 where host.screen[x, y].value & 0xFFFF != 0 { greenOrBlue += 1 }
        }
        #expect(greenOrBlue == 0)
    }

    @Test("the schedule turns the views at its times")
    func schedule() throws {
        let folder = try TemporaryFolder()
        let clock = SimulatedClock(start: start)
        let host = try host(
            views: ["widgets", "clock"], #"view_schedule = ["09:42 clock", "07:00 widgets"]"#,
            clock: clock, folder: folder)
        host.drawSettledFrame()
        host.run(until: start + 50)
        #expect(host.views.onScreen == .widgets)
        host.run(until: start + 65)
        #expect(host.views.onScreen == .clock)
    }

    @Test("nightstand view: a listed view, next or previous is taken; another is refused")
    func controlCommand() throws {
        let folder = try TemporaryFolder()
        let clock = SimulatedClock(start: start)
        let host = try host(views: ["widgets", "clock"], clock: clock, folder: folder)
        host.drawSettledFrame()
        host.status.publish(host.currentStatus(at: start))
        #expect(host.controlHandler.reply(to: .command(.showView("clock"))) == .done("view clock"))
        #expect(host.controlHandler.reply(to: .command(.stepView(by: 1))) == .done("view next"))
        #expect(
            host.controlHandler.reply(to: .command(.showView("photos")))
                == .failed(
                    "no view \"photos\"; the views are widgets, clock ([layout] views), or next and previous"
                ))
        host.run(until: start + 3)
        // clock, then next from the clock: round to the widgets.
        #expect(host.views.onScreen == .widgets)
    }
}
