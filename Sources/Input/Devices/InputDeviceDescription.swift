import CEvdev

/// What an input device reports, as its kernel driver declares it: a name, the event codes it
/// can send, the ranges of its absolute axes and its properties.
///
/// ``EvdevDevice`` reads one from an open node; tests write them by hand. What Nightstand
/// makes of a device follows from it alone (``touch``, ``keys``, ``encoderAxes``), the way
/// udev's `input_id` tags devices:
///
/// | the device declares | Nightstand sees |
/// | --- | --- |
/// | `ABS_MT_SLOT`, `ABS_MT_POSITION_X/Y`, direct (`INPUT_PROP_DIRECT`) or `BTN_TOUCH` without a touchpad's `BTN_TOOL_FINGER` | a multitouch screen (protocol B: the Pi's DSI panels through `edt-ft5x06` and `goodix`, USB `hid-multitouch` panels) |
/// | `ABS_X/Y` and `BTN_TOUCH`, not a touchpad | a single-touch screen (resistive panels, `ads7846`) |
/// | `ABS_X/Y` and `BTN_LEFT` | an absolute pointer, the button as the finger (QEMU's and VNC's tablets) |
/// | keys other than the pointer's buttons (`gpio-keys`, keyboards, remotes) | keys |
/// | switches (`EV_SW`: a PIR or an ignition line wired as a switch) | switches |
/// | relative axes without `BTN_LEFT` (`rotary-encoder`) | an encoder: steps |
/// | relative `REL_X/Y` with `BTN_LEFT` | a mouse: its buttons count as activity |
///
/// A touchpad (`BTN_TOOL_FINGER`, not direct) is none of these: it moves a cursor Nightstand
/// does not have.
public struct InputDeviceDescription: Sendable, Equatable {
    /// The kernel's name of the device (`/sys/class/input/inputN/name`).
    ///
    /// Under KMS the Raspberry Pi 7" Touch Display's touchscreen is `generic ft5x06 (<id>)`
    /// (`edt-ft5x06`), Touch Display 2's `<i2c device> Goodix Capacitive TouchScreen`, and each
    /// `dtoverlay=gpio-key` line is a device named after its node, `button@11` for GPIO 17
    /// (docs/raspberry-pi.md has the sources).
    public var name: String
    /// The device node, such as `/dev/input/event3`.
    public var path: String
    /// Whether the device is direct (`INPUT_PROP_DIRECT`): its coordinates are places on a
    /// screen, as a touchscreen's are.
    public var isDirect: Bool
    /// The `EV_KEY` codes it can send, ascending.
    public var keyCodes: [UInt16]
    /// The `EV_SW` codes it can send, ascending.
    public var switchCodes: [UInt16]
    /// The `EV_REL` codes it can send, ascending.
    public var relativeAxes: [UInt16]
    /// Its absolute axes (`EV_ABS`) and their ranges, by code.
    public var absoluteAxes: [UInt16: AxisRange]
    /// How many contacts its multitouch slots track (`ABS_MT_SLOT`'s range), 0 without.
    public var touchSlots: Int

    /// Creates a description.
    public init(
        name: String, path: String, isDirect: Bool = false, keyCodes: [UInt16] = [],
        switchCodes: [UInt16] = [], relativeAxes: [UInt16] = [],
        absoluteAxes: [UInt16: AxisRange] = [:], touchSlots: Int = 0
    ) {
        self.name = name
        self.path = path
        self.isDirect = isDirect
        self.keyCodes = keyCodes.sorted()
        self.switchCodes = switchCodes.sorted()
        self.relativeAxes = relativeAxes.sorted()
        self.absoluteAxes = absoluteAxes
        self.touchSlots = touchSlots
    }

    /// The range an absolute axis reports, from the driver (`struct input_absinfo`).
    public struct AxisRange: Sendable, Equatable {
        /// The smallest value.
        public var minimum: Int32
        /// The largest value.
        public var maximum: Int32

        /// Creates a range.
        public init(minimum: Int32, maximum: Int32) {
            self.minimum = minimum
            self.maximum = maximum
        }

        /// Where `value` lies in the range, 0 at the minimum to 1 at the maximum, clamped:
        /// a driver may report slightly past its declared range.
        public func fraction(of value: Int32) -> Double {
            let span = Double(maximum) - Double(minimum)
            guard span > 0 else { return 0 }
            return min(max((Double(value) - Double(minimum)) / span, 0), 1)
        }
    }

