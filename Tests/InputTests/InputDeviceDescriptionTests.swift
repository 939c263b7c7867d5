import CEvdev
import Input
import Testing

@Suite("Input device classification")
struct InputDeviceDescriptionTests {
    @Test("the DSI panel is a direct multitouch screen; its BTN_TOUCH is no key")
    func dsiPanel() {
        let panel = TestDevices.dsiPanel
        #expect(panel.touch == .multitouch(slots: 10))
        #expect(panel.keys.isEmpty)
        #expect(panel.encoderAxes.isEmpty)
        #expect(panel.isUsable)
    }

    @Test("gpio-keys gives keys; a rotary encoder an encoder axis")
    func keysAndEncoder() {
        #expect(TestDevices.gpioKeys.touch == nil)
        #expect(TestDevices.gpioKeys.keys == [UInt16(KEY_PROG1), UInt16(KEY_NEXTSONG)])
        #expect(TestDevices.rotary.encoderAxes == [UInt16(REL_X)])
        #expect(TestDevices.rotary.isUsable)
    }

    @Test("a touchpad is no touchscreen, and a mouse no encoder")
    func desktopDevices() {
        #expect(TestDevices.touchpad.touch == nil)
        #expect(TestDevices.mouse.isMouse)
        #expect(TestDevices.mouse.encoderAxes.isEmpty)
        #expect(TestDevices.mouse.keys.isEmpty)
    }

    @Test("QEMU's tablet is an absolute pointer; a resistive panel single touch")
    func pointers() {
        #expect(TestDevices.tablet.touch == .absolutePointer)
        #expect(TestDevices.resistive.touch == .singleTouch)
        #expect(
            InputDeviceDescription.TouchKind.multitouch(slots: 1).description
                == "multitouch, 1 contact")
    }

    @Test("a device with nothing Nightstand reads is not usable")
    func unusable() {
        let speaker = InputDeviceDescription(name: "PC Speaker", path: "/dev/input/event9")
        #expect(!speaker.isUsable)
    }

    @Test("kernel names read both ways, and unknown codes get a number")
    func eventCodes() throws {
        let next = try #require(EventCode.key(named: "KEY_NEXTSONG"))
        #expect(next == (UInt16(EV_KEY), UInt16(KEY_NEXTSONG)))
        let lid = try #require(EventCode.key(named: "SW_LID"))
        #expect(lid == (UInt16(EV_SW), UInt16(SW_LID)))
        let button = try #require(EventCode.key(named: "BTN_0"))
        #expect(button == (UInt16(EV_KEY), UInt16(BTN_0)))
        #expect(EventCode.key(named: "KEY_NOPE") == nil)
        #expect(EventCode.key(named: "REL_X") == nil)
        #expect(EventCode.name(type: UInt16(EV_KEY), code: UInt16(KEY_PROG1)) == "KEY_PROG1")
        #expect(EventCode.name(type: UInt16(EV_KEY), code: 0x2fe) == "KEY_0x2fe")
        let event = RawInputEvent(type: EV_KEY, code: KEY_NEXTSONG, value: 1, time: 0)
        #expect(event.description == "EV_KEY KEY_NEXTSONG 1")
    }
}
