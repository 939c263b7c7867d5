import DisplayCommands
import Foundation
import Input
import Raster
import Testing

/// The commands a controller sent, in order, and the display's state it reads; a display that
/// does not animate: a drag that ends as a swipe steps, its other phases do nothing.
private final class RecordingDisplay: CommandTarget {
    var calls: [String] = []
    /// The presences reported, in order.
    var presences: [Bool] = []
    var panelIsDark = false
    var isNight = false
    var links: [Int: URL] = [:]
    var message: String?

    var state: DisplayState {
        DisplayState(
            mode: .auto, appearance: panelIsDark ? "off" : isNight ? "night" : "day",
            message: message)
    }

    /// Slots side by side, 400 pixels wide each.
    func info(atX x: Double, y: Double) -> PointInfo {
        let slot = y < 480 ? Int(x / 400) : nil
        return PointInfo(slot: slot, link: slot.flatMap { links[$0] })
    }

    func apply(_ command: DisplayCommand) -> CommandResult {
        switch command {
        case .stepStack(let slot, let delta): calls.append("stack \(slot) \(delta)")
        case .dragStack(let slot, .ended(_, _, let step?)) where step != 0:
            calls.append("stack \(slot) \(step)")
        case .stepView(let delta): calls.append("view \(delta)")
        case .dragViews(.ended(_, _, let delta?)) where delta != 0: calls.append("view \(delta)")
        case .showView(let name): calls.append("view \(name)")
        case .setMode(let mode): calls.append("mode \(mode.rawValue)")
        case .wake(let seconds): calls.append("wake \(seconds)")
        case .reloadTimelines: calls.append("reload")
        case .setIdle(let idle): calls.append(idle ? "idle off" : "idle on")
        case .setPresence(let there): presences.append(there)
        case .dismissMessage:
            calls.append("dismiss-message")
            message = nil
        default: break
        }
        return .done("\(command)")
    }
}

/// A display that animates: it records the drags.
private final class AnimatingDisplay: CommandTarget {
    var calls: [String] = []
    var state: DisplayState { DisplayState(mode: .auto, appearance: "day") }
    func info(atX x: Double, y: Double) -> PointInfo { PointInfo(slot: 0) }
    func apply(_ command: DisplayCommand) -> CommandResult {
        switch command {
        case .dragStack(let slot, let phase): calls.append("stack(slot: \(slot)) \(phase)")
        case .dragViews(let phase): calls.append("views \(phase)")
        default: break
        }
        return .done("\(command)")
    }
}

@Suite("Input controller")
struct InputControllerTests {
    private static func drag(_ axis: Drag.Axis, from start: Point, by distance: Double) -> Drag {
        Drag(
            axis: axis, start: start,
            translation: axis == .horizontal ? Point(x: distance, y: 0) : Point(x: 0, y: distance),
            velocity: Point(x: 0, y: 0))
    }

    /// The gestures of a swipe along `axis` from `start`, `distance` pixels.
    private static func swipe(
        _ axis: Drag.Axis, from start: Point, by distance: Double, _ direction: SwipeDirection
    ) -> [InputEvent] {
        let drag = drag(axis, from: start, by: distance)
        return [
            .gesture(.touchDown(at: start)), .gesture(.dragBegan(drag)),
            .gesture(.dragChanged(drag)),
            .gesture(.dragEnded(drag, swipe: direction)), .gesture(.swipe(direction, from: start)),
            .gesture(.touchUp),
        ]
    }

    private static func tap(at point: Point) -> [InputEvent] {
        [.gesture(.touchDown(at: point)), .gesture(.tap(at: point)), .gesture(.touchUp)]
    }

    private func run(
        _ events: [InputEvent], verbs: any CommandTarget,
        configuration: InputConfiguration = InputConfiguration(), at now: Double = 1
    ) -> InputController {
        let controller = InputController(configuration: configuration, display: verbs, now: 0)
        for event in events { controller.handle(event, at: now) }
        return controller
    }

