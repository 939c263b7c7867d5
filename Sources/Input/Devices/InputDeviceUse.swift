import CEvdev

/// What Nightstand does with a device's events, in words for `nightstand inputs` and the log.
///
/// ```
/// touches: swipes, taps (multitouch, 10 contacts)
/// keys: KEY_NEXTSONG next, KEY_PROG1 presence; other keys wake
/// encoder REL_X: next / previous
/// ```
enum InputDeviceUse {
    /// One line per use of `device` under `keyMap`; empty when it has none.
    static func lines(for device: InputDeviceDescription, keyMap: KeyMap) -> [String] {
        var lines: [String] = []
        if let touch = device.touch {
            lines.append("touches: swipes, taps (\(touch))")
        }
        let keys =
            device.keys.map { KeyMap.Key(type: UInt16(EV_KEY), code: $0) }
            + device.switchCodes.map { KeyMap.Key(type: UInt16(EV_SW), code: $0) }
        let bound = keys.compactMap { key in
            keyMap.binding(for: key).flatMap { $0.press == .none ? nil : "\(key) \($0)" }
        }
        let hasOthers = device.keys.contains {
            keyMap.binding(for: KeyMap.Key(type: UInt16(EV_KEY), code: $0)) == nil
        }
        if !bound.isEmpty || hasOthers {
            let list =
                bound.prefix(8).joined(separator: ", ")
                + (bound.count > 8 ? " and \(bound.count - 8) more" : "")
            let others = hasOthers ? (bound.isEmpty ? "any key wakes" : "other keys wake") : ""
            lines.append("keys: " + [list, others].filter { !$0.isEmpty }.joined(separator: "; "))
        }
        for axis in device.encoderAxes {
            let name = EventCode.name(type: UInt16(EV_REL), code: axis)
            lines.append("encoder \(name): \(keyMap.encoder.positive) / \(keyMap.encoder.negative)")
        }
        if device.isMouse { lines.append("buttons: activity (no pointer is shown)") }
        return lines
    }
}
