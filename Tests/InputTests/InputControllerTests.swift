import Ambient
import Foundation
import Input
import Raster
import StandbyViews
import Testing

/// The verbs a controller called, in order, and the display's state it reads.
private final class RecordingVerbs: InputVerbs {
    var calls: [String] = []
    var panelIsDark = false
    var isNight = false
    /// Slots side by side, 400 pixels wide each.
    func slot(at point: Point) -> Int? { point.y < 480 ? Int(point.x / 400) : nil }
    var links: [Int: URL] = [:]
    func link(at point: Point) -> URL? { slot(at: point).flatMap { links[$0] } }
    func stepStack(slot: Int, by delta: Int) { calls.append("stack \(slot) \(delta)") }
    func stepView(by delta: Int) { calls.append("view \(delta)") }
    func showView(named name: String) { calls.append("view \(name)") }
    func setMode(_ appearance: Appearance?) {
        calls.append("mode \(appearance?.rawValue ?? "auto")")
    }
    func wake(for seconds: Double) { calls.append("wake \(seconds)") }
    func reload() { calls.append("reload") }
    func setIdle(_ idle: Bool) { calls.append(idle ? "idle off" : "idle on") }
}

/// A host that animates: it records the drags instead of stepping at their end.
private final class AnimatingVerbs: InputVerbs {
    var calls: [String] = []
    var panelIsDark = false
    var isNight = false
    func slot(at point: Point) -> Int? { 0 }
    func link(at point: Point) -> URL? { nil }
    func stepStack(slot: Int, by delta: Int) { calls.append("stack \(slot) \(delta)") }
    func stepView(by delta: Int) { calls.append("view \(delta)") }
    func showView(named name: String) {}
    func setMode(_ appearance: Appearance?) {}
    func wake(for seconds: Double) {}
    func reload() {}
    func setIdle(_ idle: Bool) {}
    func drag(_ phase: PagerDrag, of target: DragTarget) { calls.append("\(target) \(phase)") }
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
        _ events: [InputEvent], verbs: InputVerbs,
        configuration: InputConfiguration = InputConfiguration(), at now: Double = 1
    ) -> InputController {
        let controller = InputController(configuration: configuration, verbs: verbs, now: 0)
        for event in events { controller.handle(event, at: now) }
        return controller
    }

    @Test("a swipe up on slot 2 steps its stack forward; down steps it back")
    func stackSwipes() {
        let verbs = RecordingVerbs()
        _ = run(
            Self.swipe(.vertical, from: Point(x: 500, y: 300), by: -300, .up)
                + Self.swipe(.vertical, from: Point(x: 100, y: 100), by: 300, .down), verbs: verbs)
        #expect(verbs.calls == ["stack 1 1", "stack 0 -1"])
    }

    @Test(
        "a swipe left shows the next view, right the previous; a swipe off the slots steps no stack"
    )
    func viewSwipes() {
        let verbs = RecordingVerbs()
        _ = run(
            Self.swipe(.horizontal, from: Point(x: 600, y: 240), by: -400, .left)
                + Self.swipe(.horizontal, from: Point(x: 200, y: 240), by: 400, .right)
                + Self.swipe(.vertical, from: Point(x: 200, y: 600), by: -300, .up), verbs: verbs)
        #expect(verbs.calls == ["view 1", "view -1"])
    }

    @Test("an animating host gets every phase, and the step at the end, once")
    func drags() {
        let verbs = AnimatingVerbs()
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
        let verbs = RecordingVerbs()
        verbs.panelIsDark = true
        verbs.links[0] = try url("nothing://here")
        _ = run(
            Self.tap(at: Point(x: 100, y: 100)), verbs: verbs,
            configuration: try InputConfiguration(wakeDuration: 15))
        #expect(verbs.calls == ["wake 15.0"])
    }

    @Test("at night a tap elsewhere wakes; in the day it does nothing")
    func tapAtNight() {
        let verbs = RecordingVerbs()
        verbs.isNight = true
        _ = run(Self.tap(at: Point(x: 100, y: 100)), verbs: verbs)
        verbs.isNight = false
        _ = run(Self.tap(at: Point(x: 100, y: 100)), verbs: verbs)
        #expect(verbs.calls == ["wake 10.0"])
    }

    @Test("a tap on a link with an action runs it; one without falls through to the wake")
    func tapOnLink() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let marker = directory.appendingPathComponent("ran").path
        let verbs = RecordingVerbs()
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
        let verbs = RecordingVerbs()
        _ = run(
            [
                .action(.next(slot: nil)), .action(.previous(slot: 1)),
                .action(.view(.named("clock"))),
                .action(.view(.previous)), .action(.mode(.night)), .action(.mode(nil)),
                .action(.wake),
                .action(.reload),
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
        let verbs = RecordingVerbs()
        let controller = InputController(
            configuration: try InputConfiguration(idleOff: 600), verbs: verbs, now: 0)
        #expect(controller.deadline == 600)
        controller.deadlineReached(at: 599)
        #expect(verbs.calls.isEmpty)
        controller.deadlineReached(at: 600)
        #expect(verbs.calls == ["idle off"])
        #expect(controller.deadline == nil)
        controller.handle(.action(.next(slot: nil)), at: 700)
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
        let verbs = RecordingVerbs()
        let controller = InputController(
            configuration: try InputConfiguration(idleOff: 60), verbs: verbs, now: 0)
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
}
