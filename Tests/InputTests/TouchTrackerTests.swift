import CEvdev
import Input
import Testing

@Suite("Touch tracking")
struct TouchTrackerTests {
    private func frames(
        _ events: [RawInputEvent], device: InputDeviceDescription = TestDevices.dsiPanel
    ) -> [TouchFrame] {
        guard var tracker = TouchTracker(device: device) else { return [] }
        return events.compactMap { tracker.handle($0) }
    }

    @Test("a protocol-B touch gives one frame per report, positions as fractions of the axes")
    func protocolB() {
        var script = TouchScript()
        script.touch(x: 0, y: 479)
        script.report()
        script.move(x: 799, y: 0)
        script.report()
        script.lift()
        script.report()
        let frames = frames(script.events)
        #expect(frames.count == 3)
        #expect(frames[0].contacts == [TouchFrame.Contact(id: 100, x: 0, y: 1)])
        #expect(frames[1].contacts == [TouchFrame.Contact(id: 100, x: 1, y: 0)])
        #expect(frames[2].contacts.isEmpty)
        #expect(frames[2].time == script.time)
    }

    @Test("two fingers in two slots are two contacts; each lift leaves the other")
    func twoSlots() {
        var script = TouchScript()
        script.touch(slot: 0, x: 100, y: 100)
        script.report()
        script.touch(slot: 1, x: 700, y: 400)
        script.report()
        script.lift(slot: 0)
        script.report()
        script.lift(slot: 1)
        script.report()
        let frames = frames(script.events)
        #expect(frames.map(\.contacts.count) == [1, 2, 1, 0])
        #expect(frames[2].contacts.map(\.id) == [101])
    }

    @Test("a report without a change gives no frame")
    func unchanged() {
        var script = TouchScript()
        script.touch(x: 10, y: 10)
        script.report()
        script.report()
        #expect(frames(script.events).count == 1)
    }

    @Test("slots past the tracked sixteen are ignored, not trapped on")
    func slotsOutOfRange() {
        var device = TestDevices.dsiPanel
        device.touchSlots = 60
        var script = TouchScript()
        script.touch(slot: 40, x: 10, y: 10)
        script.report()
        script.touch(slot: 2, x: 20, y: 20)
        script.report()
        let frames = frames(script.events, device: device)
        #expect(frames.map(\.contacts.count) == [1])
        #expect(frames[0].contacts[0].x == 20.0 / 799)
    }

    @Test("positions past the declared range are clamped to it")
    func clamped() {
        var script = TouchScript()
        script.touch(x: -50, y: 9000)
        script.report()
        #expect(frames(script.events).first?.contacts == [TouchFrame.Contact(id: 100, x: 0, y: 1)])
    }

    @Test("a single-touch panel reports BTN_TOUCH and ABS_X/Y; each press is a new contact")
    func singleTouch() {
        let events = [
            RawInputEvent(type: EV_ABS, code: ABS_X, value: 4095, time: 1),
            RawInputEvent(type: EV_ABS, code: ABS_Y, value: 0, time: 1),
            RawInputEvent(type: EV_KEY, code: BTN_TOUCH, value: 1, time: 1),
            RawInputEvent(type: EV_SYN, code: SYN_REPORT, value: 0, time: 1),
            RawInputEvent(type: EV_KEY, code: BTN_TOUCH, value: 0, time: 2),
            RawInputEvent(type: EV_SYN, code: SYN_REPORT, value: 0, time: 2),
            RawInputEvent(type: EV_KEY, code: BTN_TOUCH, value: 1, time: 3),
            RawInputEvent(type: EV_SYN, code: SYN_REPORT, value: 0, time: 3),
        ]
        let frames = frames(events, device: TestDevices.resistive)
        #expect(frames.count == 3)
        #expect(frames[0].contacts == [TouchFrame.Contact(id: 1, x: 1, y: 0)])
        #expect(frames[1].contacts.isEmpty)
        #expect(frames[2].contacts.map(\.id) == [2])
    }

    @Test("an absolute pointer's left button is the finger")
    func absolutePointer() {
        let events = [
            RawInputEvent(type: EV_ABS, code: ABS_X, value: 16384, time: 1),
            RawInputEvent(type: EV_ABS, code: ABS_Y, value: 16384, time: 1),
            RawInputEvent(type: EV_SYN, code: SYN_REPORT, value: 0, time: 1),
            RawInputEvent(type: EV_KEY, code: BTN_LEFT, value: 1, time: 2),
            RawInputEvent(type: EV_SYN, code: SYN_REPORT, value: 0, time: 2),
        ]
        let frames = frames(events, device: TestDevices.tablet)
        #expect(frames.count == 1)
        #expect(frames[0].contacts.count == 1)
        #expect(abs(frames[0].contacts[0].x - 0.5) < 0.001)
    }

    @Test("no tracker for a device without touches")
    func noTouches() {
        #expect(TouchTracker(device: TestDevices.gpioKeys) == nil)
        #expect(TouchTracker(device: TestDevices.touchpad) == nil)
    }

    @Test("a recorded sequence in evemu's format reads into the same frames")
    func recorded() throws {
        let text = try fixture("dsi-swipe-up.evemu")
        let frames = frames(evemuEvents(text))
        #expect(frames.count == 8)
        #expect(frames.first?.contacts.count == 1)
        #expect(frames.last?.contacts.isEmpty == true)
    }
}
