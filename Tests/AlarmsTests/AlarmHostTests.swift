import Alarms
import BuiltinWidgets
import DisplayCommands
import Foundation
import Glibc
import Input
import NightstandTesting
import Raster
import StandbyViews
import Synchronization
import SystemSupport
import Testing

@testable import Standby

/// The alarms on a running host, on the simulated clock: the panel, the alarm view, the
/// commands, a restart during a snooze, clock jumps and the wake-up light.
@Suite("Alarms on the host")
struct AlarmHostTests {
    /// 2026-11-30 (a Monday) at `hour`:`minute` in the test's own time zone.
    static func monday(_ hour: Int, _ minute: Int, _ second: Int = 0) -> Date {
        let day = DateComponents(
            year: 2026, month: 11, day: 30, hour: hour, minute: minute, second: second)
        return Calendar.current.date(from: day) ?? .distantPast
    }

    static func host(
        _ alarm: String = "", at start: Date, state: TemporaryFolder? = nil
    ) throws -> (StandbyHost, SimulatedClock) {
        let clock = SimulatedClock(start: start)
        var configuration = try Configuration.parse(
            """
            [[widget]]
            kind = "clock"
            [[slot]]
            widgets = ["clock"]
            [[alarm]]
            id = "work"
            time = "07:00"
            days = "mon-fri"
            label = "Work"
            snooze = "9m"
            \(alarm)
            """, file: "alarms.toml", sections: [AlarmSettings.self])
        configuration.stateDirectory = state?.path("")
        let host = try testHost(
            configuration, registry: WidgetRegistry(BuiltinWidgets.all), clock: clock,
            fonts: try? FontDatabase())
        return (host, clock)
    }