    @Test("a swipe up on slot 2 steps its stack forward; down steps it back")
    func stackSwipes() {
        let verbs = RecordingDisplay()
        _ = run(
            Self.swipe(.vertical, from: Point(x: 500, y: 300), by: -300, .up)
                + Self.swipe(.vertical, from: Point(x: 100, y: 100), by: 300, .down), verbs: verbs)
        #expect(verbs.calls == ["stack 1 1", "stack 0 -1"])
    }

    @Test(
        "a swipe left shows the next view, right the previous; a swipe off the slots steps no stack"
    )
    func viewSwipes() {
        let verbs = RecordingDisplay()
        _ = run(
            Self.swipe(.horizontal, from: Point(x: 600, y: 240), by: -400, .left)
                + Self.swipe(.horizontal, from: Point(x: 200, y: 240), by: 400, .right)
                + Self.swipe(.vertical, from: Point(x: 200, y: 600), by: -300, .up), verbs: verbs)
        #expect(verbs.calls == ["view 1", "view -1"])
    }

    @Test("an animating host gets every phase, and the step at the end, once")
    func drags() {
        let verbs = AnimatingDisplay()
        _ = run(Self.swipe(.vertical, from: Point(x: 10, y: 300), by: -300, .up), verbs: verbs)
        #expect(
            verbs.calls == [
                "stack(slot: 0) began",
                "stack(slot: 0) changed(translation: -300.0, velocity: 0.0)",
                "stack(slot: 0) ended(translation: -300.0, velocity: 0.0, direction: Optional(1))",
            ])
    }

    @Test("a tap on a dark panel only wakes it, for wake_duration; its link does not run")
    func tapWakesDarkPanel() throws {
        let verbs = RecordingDisplay()
        verbs.panelIsDark = true
        verbs.links[0] = try url("nothing://here")
        _ = run(
            Self.tap(at: Point(x: 100, y: 100)), verbs: verbs,
            configuration: try InputConfiguration(wakeDuration: 15))
        #expect(verbs.calls == ["wake 15.0"])
    }

    @Test("at night a tap elsewhere wakes; in the day it does nothing")
    func tapAtNight() {
        let verbs = RecordingDisplay()
        verbs.isNight = true
        _ = run(Self.tap(at: Point(x: 100, y: 100)), verbs: verbs)
        verbs.isNight = false
        _ = run(Self.tap(at: Point(x: 100, y: 100)), verbs: verbs)
        #expect(verbs.calls == ["wake 10.0"])
    }

    @Test("a tap while a message shows dismisses it, at night too, and follows no link")
    func tapDismissesMessage() throws {
        let verbs = RecordingDisplay()
        verbs.isNight = true
        verbs.message = "Laundry done"
        verbs.links[0] = try url("nothing://here")
        _ = run(Self.tap(at: Point(x: 100, y: 100)), verbs: verbs)
        #expect(verbs.calls == ["dismiss-message"])
        _ = run(Self.tap(at: Point(x: 100, y: 100)), verbs: verbs)
        #expect(verbs.calls == ["dismiss-message", "wake 10.0"], "the next tap wakes as before")
    }

    @Test("a tap on a link with an action runs it; one without falls through to the wake")
    func tapOnLink() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let marker = directory.appendingPathComponent("ran").path
        let verbs = RecordingDisplay()
        verbs.isNight = true
        verbs.links[0] = try url("mark://it")
        verbs.links[1] = try url("unknown://x")
        let configuration = try InputConfiguration(
            links: [(scheme: "mark", link: .arguments(["touch", marker]))])
        _ = run(
            Self.tap(at: Point(x: 100, y: 100)) + Self.tap(at: Point(x: 500, y: 100)), verbs: verbs,
            configuration: configuration)
        #expect(verbs.calls == ["wake 10.0"])
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: marker), Date() < deadline { usleep(10_000) }
        #expect(FileManager.default.fileExists(atPath: marker))
    }

    @Test("keys do their actions")
    func actions() {
        let verbs = RecordingDisplay()
        _ = run(
            [
                .action(.next), .action(.command(.stepStack(slot: 1, by: -1))),
                .action(.command(.showView("clock"))),
                .action(.command(.stepView(by: -1))), .action(.command(.setMode(.night))),
                .action(.command(.setMode(.auto))),
                .action(.wake),
                .action(.command(.reloadTimelines(kind: nil))),
            ], verbs: verbs)
        #expect(
            verbs.calls == [
                "stack 0 1", "stack 1 -1", "view clock", "view -1", "mode night", "mode auto",
                "wake 10.0",
                "reload",
            ])
    }

    @Test(
        "idle: the panel goes off after idle_off; a key turns it on and acts; a touch only turns it on"
    )
    func idle() throws {
        let verbs = RecordingDisplay()
        let controller = InputController(
            configuration: try InputConfiguration(idleOff: 600), display: verbs, now: 0)
        #expect(controller.deadline == 600)
        controller.deadlineReached(at: 599)
        #expect(verbs.calls.isEmpty)
        controller.deadlineReached(at: 600)
        #expect(verbs.calls == ["idle off"])
        #expect(controller.deadline == nil)
        controller.handle(.action(.next), at: 700)
        #expect(verbs.calls == ["idle off", "idle on", "stack 0 1"])
        #expect(controller.deadline == 1300)
        controller.deadlineReached(at: 1300)
        for event in Self.swipe(.vertical, from: Point(x: 10, y: 300), by: -300, .up) {
            controller.handle(event, at: 1400)
        }
        #expect(verbs.calls.suffix(2) == ["idle off", "idle on"])
    }

    @Test("presence held keeps the panel on; its release starts the countdown")
    func presence() throws {
        let verbs = RecordingDisplay()
        let controller = InputController(
            configuration: try InputConfiguration(idleOff: 60), display: verbs, now: 0)
        controller.handle(.presence(true), at: 10)
        #expect(controller.deadline == nil)
        controller.deadlineReached(at: 1000)
        #expect(verbs.calls.isEmpty)
        controller.handle(.presence(false), at: 1000)
        #expect(controller.deadline == 1060)
        controller.deadlineReached(at: 1060)
        controller.handle(.presence(true), at: 2000)
        #expect(verbs.calls == ["idle off", "idle on"])
    }

    @Test("presence_min: a PIR blip shorter than it is nobody; held that long it counts")
    func presenceMin() throws {
        let verbs = RecordingDisplay()
        let controller = InputController(
            configuration: try InputConfiguration(idleOff: 60, presenceMin: 2), display: verbs,
            now: 0)
        controller.deadlineReached(at: 60)
        #expect(verbs.calls == ["idle off"])
        // A blip of one second: the panel stays off, and the idle countdown does not move.
        controller.handle(.presence(true), at: 100)
        #expect(controller.deadline == 102)
        controller.handle(.presence(false), at: 101)
        #expect(controller.deadline == nil)
        #expect(verbs.calls == ["idle off"])
        #expect(verbs.presences == [], "a blip reports no presence")
        // Held two seconds: it counts at the deadline, and holds the panel on.
        controller.handle(.presence(true), at: 200)
        controller.deadlineReached(at: 201)
        #expect(verbs.calls == ["idle off"], "not before presence_min")
        controller.deadlineReached(at: 202)
        #expect(verbs.calls == ["idle off", "idle on"])
        #expect(verbs.presences == [true], "reported once it counts")
        #expect(controller.deadline == nil, "held: no idle countdown")
        controller.handle(.presence(false), at: 300)
        #expect(verbs.presences == [true, false])
        #expect(controller.deadline == 360)
        // A reload to presence_min = 0 counts presence at once again.
        controller.update(try InputConfiguration(idleOff: 60))
        controller.deadlineReached(at: 360)
        controller.handle(.presence(true), at: 400)
        #expect(verbs.calls.suffix(2) == ["idle off", "idle on"])
    }
}
