import Display
import Input
import Raster
import Testing

@Suite("Gesture recognition")
struct GestureRecognizerTests {
    private static let panel = TouchTransform(pictureSize: PixelSize(width: 800, height: 480))

    /// The gestures of `events` from the DSI panel, mapped through `transform`; without the
    /// touches' opening and closing (`touchDown`, `touchUp`) unless `bracketed`.
    private func gestures(
        _ events: [RawInputEvent], transform: TouchTransform = panel, bracketed: Bool = false
    ) -> [Gesture] {
        guard var tracker = TouchTracker(device: TestDevices.dsiPanel) else { return [] }
        var recognizer = GestureRecognizer()
        var gestures: [Gesture] = []
        for event in events {
            guard let frame = tracker.handle(event) else { continue }
            recognizer.handle(frame, transform: transform) { gestures.append($0) }
        }
        return bracketed
            ? gestures
            : gestures.filter {
                switch $0 {
                case .touchDown, .touchUp: false
                default: true
                }
            }
    }

    @Test("each touch opens with touchDown where the finger came down and closes with touchUp")
    func bracketed() {
        var script = TouchScript()
        script.touch(slot: 0, x: 0, y: 0)
        script.report()
        script.touch(slot: 1, x: 799, y: 479)
        script.report()
        script.lift(slot: 0)
        script.report()
        script.lift(slot: 1)
        script.report()
        let long = TouchScript.stroke(from: (400, 400), to: (400, 100), duration: 0.2)
        #expect(
            gestures(script.events, bracketed: true) == [
                .touchDown(at: Point(x: 0, y: 0)), .touchUp,
            ])
        let gestures = gestures(long.events, bracketed: true)
        #expect(gestures.first == .touchDown(at: Self.panel.point(x: 400.0 / 799, y: 400.0 / 479)))
        #expect(gestures.last == .touchUp)
        if case .swipe = gestures[gestures.count - 2] {} else { Issue.record("\(gestures)") }
    }

    private func swipes(_ gestures: [Gesture]) -> [SwipeDirection] {
        gestures.compactMap { if case .swipe(let direction, _) = $0 { direction } else { nil } }
    }

    @Test("a short touch that stays put is a tap where it first touched")
    func tap() {
        var script = TouchScript()
        script.touch(x: 200, y: 100)
        script.report()
        script.move(x: 205, y: 104)  // 6 px: inside the slop (19 px at 800x480)
        script.report(after: 0.05)
        script.lift()
        script.report(after: 0.05)
        let gestures = gestures(script.events)
        #expect(gestures.count == 1)
        guard case .tap(let point) = gestures.first else { return }
        #expect(abs(point.x - 200.0 * 800 / 799) < 1e-9)
        #expect(abs(point.y - 100.0 * 480 / 479) < 1e-9)
    }

    @Test("a touch held longer than the tap duration is nothing")
    func longPress() {
        var script = TouchScript()
        script.touch(x: 200, y: 100)
        script.report()
        script.lift()
        script.report(after: 0.8)
        #expect(gestures(script.events).isEmpty)
    }

    @Test("a recorded swipe up is a vertical drag that follows the finger and ends as a swipe up")
    func recordedSwipeUp() throws {
        let gestures = gestures(evemuEvents(try fixture("dsi-swipe-up.evemu")))
        guard case .dragBegan(let began) = gestures.first else {
            Issue.record("no drag began: \(gestures)")
            return
        }
        #expect(began.axis == .vertical)
        #expect(abs(began.start.x - 400.5) < 1)
        let changes = gestures.compactMap { if case .dragChanged(let d) = $0 { d } else { nil } }
        #expect(changes.count == 5)
        // The drag follows the finger: 300 panel units up, 300.6 pixels.
        #expect(abs((changes.last?.translation.y ?? 0) + 300.6) < 0.1)
        #expect(swipes(gestures) == [.up])
        if case .dragEnded(let ended, let swipe) = gestures[gestures.count - 2] {
            #expect(swipe == .up)
            #expect(ended.velocity.y < -2000)  // 50 units per 20 ms
        } else {
            Issue.record("no drag ended before the swipe: \(gestures)")
        }
    }

    @Test(
        "a drag past half the picture along its axis is a swipe that way, even slowly",
        arguments: [
            ((400, 400), (400, 150), SwipeDirection.up),
            ((400, 50), (400, 300), .down),
            ((700, 240), (280, 240), .left),
            ((100, 240), (520, 240), .right),
        ] as [((Int32, Int32), (Int32, Int32), SwipeDirection)])
    func swipeByDistance(from: (Int32, Int32), to: (Int32, Int32), direction: SwipeDirection) {
        // Slow: 250 or 420 pixels over two seconds, then a rest before the lift.
        let script = TouchScript.stroke(from: from, to: to, duration: 2, frames: 20, hold: 0.3)
        #expect(swipes(gestures(script.events)) == [direction])
    }

    @Test("a slow drag short of half-way is no swipe: the picture settles back")
    func shortSlowDrag() {
        let script = TouchScript.stroke(from: (400, 400), to: (400, 180), duration: 2, hold: 0.3)
        let gestures = gestures(script.events)
        #expect(swipes(gestures).isEmpty)
        #expect(gestures.contains { if case .dragEnded(_, nil) = $0 { true } else { false } })
    }

    @Test("a short fast flick is a swipe")
    func flick() {
        // 60 pixels in 60 ms: 1000 pixels a second, past 0.3 × 480.
        let script = TouchScript.stroke(from: (400, 300), to: (400, 240), duration: 0.06, frames: 4)
        #expect(swipes(gestures(script.events)) == [.up])
    }

    @Test("a finger that rests before lifting has no velocity")
    func restedFlick() {
        var script = TouchScript.stroke(from: (400, 300), to: (400, 240), duration: 0.06, frames: 4)
        // The same flick, with the last move and the lift 200 ms apart.
        script = TouchScript.stroke(
            from: (400, 300), to: (400, 240), duration: 0.06, frames: 4, hold: 0.2)
        let gestures = gestures(script.events)
        #expect(swipes(gestures).isEmpty)
        if case .dragEnded(let drag, _) = gestures.last {
            #expect(drag.velocity == Point(x: 0, y: 0))
        }
    }

    @Test("a drag past half-way flung back the other way is no swipe")
    func flungBack() {
        var script = TouchScript()
        script.touch(x: 400, y: 400)
        script.report()
        for y in stride(from: 380, through: 100, by: -20) {
            script.move(x: 400, y: Int32(y))
            script.report(after: 0.05)
        }
        // Back down fast (1500 px/s), lifted still past half-way up: 250 of 480 pixels.
        for y in [125, 150] as [Int32] {
            script.move(x: 400, y: y)
            script.report()
        }
        script.lift()
        script.report()
        #expect(swipes(gestures(script.events)).isEmpty)
    }

    @Test("a second finger cancels the drag; nothing more until every finger is up")
    func multitouchCancels() throws {
        let gestures = gestures(evemuEvents(try fixture("dsi-two-fingers.evemu")))
        // The first move (60 pixels) begins the drag; the next frame has two fingers.
        #expect(gestures.count == 2)
        guard gestures.count == 2 else { return }
        if case .dragBegan(let drag) = gestures[0] { #expect(drag.axis == .horizontal) }
        if case .dragCancelled(let drag) = gestures[1] {
            #expect(abs(drag.translation.x - 60.08) < 0.01)
        } else {
            Issue.record("expected a cancel: \(gestures)")
        }
    }

    @Test("two fingers down at once are ignored, and the next single touch is recognized")
    func twoAtOnce() {
        var script = TouchScript()
        script.touch(slot: 0, x: 100, y: 100)
        script.touch(slot: 1, x: 300, y: 100)
        script.report()
        script.lift(slot: 0)
        script.report(after: 0.05)
        script.lift(slot: 1)
        script.report(after: 0.05)
        script.touch(x: 500, y: 200)
        script.report()
        script.lift()
        script.report(after: 0.1)
        let gestures = gestures(script.events)
        #expect(gestures.count == 1)
        if case .tap(let point) = gestures.first { #expect(abs(point.x - 500.6) < 0.1) }
    }

    @Test(
        "on a panel mounted at 90°, a swipe up the picture is a swipe up",
        arguments: [Display.Rotation.degrees90, .degrees180, .degrees270])
    func rotated(rotation: Display.Rotation) {
        // The picture is 480x800 on the 800x480 panel turned by `rotation`; the finger moves up
        // the picture by 300 pixels from its middle. Where is that on the panel?
        let picture = PixelSize(
            width: rotation.swapsAxes ? 480 : 800, height: rotation.swapsAxes ? 800 : 480)
        let canvasStart = (x: picture.width / 2, y: picture.height / 2 + 150)
        let canvasEnd = (x: picture.width / 2, y: picture.height / 2 - 150)
        let start = rotation.panelPoint(x: canvasStart.x, y: canvasStart.y, canvasSize: picture)
        let end = rotation.panelPoint(x: canvasEnd.x, y: canvasEnd.y, canvasSize: picture)
        let script = TouchScript.stroke(
            from: (Int32(start.x), Int32(start.y)), to: (Int32(end.x), Int32(end.y)), duration: 0.3)
        let transform = TouchTransform(pictureSize: picture, rotation: rotation)
        #expect(swipes(gestures(script.events, transform: transform)) == [.up])
    }

    @Test(
        "the slop is 4% of the picture's shorter side: 19.2 pixels at 799x479",
        arguments: [(18, false), (21, true)] as [(Int32, Bool)])
    func slop(distance: Int32, isDrag: Bool) {
        var script = TouchScript()
        script.touch(x: 200, y: 200)
        script.report()
        script.move(x: 200, y: 200 + distance)
        script.report()
        script.lift()
        script.report()
        // A picture one pixel per panel unit.
        let units = TouchTransform(pictureSize: PixelSize(width: 799, height: 479))
        let began = gestures(script.events, transform: units).contains {
            if case .dragBegan = $0 { true } else { false }
        }
        #expect(began == isDrag)
    }
}
