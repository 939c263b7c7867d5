import Ambient
import BuiltinWidgets
import Display
import Foundation
import Input
import NightstandTesting
import Raster
import StandbyViews
import Testing
import Widgets

@testable import NightstandProgram
@testable import Standby

/// The input on the host: an ``InputController`` sending its commands to a real
/// host (a simulated clock), and ``InputSource`` scheduling the idle timer on the host's clock.
@Suite("Input on the host: gestures and keys through the host's verbs, wake and idle")
struct InputSourceTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15 08:00:00 UTC

    /// A stack of two countdowns in the left slot and the date in the right.
    private static let stacks = """
        [[widget]]
        id = "christmas"
        kind = "countdown"
        target = "2027-12-24"
        [[widget]]
        id = "newyear"
        kind = "countdown"
        target = "2028-01-01"
        [[widget]]
        kind = "date"
        [[slot]]
        widgets = ["christmas", "newyear"]
        rotation = "off"
        [[slot]]
        widgets = ["date"]
        """

    /// A host showing `widgets` (TOML; by default ``stacks``, of the built-in kinds), the
    /// widgets and the clock views, with `input` (TOML) as its `[input]` section.
    private func host(
        _ input: String = "", widgets: String = stacks,
        kinds: [ConfigurableWidget] = BuiltinWidgets.all, clock: SimulatedClock
    ) throws -> StandbyHost {
        try testHost(
            """
            [ambient]
            sensor = "none"
            time_zone = "UTC"
            fade = 0
            [layout]
            views = ["widgets", "clock"]
            burn_in_shift = 0
            \(input)
            \(widgets)
            """, sections: [InputConfiguration.self], widgets: kinds,
            sink: memorySink(width: 800, height: 480), clock: clock)
    }

    /// A controller acting on `host` through its verbs, as ``InputSource`` makes it.
    private func makeController(
        for host: StandbyHost, _ input: InputConfiguration = InputConfiguration()
    ) -> InputController {
        InputController(configuration: input, display: host, now: 0)
    }

    /// The id of the widget slot `slot` shows.
    private func shown(_ host: StandbyHost, slot: Int) -> String {
        host.runtimes[host.widgets.shown(ofSlot: slot, at: host.clock.now)].id
    }

    /// The middle of slot `slot` on the screen.
    private func middle(of slot: Int, _ host: StandbyHost) -> Point {
        let rect = host.views.painter.slotRect(slot, at: host.clock.now)
        return Point(x: Double(rect.x + rect.width / 2), y: Double(rect.y + rect.height / 2))
    }

    /// A one-finger drag from `start` by `distance` along `axis`, as the recognizer reports
    /// it, ending as a swipe `direction` (nil: settles back).
    private func drag(
        _ axis: Drag.Axis, from start: Point, by distance: Double, _ direction: SwipeDirection?
    ) -> [InputEvent] {
        func state(_ d: Double) -> Drag {
            Drag(
                axis: axis, start: start,
                translation: axis == .vertical ? Point(x: 0, y: d) : Point(x: d, y: 0),
                velocity: Point(x: 0, y: 0))
        }
        var events: [InputEvent] = [
            .gesture(.touchDown(at: start)), .gesture(.dragBegan(state(distance / 10))),
            .gesture(.dragChanged(state(distance / 2))),
            .gesture(.dragEnded(state(distance), swipe: direction)),
        ]
        if let direction { events.append(.gesture(.swipe(direction, from: start))) }
        events.append(.gesture(.touchUp))
        return events
    }

    @Test("a swipe up on a slot moves its stack with the finger and holds the next widget")
    func swipeUpStepsStack() throws {
        let clock = SimulatedClock(start: start)
        let host = try host(clock: clock)
        let controller = makeController(for: host)
        host.run(until: start + 1)
        #expect(shown(host, slot: 0) == "christmas")
        let events = drag(.vertical, from: middle(of: 0, host), by: -300, .up)
        for event in events.prefix(3) { controller.handle(event, at: 1) }
        #expect(host.views.stacks[0]?.pager.isDragging == true, "the stack follows the finger")
        for event in events.dropFirst(3) { controller.handle(event, at: 1) }
        host.run(until: start + 3)
        #expect(shown(host, slot: 0) == "newyear")
        #expect(shown(host, slot: 1) == "date", "the other slot stays")
        // Its rotation paused for ten minutes: then the stack (rotation off) shows its first.
        host.run(until: start + 600)
        #expect(shown(host, slot: 0) == "newyear")
        host.run(until: start + 605)
        #expect(shown(host, slot: 0) == "christmas")
    }

    @Test("a swipe down steps back; a short drag settles back; a drag off the slots does nothing")
    func otherDrags() throws {
        let clock = SimulatedClock(start: start)
        let host = try host(clock: clock)
        let controller = makeController(for: host)
        host.run(until: start + 1)
        for event in drag(.vertical, from: middle(of: 0, host), by: 60, nil) {
            controller.handle(event, at: 1)
        }
        host.run(until: start + 3)
        #expect(shown(host, slot: 0) == "christmas")
        for event in drag(.vertical, from: Point(x: 400, y: 2), by: -300, .up) {
            controller.handle(event, at: 3)
        }
        host.run(until: start + 5)
        #expect(shown(host, slot: 0) == "christmas", "a margin is no slot")
        for event in drag(.vertical, from: middle(of: 0, host), by: 300, .down) {
            controller.handle(event, at: 5)
        }
        host.run(until: start + 7)
        #expect(shown(host, slot: 0) == "newyear", "round to the last")
    }

    @Test("a swipe left shows the next view, a swipe right the one before")
    func swipeSwitchesViews() throws {
        let clock = SimulatedClock(start: start)
        let host = try host(clock: clock)
        let controller = makeController(for: host)
        host.run(until: start + 1)
        let events = drag(.horizontal, from: Point(x: 600, y: 240), by: -500, .left)
        for event in events.prefix(3) { controller.handle(event, at: 1) }
        #expect(host.views.deck.pager.isDragging, "the views follow the finger")
        for event in events.dropFirst(3) { controller.handle(event, at: 1) }
        host.run(until: start + 3)
        #expect(host.status.current.view == "clock")
        for event in drag(.horizontal, from: Point(x: 100, y: 240), by: 500, .right) {
            controller.handle(event, at: 3)
        }
        host.run(until: start + 5)
        #expect(host.status.current.view == "widgets")
    }

    @Test("keys: next and previous step the first slot (or the one named), view and mode act")
    func keys() throws {
        let clock = SimulatedClock(start: start)
        let host = try host(clock: clock)
        let controller = makeController(for: host)
        host.run(until: start + 1)
        controller.handle(.action(.next), at: 1)
        host.run(until: start + 3)
        #expect(shown(host, slot: 0) == "newyear")
        controller.handle(.action(.command(.stepStack(slot: 0, by: -1))), at: 3)
        host.run(until: start + 5)
        #expect(shown(host, slot: 0) == "christmas")
        controller.handle(.action(.command(.showView("clock"))), at: 5)
        host.run(until: start + 7)
        #expect(host.status.current.view == "clock")
        controller.handle(.action(.command(.stepView(by: 1))), at: 7)
        host.run(until: start + 9)
        #expect(host.status.current.view == "widgets")
        controller.handle(.action(.command(.setMode(.night))), at: 9)
        host.run(until: start + 10)
        #expect(host.ambient.mode == .night)
        #expect(host.shownAppearance == .night)
        controller.handle(.action(.command(.setMode(.auto))), at: 10)
        host.run(until: start + 11)
        #expect(host.ambient.mode == .auto)
    }

    @Test("any display command works from a key, with no case of its own in the input")
    func anyCommandFromAKey() throws {
        let clock = SimulatedClock(start: start)
        let host = try host(clock: clock)
        let controller = makeController(for: host)
        host.run(until: start + 1)
        // `idle on`: a command the key map and the controller name nowhere.
        controller.handle(.action(try InputAction(parsing: "idle on")), at: 1)
        host.run(until: start + 3)
        #expect(host.shownAppearance == .off)
        controller.handle(.action(try InputAction(parsing: "view clock")), at: 3)
        host.run(until: start + 5)
        #expect(host.status.current.view == "clock")
    }

    @Test("a tap on the dark panel lights it at night's level for wake_duration, and does no more")
    func tapWakes() throws {
        let clock = SimulatedClock(start: start)
        let host = try host(clock: clock)
        let controller = try makeController(for: host, InputConfiguration(wakeDuration: 5))
        host.events.post(.command(.setMode(.off)))
        host.run(until: start + 1)
        #expect(host.shownAppearance == .off)
        let point = middle(of: 0, host)
        for event in [Gesture.touchDown(at: point), .tap(at: point), .touchUp] {
            controller.handle(.gesture(event), at: 1)
        }
        host.run(until: start + 2)
        #expect(host.shownAppearance == .night)
        #expect(host.ambient.mode == .off, "the mode stays")
        host.run(until: start + 5.5)
        #expect(host.shownAppearance == .night)
        host.run(until: start + 7)
        #expect(host.shownAppearance == .off)
    }

    @Test("in the off window a presence cannot light the panel, a touch can, for wake_duration")
    func presenceInTheOffWindow() throws {
        // 02:00 UTC, inside `off = "01:00-06:00"`.
        let night = start - 6 * 3600
        let clock = SimulatedClock(start: night)
        let host = try testHost(
            """
            [ambient]
            sensor = "none"
            time_zone = "UTC"
            fade = 0
            off = "01:00-06:00"
            [layout]
            burn_in_shift = 0
            \(Self.stacks)
            """, sections: [InputConfiguration.self], widgets: BuiltinWidgets.all,
            sink: memorySink(width: 800, height: 480), clock: clock,
            ambient: { AmbientController(configuration: $0.ambient) })
        let input = try InputConfiguration(idleOff: 60, wakeDuration: 5, presenceMin: 2)
        let controller = InputController(
            configuration: input, display: host, now: night.timeIntervalSince1970)
        host.run(until: night + 1)
        #expect(host.shownAppearance == .off)
        let seconds = night.timeIntervalSince1970
        controller.handle(.presence(true), at: seconds + 10)
        controller.deadlineReached(at: seconds + 12)
        host.run(until: night + 13)
        #expect(host.shownAppearance == .off, "someone walking by at 2 am lights nothing")
        controller.handle(.presence(false), at: seconds + 20)
        host.run(until: night + 30)
        let point = middle(of: 0, host)
        for event in [Gesture.touchDown(at: point), .tap(at: point), .touchUp] {
            controller.handle(.gesture(event), at: seconds + 30)
        }
        host.run(until: night + 31)
        #expect(host.shownAppearance == .night, "a touch lights night's picture")
        host.run(until: night + 36)
        #expect(host.shownAppearance == .off, "for wake_duration")
        // At 06:00 the window ends (night until 06:30, the default); by 07:00 the schedule
        // shows day, and idleness and a presence work as by day.
        let morning = 5 * 3600.0
        host.run(until: night + morning + 1)
        #expect(host.shownAppearance == .day)
        controller.deadlineReached(at: seconds + morning + 1)
        host.run(until: night + morning + 2)
        #expect(host.shownAppearance == .off, "idle")
        controller.handle(.presence(true), at: seconds + morning + 10)
        controller.deadlineReached(at: seconds + morning + 12)
        host.run(until: night + morning + 13)
        #expect(host.shownAppearance == .day, "a presence ends idleness by day")
    }

    @Test("a presence key held presence_min is the display's presence (HA's occupancy); a blip not")
    func presenceForHomeAssistant() throws {
        let clock = SimulatedClock(start: start)
        let host = try host(clock: clock)
        let input = try InputConfiguration(presenceMin: 2)
        let controller = InputController(
            configuration: input, display: host, now: start.timeIntervalSince1970)
        let seconds = start.timeIntervalSince1970
        host.run(until: start + 1)
        #expect(host.state.presence == nil, "no presence key has said yet")
        // A PIR blip of one second: nobody.
        controller.handle(.presence(true), at: seconds + 10)
        #expect(controller.deadline == seconds + 12)
        controller.handle(.presence(false), at: seconds + 11)
        controller.deadlineReached(at: seconds + 12)
        host.run(until: start + 13)
        #expect(host.state.presence == nil)
        // Held: someone is there once presence_min has passed, not before.
        controller.handle(.presence(true), at: seconds + 20)
        controller.deadlineReached(at: seconds + 21)
        host.run(until: start + 21.5)
        #expect(host.state.presence == nil, "held 1 s of 2")
        controller.deadlineReached(at: seconds + 22)
        host.run(until: start + 23)
        #expect(host.state.presence == true)
        #expect(host.status.current.displayState.presence == true, "what MQTT publishes")
        // Released: nobody.
        controller.handle(.presence(false), at: seconds + 40)
        host.run(until: start + 41)
        #expect(host.state.presence == false)
    }

    @Test("InputSource: idle_off turns the panel off at the host's clock, no device, no polling")
    func idleOff() throws {
        let folder = try TemporaryFolder()
        // Each run(until:) starts the sources anew: one run per host.
        let early = try host("[input]\nidle_off = \"60s\"", clock: SimulatedClock(start: start))
        early.add(InputSource(directory: folder.url.path))
        early.run(until: start + 59)
        #expect(early.shownAppearance == .day)
        let late = try host("[input]\nidle_off = \"60s\"", clock: SimulatedClock(start: start))
        late.add(InputSource(directory: folder.url.path))
        late.run(until: start + 3600)
        #expect(late.shownAppearance == .off)
        #expect(late.statistics.wakeups < 90, "an hour, mostly off, wakes the loop rarely")
    }

    @Test("touches map onto the picture shown now: a display that changed while running")
    func pictureFollowsDisplay() throws {
        let folder = try TemporaryFolder()
        let host = try host(clock: SimulatedClock(start: start))
        let source = InputSource(directory: folder.url.path)
        host.add(source)
        var pictures: [PixelSize?] = []
        host.add(
            AtInstant(start + 5) { [unowned host] in
                pictures.append(source.devices?.transform.pictureSize)
                // A screen that came late: the display is switched while the loop runs.
                try? host.reopenDisplay(host.configuration.display, new: host.configuration) {
                    _ in try memorySink(width: 1280, height: 720)
                }
                // A node appears: the devices' descriptor is readable.
                _ = FileManager.default.createFile(
                    atPath: folder.url.appendingPathComponent("event7").path, contents: Data())
            })
        host.add(
            AtInstant(start + 8) { pictures.append(source.devices?.transform.pictureSize) })
        host.run(until: start + 10)
        #expect(host.sink.size == PixelSize(width: 1280, height: 720))
        #expect(
            pictures == [PixelSize(width: 800, height: 480), PixelSize(width: 1280, height: 720)])
    }

    @Test(
        "a tap on a widget's Link runs its scheme's command with the URL; elsewhere its widgetURL")
    func tapRunsLink() throws {
        let folder = try TemporaryFolder()
        let tapped = folder.url.appendingPathComponent("tapped").path
        let clock = SimulatedClock(start: start)
        let host = try host(
            widgets: "[[widget]]\nkind = \"tappable\"\n[[slot]]\nwidgets = [\"tappable\"]",
            kinds: BuiltinWidgets.all + [tappableWidget()], clock: clock)
        var input = InputConfiguration()
        // The command appends the URL it was given (no shell between the URL and the program).
        input.links = [
            "app": .command(["sh", "-c", "printf '%s\\n' \"$1\" >> \"$2\"", "sh", "{url}", tapped])
        ]
        let controller = makeController(for: host, input)
        host.run(until: start + 1)
        let slot = host.views.painter.slotRect(0, at: host.clock.now)
        func tap(x: Int, y: Int, at time: Double) {
            let point = Point(x: Double(x), y: Double(y))
            for event in [Gesture.touchDown(at: point), .tap(at: point), .touchUp] {
                controller.handle(.gesture(event), at: time)
            }
        }
        // The Link is the top 40 points of the widget's content; below it, the widget's URL.
        tap(x: slot.x + slot.width / 2, y: slot.y + slot.height / 10, at: 1)
        #expect(
            eventually {
                (try? String(contentsOfFile: tapped, encoding: .utf8)) == "app://lights\n"
            })
        tap(x: slot.x + slot.width / 2, y: slot.y + slot.height * 3 / 4, at: 2)
        #expect(
            eventually {
                (try? String(contentsOfFile: tapped, encoding: .utf8))
                    == "app://lights\napp://home\n"
            })
    }
}