    /// Whether any pixel of the screen has green or blue.
    static func hasGreenOrBlue(_ canvas: Canvas) -> Bool {
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let pixel = canvas[x, y]
                if pixel.g > 0 || pixel.b > 0 { return true }
            }
        }
        return false
    }

    @Test(
        "an alarm lights a panel that is off, shows its view, snoozes, rings again, and dismissing gives the panel back"
    )
    func ringSnoozeDismiss() throws {
        let (host, clock) = try Self.host(at: Self.monday(6, 59))
        host.apply(.setMode(.off))
        host.run(until: Self.monday(6, 59, 30))
        #expect(host.shownAppearance == .off)
        #expect(host.state.nextAlarm?.next == Self.monday(7, 0))
        host.run(until: Self.monday(7, 0, 5))
        #expect(host.state.ringingAlarm?.id == "work")
        #expect(host.shownAppearance == .night)
        #expect(host.views.alarm == AlarmFace(id: "work", label: "Work"))
        // The alarm view at night: red only.
        #expect(!Self.hasGreenOrBlue(host.screen))
        #expect(host.screen.paintedBounds != nil)

        #expect(host.apply(.alarm(.snooze)).message.hasPrefix("snoozed until"))
        #expect(host.state.ringingAlarm == nil)
        #expect(host.state.alarms?.first?.phase == .snoozed)
        #expect(host.state.alarms?.first?.snoozedUntil == Self.monday(7, 9, 5))
        host.run(until: Self.monday(7, 1))
        #expect(host.shownAppearance == .off)
        #expect(host.views.alarm == nil)

        host.run(until: Self.monday(7, 9, 10))
        #expect(host.state.ringingAlarm?.id == "work")
        #expect(host.shownAppearance == .night)
        #expect(host.apply(.alarm(.dismiss)).isDone)
        host.run(until: Self.monday(7, 10))
        #expect(host.state.alarms?.first?.phase == .waiting)
        #expect(host.shownAppearance == .off)
        #expect(
            host.state.nextAlarm?.next
                == Calendar.current.date(byAdding: .day, value: 1, to: Self.monday(7, 0)))
        _ = clock
    }

    @Test("a tap on the ringing alarm snoozes it, only a slide sideways dismisses it")
    func touch() throws {
        let (host, _) = try Self.host(at: Self.monday(6, 59, 50))
        host.run(until: Self.monday(7, 0, 1))
        let input = InputController(
            configuration: InputConfiguration(), display: host, now: 0)
        let middle = Point(x: 200, y: 120)
        input.handle(.gesture(.touchDown(at: middle)), at: 1)
        input.handle(.gesture(.tap(at: middle)), at: 1.1)
        input.handle(.gesture(.touchUp), at: 1.1)
        #expect(host.state.alarms?.first?.phase == .snoozed)

        host.run(until: Self.monday(7, 9, 2))
        #expect(host.state.ringingAlarm != nil)
        // A slide up does nothing; a slide sideways dismisses.
        let up = Drag(
            axis: .vertical, start: middle, translation: Point(x: 0, y: -150),
            velocity: Point(x: 0, y: -900))
        input.handle(.gesture(.touchDown(at: middle)), at: 2)
        input.handle(.gesture(.dragBegan(up)), at: 2.05)
        input.handle(.gesture(.dragEnded(up, swipe: .up)), at: 2.2)
        input.handle(.gesture(.touchUp), at: 2.2)
        #expect(host.state.ringingAlarm != nil)
        let left = Drag(
            axis: .horizontal, start: middle, translation: Point(x: -200, y: 0),
            velocity: Point(x: -900, y: 0))
        input.handle(.gesture(.touchDown(at: middle)), at: 3)
        input.handle(.gesture(.dragBegan(left)), at: 3.05)
        input.handle(.gesture(.dragEnded(left, swipe: .left)), at: 3.2)
        input.handle(.gesture(.touchUp), at: 3.2)
        #expect(host.state.alarms?.first?.phase == .waiting)
    }

    @Test("a restart during a snooze rings again at the snooze's end")
    func restartDuringSnooze() throws {
        let folder = try TemporaryFolder()
        do {
            let (host, _) = try Self.host(at: Self.monday(6, 59, 50), state: folder)
            host.run(until: Self.monday(7, 0, 1))
            #expect(host.apply(.alarm(.snooze)).isDone)
        }
        let (host, _) = try Self.host(at: Self.monday(7, 4), state: folder)
        #expect(host.state.alarms?.first?.phase == .snoozed)
        host.run(until: Self.monday(7, 8, 59))
        #expect(host.state.ringingAlarm == nil)
        host.run(until: Self.monday(7, 9, 3))
        #expect(host.state.ringingAlarm?.id == "work")
    }

    @Test("a clock set forward past the alarm does not ring it; the next ring is tomorrow's")
    func clockJumpForward() throws {
        let (host, clock) = try Self.host(at: Self.monday(6, 0))
        host.run(until: Self.monday(6, 0, 5))
        // NTP's first sync at boot moves the wall clock 90 minutes on.
        clock.advance(to: Self.monday(7, 30, 5))
        host.clockJumped(by: 90 * 60)
        host.run(until: Self.monday(7, 31))
        #expect(host.state.ringingAlarm == nil)
        #expect(
            host.state.nextAlarm?.next
                == Calendar.current.date(byAdding: .day, value: 1, to: Self.monday(7, 0)))
    }

    @Test(
        "the wake-up light: pure red before its rise, warm light halfway, day when the alarm rings")
    func wakeLight() throws {
        let (host, _) = try Self.host("light_before = \"20m\"", at: Self.monday(6, 30))
        host.apply(.setMode(.night))
        host.run(until: Self.monday(6, 39, 50))
        #expect(host.shownAppearance == .night)
        #expect(host.director.sunrise == nil)
        #expect(!Self.hasGreenOrBlue(host.screen))
        host.run(until: Self.monday(6, 50, 5))
        let risen = try #require(host.director.sunrise)
        #expect(abs(risen - 0.5) < 0.02)
        #expect(Self.hasGreenOrBlue(host.screen))
        host.run(until: Self.monday(7, 0, 5))
        #expect(host.state.ringingAlarm != nil)
        #expect(host.shownAppearance == .day)
        host.apply(.alarm(.dismiss))
        host.run(until: Self.monday(7, 1))
        #expect(host.shownAppearance == .night)
        #expect(host.director.sunrise == nil)
        #expect(!Self.hasGreenOrBlue(host.screen))
    }

    @Test(
        "alarm commands are refused with the reason: none configured, none ringing, an unknown id")
    func refusals() throws {
        let plain = try testHost(
            """
            [[widget]]
            kind = "clock"
            [[slot]]
            widgets = ["clock"]
            """, widgets: BuiltinWidgets.all, clock: SimulatedClock(start: Self.monday(6, 0)))
        #expect(plain.state.alarms == nil)
        #expect(plain.apply(.alarm(.snooze)) == .refused("no alarm is configured ([[alarm]])"))
        let (host, _) = try Self.host(at: Self.monday(6, 0))
        #expect(host.apply(.alarm(.snooze)) == .refused("no alarm is ringing"))
        #expect(host.apply(.alarm(.dismiss)) == .refused("no alarm is ringing or snoozed"))
        #expect(
            host.apply(.alarm(.skip("gym"))) == .refused("no alarm named \"gym\" (alarms: work)"))
        #expect(
            host.apply(.alarm(.skip("work"))).message == "alarm work: skipping Mon 2026-11-30 07:00"
        )
        #expect(
            host.state.nextAlarm?.next
                == Calendar.current.date(byAdding: .day, value: 1, to: Self.monday(7, 0)))
        #expect(host.apply(.alarm(.set("work", .off))).isDone)
        #expect(host.state.alarms?.first?.enabled == false)
        #expect(host.state.nextAlarm == nil)
        #expect(host.apply(.alarm(.test("work"))).isDone)
        #expect(host.state.ringingAlarm?.id == "work")
    }

    @Test("over the control socket an alarm command answers with what the display did")
    func controlSocket() throws {
        let folder = try TemporaryFolder()
        chmod(folder.path(""), 0o700)
        let path = folder.path("control.sock")
        let configuration = try Configuration.parse(
            """
            [[alarm]]
            id = "work"
            time = "07:00"
            """, file: "alarms.toml", sections: [AlarmSettings.self])
        let host = try testHost(
            configuration, registry: WidgetRegistry(BuiltinWidgets.all), clock: SystemClock())
        let server = try ControlServer(path: path, handler: host.controlHandler)
        defer { server.stop() }
        let replies = Mutex<[ControlReply]>([])
        let events = host.events
        DetachedThread.start(name: "client") {
            for command: DisplayCommand in [
                .alarm(.test("work")), .alarm(.snooze), .alarm(.skip("gym")),
            ] {
                let reply =
                    (try? ControlClient.send(.command(command), to: path)) ?? .failed("no reply")
                replies.withLock { $0.append(reply) }
            }
            events.post(HostEvent("stop") { $0.apply(.stop) })
        }
        host.run(until: Date().addingTimeInterval(20))
        let answers = replies.withLock { $0 }
        #expect(answers.count == 3)
        #expect(answers.first == .done("alarm work rings (a test)"))
        if case .done(let text) = answers.dropFirst().first {
            #expect(
                text.hasPrefix("snoozed until "),
                "the display's own answer, not the command's words")
        } else {
            Issue.record("snooze: \(answers)")
        }
        #expect(answers.last == .failed("no alarm named \"gym\" (alarms: work)"))
    }
}
