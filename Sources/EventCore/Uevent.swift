/// One device event from the kernel: what happened to which device of which subsystem.
///
/// The kernel sends it over netlink as `ACTION@DEVPATH` followed by `KEY=value` lines, each
/// ending in a NUL byte (`Documentation/ABI/testing/sysfs-uevent`):
///
/// ```
/// add@/devices/platform/soc/i2c-1/1-0023/iio:device0\0ACTION=add\0DEVPATH=…\0SUBSYSTEM=iio\0…
/// ```
public struct Uevent: Sendable, Equatable {
    /// `add`, `remove`, `change`, `move`, `bind`, `unbind`, `online` or `offline`.
    public let action: String
    /// The device's path under `/sys`: `/devices/…/iio:device0`.
    public let devicePath: String
    /// The device's subsystem: `iio`, `input`, `backlight`, `drm`.
    public let subsystem: String
    /// Every `KEY=value` of the message (`DEVNAME`, `SEQNUM`, …).
    public let properties: [String: String]

    /// Reads a kernel message; nil for anything else (libudev's own format starts with
    /// `libudev`, and carries no `ACTION@` header).
    public init?(message bytes: some Collection<UInt8>) {
        let fields = bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        guard let header = fields.first, let at = header.firstIndex(of: "@") else { return nil }
        var properties: [String: String] = [:]
        for field in fields.dropFirst() {
            guard let equals = field.firstIndex(of: "=") else { continue }
            properties[String(field[..<equals])] = String(field[field.index(after: equals)...])
        }
        let action = properties["ACTION"] ?? String(header[..<at])
        guard let subsystem = properties["SUBSYSTEM"], !action.isEmpty else { return nil }
        self.action = action
        devicePath = properties["DEVPATH"] ?? String(header[header.index(after: at)...])
        self.subsystem = subsystem
        self.properties = properties
    }
}
