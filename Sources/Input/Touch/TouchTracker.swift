import CEvdev

/// Turns a touch device's events into ``TouchFrame``s: the fingers down at each report.
///
/// Multitouch devices follow the kernel's protocol B (`Documentation/input/multi-touch-protocol.rst`):
/// `ABS_MT_SLOT` selects a slot, `ABS_MT_TRACKING_ID` starts a contact in it (a new id) or
/// ends it (-1), `ABS_MT_POSITION_X/Y` move it, and `SYN_REPORT` closes the frame. Their
/// single-touch emulation (`ABS_X/Y`, `BTN_TOUCH`) is ignored. Single-touch devices report
/// `ABS_X/Y` and `BTN_TOUCH`; absolute pointers the same with `BTN_LEFT` as the finger.
///
/// After the kernel dropped events (`SYN_DROPPED`, a full buffer), libevdev replays the
/// difference to the device's real state before the next report, so the slots stay right.
///
/// ```swift
/// var tracker = TouchTracker(device: description)
/// for event in events {
///     if let frame = tracker.handle(event) { recognizer.handle(frame) }
/// }
/// ```
public struct TouchTracker: Sendable {
    /// The most slots tracked; a device that declares more has its further slots ignored.
    public static let slotLimit = 16

    private struct Slot: Sendable {
        var id: Int32 = -1
        var x: Int32 = 0
        var y: Int32 = 0
    }

    private let kind: InputDeviceDescription.TouchKind
    private let xRange: InputDeviceDescription.AxisRange
    private let yRange: InputDeviceDescription.AxisRange
    private var slots: [Slot]
    private var slot = 0
    private var singleDown = false
    private var singlePresses = 0
    private var changed = false

    /// A tracker for a device's touches, or nil when the device gives none.
    public init?(device: InputDeviceDescription) {
        guard let kind = device.touch, let xRange = device.xRange, let yRange = device.yRange
        else { return nil }
        self.kind = kind
        self.xRange = xRange
        self.yRange = yRange
        let count: Int
        if case .multitouch(let n) = kind { count = min(n, Self.slotLimit) } else { count = 1 }
        slots = Array(repeating: Slot(), count: count)
    }

    /// Takes one event; returns the frame a `SYN_REPORT` closes when the contacts changed.
    public mutating func handle(_ event: RawInputEvent) -> TouchFrame? {
        switch Int32(event.type) {
        case EV_ABS: absolute(code: Int32(event.code), value: event.value)
        case EV_KEY: key(code: Int32(event.code), value: event.value)
        case EV_SYN where event.isReport:
            guard changed else { return nil }
            changed = false
            return frame(time: event.time)
        default: break
        }
        return nil
    }

    private mutating func absolute(code: Int32, value: Int32) {
        if case .multitouch = kind {
            switch code {
            case ABS_MT_SLOT:
                // Past the tracked slots: the slot index stays out of range until the next
                // ABS_MT_SLOT, and its events are dropped.
                slot = value >= 0 && Int(value) < slots.count ? Int(value) : -1
            case ABS_MT_TRACKING_ID where slot >= 0:
                slots[slot].id = value < 0 ? -1 : value
                changed = true
            case ABS_MT_POSITION_X where slot >= 0:
                slots[slot].x = value
                changed = changed || slots[slot].id >= 0
            case ABS_MT_POSITION_Y where slot >= 0:
                slots[slot].y = value
                changed = changed || slots[slot].id >= 0
            default: break
            }
            return
        }
        switch code {
        case ABS_X:
            slots[0].x = value
            changed = changed || singleDown
        case ABS_Y:
            slots[0].y = value
            changed = changed || singleDown
        default: break
        }
    }

    private mutating func key(code: Int32, value: Int32) {
        let finger: Int32
        switch kind {
        case .multitouch: return
        case .singleTouch: finger = BTN_TOUCH
        case .absolutePointer: finger = BTN_LEFT
        }
        guard code == finger, value != 2 else { return }
        let down = value != 0
        guard down != singleDown else { return }
        singleDown = down
        if down { singlePresses &+= 1 }
        slots[0].id = down ? Int32(truncatingIfNeeded: singlePresses & 0x7fff_ffff) : -1
        changed = true
    }

    private func frame(time: Double) -> TouchFrame {
        let contacts = slots.compactMap { slot -> TouchFrame.Contact? in
            guard slot.id >= 0 else { return nil }
            return TouchFrame.Contact(
                id: Int(slot.id), x: xRange.fraction(of: slot.x), y: yRange.fraction(of: slot.y))
        }
        return TouchFrame(time: time, contacts: contacts)
    }
}
