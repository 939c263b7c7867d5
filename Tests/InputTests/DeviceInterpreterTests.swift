import CEvdev
import Input
import Raster
import Testing

@Suite("Keys, switches and encoders")
struct DeviceInterpreterTests {
    private static let transform = TouchTransform(pictureSize: PixelSize(width: 800, height: 480))

    private func events(
        _ raw: [(Int32, Int32, Int32)], device: InputDeviceDescription,
        keyMap: KeyMap = .defaults
    ) -> [InputEvent] {
        var interpreter = DeviceInterpreter(device: device)
        let events = raw.map { RawInputEvent(type: $0.0, code: $0.1, value: $0.2, time: 1) }
        return feed(events, to: &interpreter, keyMap: keyMap)
    }

    /// What `interpreter` makes of `events`.
    private func feed(
        _ events: [RawInputEvent], to interpreter: inout DeviceInterpreter,
        keyMap: KeyMap = .defaults
    ) -> [InputEvent] {
        var out: [InputEvent] = []
        for event in events {
            interpreter.handle(event, keyMap: keyMap, transform: Self.transform) { out.append($0) }
        }
        return out
    }

    private func map(_ keys: [(String, [String])]) throws -> KeyMap {
        try InputConfiguration(keys: keys.map { (name: $0.0, actions: $0.1) }).keyMap
    }

    @Test("a bound key acts on press, not on release or autorepeat")
    func pressOnly() {
        let events = events(
            [(EV_KEY, KEY_NEXTSONG, 1), (EV_KEY, KEY_NEXTSONG, 2), (EV_KEY, KEY_NEXTSONG, 0)],
            device: TestDevices.gpioKeys)
        #expect(events == [.action(.next)])
    }

    @Test("a key bound to two actions does the second on release (a headlight line)")
    func releaseAction() throws {
        let keyMap = try map([("KEY_F1", ["mode night", "mode auto"])])
        let events = events(
            [(EV_KEY, KEY_F1, 1), (EV_KEY, KEY_F1, 0)], device: TestDevices.gpioKeys, keyMap: keyMap
        )
        #expect(
            events == [.action(.command(.setMode(.night))), .action(.command(.setMode(.auto)))])
    }

    @Test("a presence key is presence while held; a switch acts like a key")
    func presence() throws {
        let keyMap = try map([("KEY_PROG1", ["presence"]), ("SW_FRONT_PROXIMITY", ["presence"])])
        let events = events(
            [(EV_KEY, KEY_PROG1, 1), (EV_KEY, KEY_PROG1, 0), (EV_SW, SW_FRONT_PROXIMITY, 1)],
            device: TestDevices.gpioKeys, keyMap: keyMap)
        #expect(events == [.presence(true), .presence(false), .presence(true)])
    }

    @Test("an unbound key is activity; an unbound switch and a `none` key are nothing")
    func unbound() throws {
        let keyMap = try map([("KEY_NEXTSONG", ["none"])])
        let events = events(
            [
                (EV_KEY, KEY_A, 1), (EV_KEY, KEY_A, 0), (EV_SW, SW_LID, 1),
                (EV_KEY, KEY_NEXTSONG, 1),
            ],
            device: TestDevices.gpioKeys, keyMap: keyMap)
        #expect(events == [.activity])
    }

    @Test("each encoder step is an action, a burst at most eight")
    func encoder() throws {
        let keyMap = try InputConfiguration(encoder: ["view next", "view previous"]).keyMap
        let events = events(
            [(EV_REL, REL_X, 1), (EV_REL, REL_X, -2), (EV_REL, REL_X, 100), (EV_REL, REL_X, 0)],
            device: TestDevices.rotary, keyMap: keyMap)
        #expect(events.count == 11)
        #expect(
            events.prefix(3) == [
                .action(.command(.stepView(by: 1))), .action(.command(.stepView(by: -1))),
                .action(.command(.stepView(by: -1))),
            ])
    }

    @Test("a mouse's wheel steps nothing; its buttons are activity")
    func mouse() {
        let events = events(
            [(EV_REL, REL_WHEEL, 1), (EV_KEY, BTN_LEFT, 1)], device: TestDevices.mouse)
        #expect(events == [.activity])
    }

    @Test("a touch gives gestures only: BTN_TOUCH is no key")
    func touchActivity() {
        var script = TouchScript()
        script.touch(x: 100, y: 100)
        script.report()
        script.lift()
        script.report(after: 0.1)
        var interpreter = DeviceInterpreter(device: TestDevices.dsiPanel)
        let events = feed(script.events, to: &interpreter)
        #expect(events.count == 3)
        #expect(
            events.first
                == .gesture(.touchDown(at: Self.transform.point(x: 100.0 / 799, y: 100.0 / 479))))
        if case .gesture(.tap) = events[1] {} else { Issue.record("expected a tap: \(events)") }
        #expect(events.last == .gesture(.touchUp))
    }

    @Test("a device that goes away mid-drag cancels the drag")
    func cancelled() {
        var script = TouchScript()
        script.touch(x: 100, y: 100)
        script.report()
        script.move(x: 200, y: 100)
        script.report()
        var interpreter = DeviceInterpreter(device: TestDevices.dsiPanel)
        var events = feed(script.events, to: &interpreter)
        interpreter.cancel(at: 2) { events.append($0) }
        #expect(events.last == .gesture(.touchUp))
        if case .gesture(.dragCancelled) = events[events.count - 2] {
        } else {
            Issue.record("no cancel: \(events)")
        }
        // Nothing more to cancel.
        interpreter.cancel(at: 3) { events.append($0) }
        #expect(events.last == .gesture(.touchUp))
    }

    @Test("the default map: media keys and arrows step, Enter wakes")
    func defaults() {
        let events = events(
            [
                (EV_KEY, KEY_DOWN, 1), (EV_KEY, KEY_PREVIOUSSONG, 1), (EV_KEY, KEY_RIGHT, 1),
                (EV_KEY, KEY_ENTER, 1),
            ],
            device: TestDevices.gpioKeys)
        #expect(
            events == [
                .action(.next), .action(.previous), .action(.command(.stepView(by: 1))),
                .action(.wake),
            ])
    }
}
