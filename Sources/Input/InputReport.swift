/// What input devices this machine has and what Nightstand would use them for, for
/// `nightstand inputs`.
///
/// ```
/// $ nightstand inputs
/// input devices:
///   generic ft5x06 (79) at /dev/input/event0
///     touches: swipes, taps (multitouch, 10 contacts)
///   button@11 at /dev/input/event1
///     keys: KEY_NEXTSONG next; other keys wake
///   rotary@11 at /dev/input/event2
///     encoder REL_X: next / previous
///   vc4-hdmi at /dev/input/event3
///     not used: it reports no touches, keys, switches or encoder steps
/// ```
public struct InputReport: Sendable, CustomStringConvertible {
    /// One device node and what became of it.
    public struct Entry: Sendable {
        /// The node.
        public let path: String
        /// What the device can do, or why it could not be read.
        public let device: Result<InputDeviceDescription, InputDeviceError>
        /// Whether the configuration selects it.
        public let isSelected: Bool
    }

    /// The directory listed.
    public let directory: String
    /// Every `eventN` node, in number order.
    public let entries: [Entry]
    /// The key map the uses are given under.
    public let keyMap: KeyMap

    /// Opens each node under `directory` long enough to read what it can do.
    public static func scan(
        directory: String = "/dev/input", configuration: InputConfiguration = InputConfiguration()
    ) -> InputReport {
        let entries = InputDevices.nodes(in: directory).map { path in
            let device = Result { () throws(InputDeviceError) in
                try EvdevDevice(path: path).description
            }
            let selected = (try? device.get()).map {
                configuration.devices.selects(
                    $0, namedPaths: InputDevices.realPaths(configuration.devices))
            }
            return Entry(path: path, device: device, isSelected: selected ?? false)
        }
        return InputReport(directory: directory, entries: entries, keyMap: configuration.keyMap)
    }

    /// The listing shown by `nightstand inputs`.
    public var description: String {
        var lines = ["input devices:"]
        if entries.isEmpty {
            lines.append(
                "  none under \(directory) (a touchscreen's or a button's driver is not loaded; "
                    + "on a Pi: dtoverlay=vc4-kms-dsi-7inch, dtoverlay=gpio-key,… in config.txt)")
        }
        for entry in entries {
            switch entry.device {
            case .failure(let error):
                lines.append("  \(error)")
            case .success(let device):
                lines.append("  \(device.name) at \(entry.path)")
                let uses = InputDeviceUse.lines(for: device, keyMap: keyMap)
                if uses.isEmpty {
                    lines.append(
                        "    not used: it reports no touches, keys, switches or encoder steps")
                } else if !entry.isSelected {
                    lines.append("    not used: [input] devices does not name it")
                } else {
                    lines += uses.map { "    \($0)" }
                }
            }
        }
        return lines.joined(separator: "\n")
    }
}
