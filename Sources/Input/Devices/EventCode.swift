import CEvdev

/// The kernel's names for event types and codes (`KEY_NEXTSONG`, `SW_LID`, `REL_X`), through
/// libevdev's tables, which follow `linux/input-event-codes.h`.
///
/// Configuration files name keys as the kernel and the device tree do, so a key map reads
/// like the overlay line that made the key:
///
/// ```swift
/// EventCode.key(named: "KEY_NEXTSONG")          // (EV_KEY, 163)
/// EventCode.name(type: 1, code: 163)            // "KEY_NEXTSONG"
/// ```
public enum EventCode {
    /// The type and code a name stands for: `KEY_…` and `BTN_…` are keys (`EV_KEY`), `SW_…`
    /// switches (`EV_SW`); nil for any other name.
    public static func key(named name: String) -> (type: UInt16, code: UInt16)? {
        let type: Int32
        if name.hasPrefix("KEY_") || name.hasPrefix("BTN_") {
            type = EV_KEY
        } else if name.hasPrefix("SW_") {
            type = EV_SW
        } else {
            return nil
        }
        let code = libevdev_event_code_from_name(UInt32(type), name)
        guard code >= 0, let value = UInt16(exactly: code) else { return nil }
        return (UInt16(type), value)
    }

    /// The kernel's name of a code (`KEY_NEXTSONG`), or the type's prefix and the number
    /// (`KEY_0x2ff`) for a code without one.
    public static func name(type: UInt16, code: UInt16) -> String {
        if let name = libevdev_event_code_get_name(UInt32(type), UInt32(code)) {
            return String(cString: name)
        }
        let prefix = typeName(type).dropFirst(3)
        return "\(prefix)_0x\(String(code, radix: 16))"
    }

    /// The kernel's name of a type (`EV_KEY`), or `EV_` and its number.
    public static func typeName(_ type: UInt16) -> String {
        if let name = libevdev_event_type_get_name(UInt32(type)) { return String(cString: name) }
        return "EV_\(type)"
    }
}