    /// How a device gives points on the screen.
    public enum TouchKind: Sendable, Equatable, CustomStringConvertible {
        /// Multitouch protocol B with this many slots.
        case multitouch(slots: Int)
        /// One contact: `ABS_X/Y` and `BTN_TOUCH`.
        case singleTouch
        /// An absolute pointer: `ABS_X/Y`, the left button as the finger.
        case absolutePointer

        /// "multitouch, 10 contacts", "single touch", "absolute pointer".
        public var description: String {
            switch self {
            case .multitouch(let slots): "multitouch, \(slots) contact\(slots == 1 ? "" : "s")"
            case .singleTouch: "single touch"
            case .absolutePointer: "absolute pointer"
            }
        }
    }

    /// Whether the device sends `code` of type `EV_KEY`.
    public func hasKey(_ code: Int32) -> Bool {
        guard let code = UInt16(exactly: code) else { return false }
        return keyCodes.contains(code)
    }

    private func hasAxis(_ code: Int32) -> Bool {
        guard let code = UInt16(exactly: code) else { return false }
        return absoluteAxes[code] != nil
    }

    /// How the device gives points on the screen, or nil for none (a touchpad, a keyboard).
    public var touch: TouchKind? {
        let touchpad = !isDirect && hasKey(BTN_TOOL_FINGER)
        if hasAxis(ABS_MT_SLOT), hasAxis(ABS_MT_POSITION_X), hasAxis(ABS_MT_POSITION_Y),
            touchSlots > 0, isDirect || (hasKey(BTN_TOUCH) && !touchpad)
        {
            return .multitouch(slots: touchSlots)
        }
        guard hasAxis(ABS_X), hasAxis(ABS_Y) else { return nil }
        if hasKey(BTN_TOUCH), !touchpad, !hasKey(BTN_TOOL_PEN) { return .singleTouch }
        if hasKey(BTN_LEFT), !touchpad { return .absolutePointer }
        return nil
    }

    /// The range of the axis that gives the horizontal position of a contact (the slots'
    /// `ABS_MT_POSITION_X` or `ABS_X`).
    var xRange: AxisRange? {
        absoluteAxes[UInt16(touch == .multitouch(slots: touchSlots) ? ABS_MT_POSITION_X : ABS_X)]
    }

    /// The range of the axis that gives the vertical position of a contact.
    var yRange: AxisRange? {
        absoluteAxes[UInt16(touch == .multitouch(slots: touchSlots) ? ABS_MT_POSITION_Y : ABS_Y)]
    }

    /// The keys that are keys to press, not the buttons and tool bits of a touch or pointer
    /// device (`BTN_TOUCH`, `BTN_LEFT`, `BTN_TOOL_FINGER`, …).
    public var keys: [UInt16] {
        guard touch != nil || isMouse else { return keyCodes }
        let pointerButtons = UInt16(BTN_MOUSE)..<UInt16(BTN_JOYSTICK)
        let digitizerBits = UInt16(BTN_DIGI)..<UInt16(BTN_WHEEL)
        return keyCodes.filter { !pointerButtons.contains($0) && !digitizerBits.contains($0) }
    }

    /// Whether the device is a mouse: relative `REL_X`/`REL_Y` and a left button.
    public var isMouse: Bool {
        hasKey(BTN_LEFT) && relativeAxes.contains(where: { $0 == REL_X || $0 == REL_Y })
    }

    /// The relative axes that turn as an encoder (`rotary-encoder`, a remote's dial), each
    /// step a ``KeyMap/encoder`` action: every relative axis of a device that is not a mouse,
    /// but the high-resolution wheel codes, which repeat the wheel's.
    public var encoderAxes: [UInt16] {
        guard !isMouse else { return [] }
        let highResolution: Set<UInt16> = [UInt16(REL_WHEEL_HI_RES), UInt16(REL_HWHEEL_HI_RES)]
        return relativeAxes.filter { !highResolution.contains($0) }
    }

    /// Whether Nightstand can use anything the device sends.
    public var isUsable: Bool {
        touch != nil || !keys.isEmpty || !switchCodes.isEmpty || !encoderAxes.isEmpty || isMouse
    }
}
