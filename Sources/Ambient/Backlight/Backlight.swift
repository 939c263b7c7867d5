import FoundationEssentials
import SystemSupport

/// A panel backlight under `/sys/class/backlight`, set per appearance.
///
/// `brightness` takes 0…`max_brightness`; `bl_power` (where the driver has it) powers the
/// light down for `off` (4, `FB_BLANK_POWERDOWN`) and up again (0, `FB_BLANK_UNBLANK`).
/// Writing needs the udev rule in `systemd/90-nightstand-backlight.rules`; a permission error
/// says so.
///
/// ```swift
/// if let backlight = try Backlight.find(named: nil) {
///     try backlight.set(percent: 40)   // dim
///     try backlight.set(percent: nil)  // off
/// } else {
///     // No backlight (HDMI): the host dims pixels instead.
/// }
/// ```
public struct Backlight: Sendable, Equatable, CustomStringConvertible {
    /// The device name (`10-0045`, `intel_backlight`, a `pwm-backlight` device's).
    public let name: String
    /// The device directory, such as `/sys/class/backlight/10-0045`.
    public let path: String
    /// The largest `brightness` value.
    public let maxBrightness: Int

    /// The udev rule, relative to the repository, that lets the `video` group write
    /// `brightness` and `bl_power`.
    public static let udevRule = "systemd/90-nightstand-backlight.rules"

    /// The backlight named `name`, or when `name` is nil the preferred one present.
    ///
    /// Preferred is the one attached to a panel (``BacklightAttachment``: a panel's device
    /// tree names it, or it belongs to a DRM connector), then firmware before platform before
    /// raw interfaces (the kernel's advice in `Documentation/ABI/stable/sysfs-class-backlight`),
    /// then by name: no fixed name is assumed. Nil when there is no backlight at all and none
    /// was named.
    ///
    /// - Throws: ``BacklightError/notFound(name:available:)`` when the named one is missing;
    ///   a read error when its `max_brightness` cannot be read.
    public static func find(named name: String?, sysfsRoot: String = "/sys")
        throws(BacklightError) -> Backlight?
    {
        let directories = self.directories(sysfsRoot: sysfsRoot)
        guard let name else {
            guard let first = directories.first else { return nil }
            return try Backlight(path: first)
        }
        guard let match = directories.first(where: { $0.hasSuffix("/" + name) }) else {
            throw .notFound(
                name: name,
                available: directories.map { String($0.split(separator: "/").last ?? "") })
        }
        return try Backlight(path: match)
    }

    /// The backlight directories under `sysfsRoot`, in order of preference: attached to a
    /// panel first, then by type and name.
    public static func directories(sysfsRoot: String = "/sys") -> [String] {
        let base = sysfsRoot + "/class/backlight"
        let entries = SysfsFile.entries(of: base)
        let attachment = entries.isEmpty ? nil : BacklightAttachment(sysfsRoot: sysfsRoot)
        func rank(_ entry: String) -> Int {
            let byType =
                switch (try? SysfsFile.read("\(base)/\(entry)/type").get())?
                    .trimmingWhitespace()
                {
                case "firmware": 0
                case "platform": 1
                case "raw": 2
                default: 3
                }
            return attachment?.isAttached("\(base)/\(entry)") == true ? byType : byType + 4
        }
        return entries.map { (rank($0), $0) }
            .sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
            .map { "\(base)/\($0.1)" }
    }

    /// The backlight at directory `path`.
    ///
    /// - Throws: when `max_brightness` is unreadable or not a positive integer.
    public init(path: String) throws(BacklightError) {
        self.path = path
        self.name = String(path.split(separator: "/").last ?? "")
        self.maxBrightness = try Self.integer(path + "/max_brightness")
        guard maxBrightness > 0 else {
            throw .badValue(
                path: path + "/max_brightness", contents: "\(maxBrightness)",
                expected: "a positive integer")
        }
    }

    /// The current `brightness` value.
    public func brightness() throws(BacklightError) -> Int {
        try Self.integer(path + "/brightness")
    }

    /// Whether this process may write `brightness` (and `bl_power`, where present).
    public var isWritable: Bool {
        SysfsFile.isWritable(path + "/brightness")
            && (!hasPowerControl || SysfsFile.isWritable(path + "/bl_power"))
    }

    /// Whether the driver has `bl_power`.
    public var hasPowerControl: Bool { SysfsFile.exists(path + "/bl_power") }

    /// The `brightness` value for `percent` of `max_brightness`, rounded, and at least 1 for any
    /// percent above 0 (so a low night level never switches the light off by rounding).
    public func level(percent: Double) -> Int {
        let level = Int((Double(maxBrightness) * min(max(percent, 0), 100) / 100).rounded())
        return percent > 0 ? max(level, 1) : level
    }

    /// Sets `percent` of the maximum brightness, powering the light up first if it was off; nil
    /// powers it down (`bl_power` 4, or `brightness` 0 where the driver has no `bl_power`).
    ///
    /// - Throws: ``BacklightError/permissionDenied(path:)`` naming the udev rule to install.
    public func set(percent: Double?) throws(BacklightError) {
        guard let percent else {
            if hasPowerControl {
                try write("4", to: "bl_power")
            } else {
                try write("0", to: "brightness")
            }
            return
        }
        if hasPowerControl,
            (try? SysfsFile.read(path + "/bl_power").get())?
                .trimmingWhitespace() != "0"
        {
            try write("0", to: "bl_power")
        }
        try write("\(level(percent: percent))", to: "brightness")
    }

    /// `10-0045 (/sys/class/backlight/10-0045, max 255)`.
    public var description: String { "\(name) (\(path), max \(maxBrightness))" }

    private func write(_ value: String, to attribute: String) throws(BacklightError) {
        if case .failure(let failure) = SysfsFile.write(value + "\n", to: path + "/" + attribute) {
            throw BacklightError(failure)
        }
    }

    private static func integer(_ file: String) throws(BacklightError) -> Int {
        switch SysfsFile.read(file) {
        case .failure(let failure):
            throw BacklightError(failure)
        case .success(let text):
            guard let value = Int(text.trimmingWhitespace()) else {
                throw .badValue(path: file, contents: text, expected: "an integer")
            }
            return value
        }
    }
}
