import CEvdev

/// One event as the kernel reports it on an evdev node (`struct input_event`): a type, a code,
/// a value and the instant.
///
/// Devices deliver these in frames ended by `EV_SYN`/`SYN_REPORT`; everything between two
/// reports happened at once. Tests feed recorded sequences of them to ``TouchTracker`` and
/// ``DeviceInterpreter``.
///
/// ```swift
/// let down = RawInputEvent(type: EV_ABS, code: ABS_MT_TRACKING_ID, value: 7, time: 1.0)
/// ```
public struct RawInputEvent: Sendable, Equatable, CustomStringConvertible {
    /// The event type (`EV_KEY`, `EV_ABS`, `EV_REL`, `EV_SW`, `EV_SYN`, …).
    public var type: UInt16
    /// The code within the type (`KEY_NEXTSONG`, `ABS_MT_POSITION_X`, `SYN_REPORT`, …).
    public var code: UInt16
    /// The value: 1 pressed, 0 released, 2 repeated for keys; a position for absolute axes; a
    /// step count for relative ones.
    public var value: Int32
    /// When it happened, in seconds of the monotonic clock (`CLOCK_MONOTONIC`, which devices
    /// are switched to when opened).
    public var time: Double

    /// Creates an event from its kernel fields.
    public init(type: UInt16, code: UInt16, value: Int32, time: Double) {
        self.type = type
        self.code = code
        self.value = value
        self.time = time
    }

    /// Creates an event from the kernel's `Int32` constants (`EV_ABS`, `ABS_MT_SLOT`, …) as
    /// they import into Swift.
    public init(type: Int32, code: Int32, value: Int32, time: Double) {
        self.init(
            type: UInt16(truncatingIfNeeded: type), code: UInt16(truncatingIfNeeded: code),
            value: value, time: time)
    }

    /// Whether this ends a frame (`EV_SYN`/`SYN_REPORT`).
    public var isReport: Bool { type == UInt16(EV_SYN) && code == UInt16(SYN_REPORT) }

    /// `EV_KEY KEY_NEXTSONG 1`: the kernel's names, as `evtest` prints them.
    public var description: String {
        "\(EventCode.typeName(type)) \(EventCode.name(type: type, code: code)) \(value)"
    }
}
