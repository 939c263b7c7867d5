import FoundationEssentials
import SystemSupport

/// Why the backlight could not be found, read or set: the path and the fix.
public enum BacklightError: Error, Equatable, CustomStringConvertible {
    /// The named backlight does not exist; `available` lists those that do.
    case notFound(name: String, available: [String])
    /// This user may not write the file: the udev rule is not installed.
    case permissionDenied(path: String)
    /// Reading or writing failed for another reason.
    case ioFailed(path: String, reason: String)
    /// A file held something other than the expected integer.
    case badValue(path: String, contents: String, expected: String)

    /// The error for a failed sysfs call.
    init(_ failure: SysfsFailure) {
        self =
            failure.isPermission
            ? .permissionDenied(path: failure.path)
            : .ioFailed(path: failure.path, reason: failure.reason)
    }

    /// A sentence for the log; a permission error names the udev rule that fixes it.
    public var description: String {
        switch self {
        case .notFound(let name, let available):
            let found = available.isEmpty ? "none present" : available.joined(separator: ", ")
            return "backlight: no backlight named '\(name)' under /sys/class/backlight (\(found))"
        case .permissionDenied(let path):
            return "backlight: permission denied on \(path): install the udev rule "
                + "\(Backlight.udevRule) (sudo cp \(Backlight.udevRule) /etc/udev/rules.d/ && "
                + "sudo udevadm trigger --subsystem-match=backlight) and add the user to the "
                + "'video' group"
        case .ioFailed(let path, let reason):
            return "backlight: \(path): \(reason)"
        case .badValue(let path, let contents, let expected):
            let shown = contents.trimmingWhitespace()
            return "backlight: \(path) holds \"\(shown)\"; expected \(expected)"
        }
    }
}
