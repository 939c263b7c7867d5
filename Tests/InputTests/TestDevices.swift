import CEvdev
import Input

/// Descriptions of the devices the tests feed, as their kernel drivers declare them.
enum TestDevices {
    private static func axis(_ code: Int32, _ maximum: Int32) -> (
        UInt16, InputDeviceDescription.AxisRange
    ) {
        (UInt16(code), .init(minimum: 0, maximum: maximum))
    }

    /// The Raspberry Pi 7" Touch Display's touchscreen under KMS, as `edt-ft5x06` declares an
    /// `edt,edt-ft5506` that does not name itself (`generic ft5x06 (79)`): 800x480 from the
    /// overlay's `touchscreen-size-x/y`, ten slots, direct, with the kernel's single-touch
    /// emulation (`ABS_X/Y`, `BTN_TOUCH`).
    static let dsiPanel = InputDeviceDescription(
        name: "generic ft5x06 (79)", path: "/dev/input/event0", isDirect: true,
        keyCodes: [UInt16(BTN_TOUCH)],
        absoluteAxes: Dictionary(uniqueKeysWithValues: [
            axis(ABS_X, 799), axis(ABS_Y, 479), axis(ABS_MT_SLOT, 9),
            axis(ABS_MT_POSITION_X, 799), axis(ABS_MT_POSITION_Y, 479),
            axis(ABS_MT_TRACKING_ID, 65535),
        ]),
        touchSlots: 10)

    /// A `gpio-keys` device named after its device-tree node (`button@11`), with a next
    /// button and a PIR sensor (two keys of one node).
    static let gpioKeys = InputDeviceDescription(
        name: "button@11", path: "/dev/input/event1",
        keyCodes: [UInt16(KEY_NEXTSONG), UInt16(KEY_PROG1)])

    /// A `rotary-encoder` device with a relative axis.
    static let rotary = InputDeviceDescription(
        name: "rotary@11", path: "/dev/input/event2", relativeAxes: [UInt16(REL_X)])

    /// A laptop touchpad: multitouch, but not direct, with finger tool bits.
    static let touchpad = InputDeviceDescription(
        name: "SynPS/2 Synaptics TouchPad", path: "/dev/input/event3",
        keyCodes: [UInt16(BTN_LEFT), UInt16(BTN_TOUCH), UInt16(BTN_TOOL_FINGER)],
        absoluteAxes: Dictionary(uniqueKeysWithValues: [
            axis(ABS_X, 5000), axis(ABS_Y, 4000), axis(ABS_MT_SLOT, 4),
            axis(ABS_MT_POSITION_X, 5000), axis(ABS_MT_POSITION_Y, 4000),
        ]),
        touchSlots: 5)

    /// A USB mouse.
    static let mouse = InputDeviceDescription(
        name: "USB Optical Mouse", path: "/dev/input/event4",
        keyCodes: [UInt16(BTN_LEFT), UInt16(BTN_RIGHT), UInt16(BTN_MIDDLE)],
        relativeAxes: [UInt16(REL_X), UInt16(REL_Y), UInt16(REL_WHEEL), UInt16(REL_WHEEL_HI_RES)])

    /// QEMU's `virtio-tablet`: an absolute pointer over the whole screen.
    static let tablet = InputDeviceDescription(
        name: "QEMU Virtio Tablet", path: "/dev/input/event5",
        keyCodes: [UInt16(BTN_LEFT), UInt16(BTN_RIGHT), UInt16(BTN_MIDDLE)],
        relativeAxes: [UInt16(REL_WHEEL)],
        absoluteAxes: Dictionary(uniqueKeysWithValues: [axis(ABS_X, 32767), axis(ABS_Y, 32767)]))

    /// A resistive single-touch panel (`ads7846`): 12-bit axes.
    static let resistive = InputDeviceDescription(
        name: "ADS7846 Touchscreen", path: "/dev/input/event6",
        keyCodes: [UInt16(BTN_TOUCH)],
        absoluteAxes: Dictionary(uniqueKeysWithValues: [
            axis(ABS_X, 4095), axis(ABS_Y, 4095), axis(ABS_PRESSURE, 255),
        ]))
}
